"""A season's standings kept round by round (issue 27, item 5).

Everything a round gives the tables depends on that round's rows alone: its
sessions are stewarded and scored together (the bonuses read qualifying and
race), and what a driver or a team takes from it is a few numbers. So a
stored session scores its own round (`round_parts`), the numbers replace that
round's in what is kept, and the tables are ranked again from the kept
numbers (`standings_combine`): the cost of a store is the round and the
entries, never the whole season. Over every round's parts the tables are
exactly `championship()`'s (tests/league/test_round_parts.py and the
property test in tests/races/test_standings_side_by_side.py check it).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from league.scoring.championship import PenaltyRow, ResultRow, ScoredRow, rows_score
from league.scoring.tables import (
    _ABSENT,
    FINISHED,
    PointsTable,
    RoundScore,
    StandingLine,
    driver_standings,
    points_value,
    rank,
    team_round_points,
)


@dataclass(frozen=True)
class DriverRound:
    """What one car took from one round: its points (every session), its
    race place for the latest-round tie-break, its classified race place
    for countback (None when not classified), and the team it drove for."""

    points: Decimal
    latest: int | None = None
    place: int | None = None
    team: Hashable | None = None

    def plain(self) -> list:
        return [str(self.points), self.latest, self.place, self.team]

    @classmethod
    def of(cls, data: list) -> DriverRound:
        return _driver_round(data[0], data[1], data[2], data[3])


@dataclass(frozen=True)
class TeamRound:
    """What one team took from one round: its points (all cars or the best
    N), its best race place, and its cars' classified race places."""

    points: Decimal
    latest: int | None = None
    places: tuple[int, ...] = ()

    def plain(self) -> list:
        return [str(self.points), self.latest, list(self.places)]

    @classmethod
    def of(cls, data: list) -> TeamRound:
        return _team_round(data[0], data[1], tuple(data[2]))


# A store reads back every round's part of every car and team (issue 27,
# item 5), and parts repeat all season (the same points, places and team):
# each is made once. They are frozen, so one can stand for all its equals.
@lru_cache(maxsize=8192)
def _driver_round(points: str, latest: int | None, place: int | None, team) -> DriverRound:
    return DriverRound(Decimal(points), latest, place, team)


@lru_cache(maxsize=4096)
def _team_round(points: str, latest: int | None, places: tuple[int, ...]) -> TeamRound:
    return TeamRound(Decimal(points), latest, places)


@dataclass
class RoundParts:
    scored: list[ScoredRow]
    drivers: dict[Hashable, DriverRound]
    teams: dict[Hashable, TeamRound]


def round_parts(
    table: PointsTable, rows: Iterable[ResultRow], penalties: Iterable[PenaltyRow] = ()
) -> RoundParts:
    """One round's rows (every session of it) stewarded and scored, and what
    each car and team takes from it."""
    scored = rows_score(table, rows, penalties)
    points: dict[Hashable, Decimal] = defaultdict(Decimal)
    latest: dict[Hashable, int] = {}
    place: dict[Hashable, int] = {}
    team_of: dict[Hashable, Hashable] = {}
    cars: dict[Hashable, dict] = defaultdict(dict)
    team_latest: dict[Hashable, int] = {}
    team_places: dict[Hashable, list[int]] = defaultdict(list)
    for s in scored:
        row = s.row
        points[row.entry] += s.points
        if row.main_race:
            latest[row.entry] = s.position
            if s.status == FINISHED:
                place[row.entry] = s.position
        if row.team is None:
            continue
        team_of[row.entry] = row.team
        cars[row.team][row.entry] = cars[row.team].get(row.entry, Decimal(0)) + s.points
        if row.main_race:
            team_latest[row.team] = min(team_latest.get(row.team, _ABSENT), s.position)
            if s.status == FINISHED:
                team_places[row.team].append(s.position)
    drivers = {
        entry: DriverRound(total, latest.get(entry), place.get(entry), team_of.get(entry))
        for entry, total in points.items()
    }
    teams = {
        team: TeamRound(
            points_value(team_round_points(table, by_car.values())),
            team_latest.get(team),
            tuple(sorted(team_places[team])),
        )
        for team, by_car in cars.items()
    }
    return RoundParts(scored, drivers, teams)


def standings_combine(
    table: PointsTable,
    drivers: Mapping[Hashable, Mapping[int, DriverRound]],
    teams: Mapping[Hashable, Mapping[int, TeamRound]],
    *,
    penalties: Iterable[PenaltyRow] = (),
    entries: Iterable[Hashable] = (),
    team_keys: Iterable[Hashable] = (),
) -> tuple[list[StandingLine], list[StandingLine], list[int]]:
    """The ranked driver and team tables, and the rounds held, from every
    round's parts (as `championship()` ranks them from the rows)."""
    held = sorted({number for parts in drivers.values() for number in parts})
    scores: dict[Hashable, list[RoundScore]] = {entry: [] for entry in entries}
    for entry, parts in drivers.items():
        scores.setdefault(entry, []).extend(
            RoundScore(number, part.points, part.place, latest=part.latest)
            for number, part in sorted(parts.items())
        )
    driver_penalty: dict[Hashable, Decimal] = defaultdict(Decimal)
    team_penalty: dict[Hashable, Decimal] = defaultdict(Decimal)
    for p in penalties:
        if not p.points:
            continue
        if p.entry is not None:
            driver_penalty[p.entry] += points_value(p.points)
            part = drivers.get(p.entry, {}).get(p.round)
            team = part.team if part is not None and part.team is not None else p.team
            if team is not None:
                team_penalty[team] += points_value(p.points)
        elif p.team is not None:
            team_penalty[p.team] += points_value(p.points)
    driver_lines = driver_standings(table, scores, held=held, penalties=driver_penalty)
    team_lines = []
    for team in dict.fromkeys([*team_keys, *teams]):
        parts = teams.get(team, {})
        line = StandingLine(key=team, penalty=team_penalty.get(team, Decimal(0)))
        for number in held:
            part = parts.get(number)
            line.rounds[number] = part.points if part else team_round_points(table, ())
        line.positions = Counter(place for part in parts.values() for place in part.places)
        line.points = sum(line.rounds.values(), Decimal(0)) - line.penalty
        line.latest = tuple(
            parts[n].latest if n in parts and parts[n].latest is not None else _ABSENT
            for n in reversed(held)
        )
        team_lines.append(line)
    return driver_lines, rank(team_lines), held
