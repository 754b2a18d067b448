"""Who can still win a title, drivers' or teams': exact, over every
completion of the season (league/title/completions.py), with one reasoning
for both, a driver being a team of one car (league/title/contest.py): the
season's own scoring decides every comparison, so drop rounds, multipliers,
bonus points, penalties and countback apply as in the standings.

A completion lets any car finish anywhere, earn the round's bonus points,
or not start: then it scores nothing (but what it carried into the round),
earns no bonus and counts no place on countback, the least a car can take
from a round. A contender's best round is its cars first, with the pole
and every bonus.

The reasoning, for a contender X; each step rests on one fact: a better
result for a car never makes its contender's standing worse (more points,
more places on countback, a better latest result), and two contenders'
order depends on their own cars only.

- X has **clinched** when X stays ahead of each rival Y in the completion
  worst for X against Y: Y's cars first everywhere with every bonus, X's
  cars not starting. That completion exists, so the test is exact.
- X's **best place**: X's cars first everywhere with every bonus, no other
  car starting: one completion, the best for X against everyone at once.
  One plus the rivals ahead even then; best place 1 is **can still win**,
  otherwise X is **out**.
- X's **worst place**: X's cars do not start again, listed last. Rivals
  ahead even when their cars do not start either (listed just above X's)
  are always ahead; of the others, the contenders who pass X when they take
  the first places, as many as can be put ahead at once (league/title/
  places.py). A search that runs out of its budget leaves the worst place a
  bound (`exact` false), which the standings page says.

With no round to come, the final table is the answer: its leaders are
champions, the others out.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from league.title.completions import SeasonSoFar
from league.title.contest import Contest
from league.title.places import PutAhead

CHAMPION, CAN_WIN, OUT = "champion", "can still win", "out"


@dataclass(frozen=True)
class Outlook:
    key: Hashable
    state: str  # CHAMPION, CAN_WIN or OUT
    best: int  # best reachable final place
    worst: int  # worst reachable final place
    exact: bool = True  # False: `worst` is a bound (the place search ran out of budget)
    # The title state is always settled now (pairwise, no search); odds stored
    # before may still say "undecided" with `proven` false, which the pages read.
    proven: bool = True


def driver_outlooks(season: SeasonSoFar) -> dict[Hashable, Outlook]:
    """Every driver's title state and reachable places."""
    return outlooks(Contest.drivers(season))


def team_outlooks(season: SeasonSoFar) -> dict[Hashable, Outlook]:
    """Every team's title state and reachable places."""
    if not season.teams and not season.team_records:
        return {}
    return outlooks(Contest.teams(season))


def outlooks(contest: Contest) -> dict[Hashable, Outlook]:
    """Every contender's title state and reachable places."""
    keys = {u: contest.key(u, contest.start[u]) for u in contest.units}
    if not contest.rounds:
        out = {}
        for unit in contest.units:
            rank = 1 + sum(keys[u] < keys[unit] for u in contest.units)
            out[unit] = Outlook(unit, CHAMPION if rank == 1 else OUT, rank, rank)
        return out
    most = {u: contest.key(u, contest.placed(u, contest.start[u])) for u in contest.units}
    least = {u: contest.absent(u) for u in contest.units}
    return {unit: _outlook(contest, unit, most, least) for unit in contest.units}


def _outlook(contest: Contest, unit, most: dict, least: dict) -> Outlook:
    rivals = [u for u in contest.units if u != unit]
    lowest = contest.key(unit, least[unit])
    if all(lowest < most[u] for u in rivals):
        return Outlook(unit, CHAMPION, 1, 1)
    ahead_of_best = sum(contest.key(u, least[u]) < most[unit] for u in rivals)
    sizes = contest.sizes(unit)
    always, contenders = 0, []
    for u in rivals:
        if contest.key(u, contest.absent(u, above=sizes)) < lowest:
            always += 1
        elif most[u] < lowest:
            contenders.append(u)
    put, exact = PutAhead(contest, unit, least[unit]).most(contenders)
    state = CAN_WIN if ahead_of_best == 0 else OUT
    return Outlook(unit, state, 1 + ahead_of_best, 1 + always + put, exact=exact)
