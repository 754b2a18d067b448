"""Formula D's rules by concept (spec: shared/rules/formula_d.md).

Each module holds one concept of the rules, called by the session's flow
(flow.py). A rule takes what it needs of:

    rs      the race state (state.RaceState)
    chance  the race's dice (chance.py): `chance.roll(die)`, `chance.shuffle(items)`
    emit    the emitter, `emit(type, seat, **data)`, which appends an event to the log

and returns values. A rule that needs a player's choice is a generator that
yields `(decision, check)` (or a list of them, for several seats at once) and
is sent the action (or a dict seat -> action), as flow.py describes. Nothing
here imports the package's `__init__`, the Race (race.py) or the flow.
"""
