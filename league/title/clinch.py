"""Who can still win the title: exact, over every completion of the season.

Plain functions over plain data (league/title/completions.py); the season's own
scoring decides every comparison, so drop rounds, multipliers, bonus points,
penalties and countback apply as in the standings.

A completion (league/title/completions.py) lets any car finish anywhere, earn the
round's bonus points, or not finish: a car that does not start (or is
disqualified) scores nothing, earns no bonus and counts no place on
countback, which is the least a car can take from a round. A car's best
round is the win, pole and every bonus.

The reasoning, for a driver X; each step rests on one fact: a better
result never makes a car's own standing worse (more points, more places on
countback, a better latest result), and two drivers' order depends on their
own results only.

- X has **clinched** when X stays ahead of each rival Y in the completion
  worst for X against Y: Y wins everything with every bonus, X does not
  start. That completion exists, so the test is exact.
- X **can still win** when X, winning everything with every bonus, stays
  ahead of each rival who does not start again: all of that is one
  completion, so nothing can do better for X against everyone at once.
  Otherwise X is **out**.
- X's **best place**: one plus the rivals ahead even then (exact, the same
  completion).
- X's **worst place**: X does not start again, listed last. Rivals ahead
  of X even when they do not start either are always ahead; of the others,
  the contenders who pass X when they win everything, as many as can be
  put ahead at once: they share out the first places (league/
  clinch_places.py). A search that runs out of its budget leaves the worst
  place a bound (`exact` false): the most a count of points allows.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from league.scoring import tables as scoring
from league.title.completions import SeasonSoFar
from league.title.places import DriverRecords, most_ahead

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
    if not season.to_come:
        lines = scoring.driver_standings(
            season.table,
            {k: list(season.scores.get(k, ())) for k in season.drivers},
            held=season.all_rounds,
            penalties=season.penalties,
        )
        return {
            line.key: Outlook(line.key, CHAMPION if line.rank == 1 else OUT, line.rank, line.rank)
            for line in lines
        }
    records = DriverRecords(season)
    n = season.field_size
    most = {k: records.key(records.placed(k, 1)) for k in season.drivers}
    # Not starting: last of all (n) for X, just above X (n - 1) for a rival.
    least = {k: records.key(records.absent(k, n)) for k in season.drivers}
    above = {k: records.key(records.absent(k, n - 1)) for k in season.drivers}
    out = {}
    for key in season.drivers:
        rivals = [k for k in season.drivers if k != key]
        clinched = all(least[key] < most[other] for other in rivals)
        ahead_of_best = sum(least[other] < most[key] for other in rivals)
        always = [other for other in rivals if above[other] < least[key]]
        contenders = [other for other in rivals if other not in always and most[other] < least[key]]
        put, exact = most_ahead(records, least[key], contenders)
        state = CHAMPION if clinched else CAN_WIN if ahead_of_best == 0 else OUT
        best = 1 if clinched else 1 + ahead_of_best
        worst = 1 if clinched else 1 + len(always) + put
        out[key] = Outlook(key, state, best, worst, exact=exact)
    return out
