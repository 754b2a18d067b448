"""RoboRally's rules by concept, one module a concept (RR-…): the program
cards, the course and its loading, damage, the board elements, lasers,
movement, programming, the registers, re-entry, option cards and weapons;
and the log lines the rules write themselves (lines.py).

A rule is a function over the race's state (`state.Factory`: the floor,
the robots, the decks, the log), which carries the race's chance
(`Factory.chance`, chance.py) and its emitter (`Factory.emit`, which appends
an event to the log). A rule that waits for a decision is a generator
(`state.Flow`) that yields the decisions and receives the answers; flow.py
drives it. No module here knows the Race object (race.py) or the flow.
This package imports none of its modules, so importing one of them pulls
in nothing else.
"""
