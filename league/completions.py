"""A season in progress as plain data, and what any completion of it would
give: the shared ground of league/clinch.py (exact) and league/odds.py
(simulated). The season's real scoring (league/scoring.py) prices every
completed round, so drop rounds, penalties and countback apply as they do
in the standings.

A completion gives every remaining round a finishing order of the whole
field (every car finishes), and, where the round has a qualifying session
that scores, a qualifying order.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from league import scoring


@dataclass(frozen=True)
class RoundToCome:
    number: int
    multiplier: int = 1  # a double-points finale is 2
    qualifying: bool = False  # a qualifying session whose places score


@dataclass(frozen=True)
class SeasonSoFar:
    table: scoring.PointsTable
    drivers: tuple[Hashable, ...]
    scores: Mapping[Hashable, tuple[scoring.RoundScore, ...]]
    held: tuple[int, ...]
    to_come: tuple[RoundToCome, ...]
    penalties: Mapping[Hashable, int] = field(default_factory=dict)
    teams: Mapping[Hashable, tuple[Hashable, ...]] = field(default_factory=dict)

    @property
    def field_size(self) -> int:
        return len(self.drivers)

    def race_points(self, position: int, rnd: RoundToCome) -> int:
        points = scoring.race_points(self.table, position=position, status=scoring.FINISHED)
        return points * rnd.multiplier

    def qualifying_points(self, position: int, rnd: RoundToCome) -> int:
        if not rnd.qualifying:
            return 0
        points = scoring.qualifying_points(self.table, position=position, status=scoring.FINISHED)
        return points * rnd.multiplier

    @property
    def all_rounds(self) -> list[int]:
        return sorted({*self.held, *(r.number for r in self.to_come)})


def scores_with(
    season: SeasonSoFar,
    races: Sequence[Sequence[Hashable]],
    qualifyings: Sequence[Sequence[Hashable] | None] | None = None,
    *,
    only: set | None = None,
) -> dict[Hashable, list[scoring.RoundScore]]:
    """Every driver's round scores after a completion: `races[i]` is the
    finishing order of `season.to_come[i]`, `qualifyings[i]` its qualifying
    order (None: as the race). `only` limits the drivers computed."""
    keys = season.drivers if only is None else [k for k in season.drivers if k in only]
    out = {k: list(season.scores.get(k, ())) for k in keys}
    for index, rnd in enumerate(season.to_come):
        order = races[index]
        quali = qualifyings[index] if qualifyings and qualifyings[index] is not None else order
        for place, key in enumerate(order, start=1):
            if key in out:
                out[key].append(
                    scoring.RoundScore(rnd.number, season.race_points(place, rnd), place)
                )
        if rnd.qualifying:
            for place, key in enumerate(quali, start=1):
                if key in out:
                    points = season.qualifying_points(place, rnd)
                    out[key].append(scoring.RoundScore(rnd.number, points, None))
    return out


def standings_after(
    season: SeasonSoFar,
    races: Sequence[Sequence[Hashable]],
    qualifyings: Sequence[Sequence[Hashable] | None] | None = None,
) -> list[scoring.StandingLine]:
    """The final driver standings of a completion, by the season's scoring."""
    scores = scores_with(season, races, qualifyings)
    return scoring.driver_standings(
        season.table, scores, held=season.all_rounds, penalties=season.penalties
    )


def team_standings_after(
    season: SeasonSoFar, drivers: list[scoring.StandingLine]
) -> list[scoring.StandingLine]:
    by_key = {line.key: line for line in drivers}
    return scoring.team_standings(season.table, season.teams, by_key, held=season.all_rounds)


def pair_beats(season: SeasonSoFar, scores: Mapping, first: Hashable, second: Hashable) -> bool:
    """Whether `first` ranks strictly ahead of `second` with these scores."""
    lines = scoring.driver_standings(
        season.table,
        {first: scores[first], second: scores[second]},
        held=season.all_rounds,
        penalties={k: v for k, v in season.penalties.items() if k in (first, second)},
    )
    ranks = {line.key: line.rank for line in lines}
    return ranks[first] < ranks[second]
