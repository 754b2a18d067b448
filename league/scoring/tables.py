"""Championship scoring: plain functions over plain data, no ORM.

A points table awards points per session; standings add them up per round,
drop each driver's worst rounds, take penalties off, and rank with the
tie-breaks: countback of classified finishing positions (most wins, then
most seconds, …; a car that retired, was not classified, was disqualified or
did not start counts no place), then the better result in the latest round,
then earlier rounds; what is still equal is a real tie and shares the rank.

Points are Decimals (half points, a half-points round); a whole number stays
whole. The one entry point over a season's result rows is
league/scoring/championship.py's `championship`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache

FINISHED = "finished"
NOT_CLASSIFIED = "not_classified"
ELIMINATED = "eliminated"
DISQUALIFIED = "disqualified"
DID_NOT_START = "did_not_start"
DID_NOT_QUALIFY = "did_not_qualify"
STATUSES = (FINISHED, NOT_CLASSIFIED, ELIMINATED, DISQUALIFIED, DID_NOT_START, DID_NOT_QUALIFY)
# Cars that took no part in the race: no points, no bonus, no places to lose.
ABSENT_STATUSES = (DISQUALIFIED, DID_NOT_START, DID_NOT_QUALIFY)
# Classification: finishers, then cars out of the race (eliminated, not
# classified) by distance, then the disqualified, then cars that never
# started, then cars that did not qualify for the race.
# A status this module does not know (a future game's) counts as not classified.
_STATUS_ORDER = {
    FINISHED: 0,
    ELIMINATED: 1,
    NOT_CLASSIFIED: 1,
    DISQUALIFIED: 2,
    DID_NOT_START: 3,
    DID_NOT_QUALIFY: 4,
}
UNCLASSIFIED_SCORING = (ELIMINATED, NOT_CLASSIFIED)
# A round a driver did not race in loses every latest-round comparison.
_ABSENT = 10_000
CENT = Decimal("0.01")


def points_value(value) -> Decimal:
    """A points figure as an exact Decimal (JSON numbers arrive as int or float)."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, bool) or value is None:
        return Decimal(0)
    return Decimal(str(value))


def points_plain(value: Decimal) -> int | float:
    """A Decimal as JSON wants it: whole points as an int, else a float."""
    return _decimal_plain(points_value(value))


# A season's standings write every car's points of every round again at each
# store, and the same few values come back all season: each worked out once.
@lru_cache(maxsize=4096)
def _decimal_plain(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


@dataclass(frozen=True)
class PointsTable:
    """The parts of a scoring system that turn results into points."""

    race_points: tuple = ()
    qualifying_points: tuple = ()
    source: str = "position"  # "position" | "figure"
    figure_key: str = ""
    eliminated_score: bool = True  # cars not classified score their position's points
    drop_worst: int = 0
    team_points: str = "sum"  # "sum" | "best_n"
    team_best_n: int = 2
    bonus: Mapping[str, object] = field(default_factory=dict)  # see championship.BONUSES

    @classmethod
    def of(cls, system) -> PointsTable:
        return cls(
            race_points=tuple(points_value(p) for p in system.race_points or ()),
            qualifying_points=tuple(points_value(p) for p in system.qualifying_points or ()),
            source=system.source,
            figure_key=system.figure_key,
            eliminated_score=system.eliminated_score,
            drop_worst=system.drop_worst,
            team_points=system.team_points,
            team_best_n=system.team_best_n,
            bonus=dict(system.bonus or {}),
        )


def _by_position(table: Sequence, position: int):
    return table[position - 1] if 1 <= position <= len(table) else 0


def race_points(table: PointsTable, *, position: int, status: str, figures: Mapping | None = None):
    if status in ABSENT_STATUSES:
        return 0
    if table.source == "figure":
        value = (figures or {}).get(table.figure_key, 0)
        if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
            return 0
        return points_value(value)
    if status != FINISHED and not table.eliminated_score:
        return 0
    return _by_position(table.race_points, position)


def qualifying_points(table: PointsTable, *, position: int, status: str):
    if status != FINISHED:  # an unclassified qualifier scores nothing (FD-BGA-4)
        return 0
    return _by_position(table.qualifying_points, position)


@dataclass(frozen=True)
class Placing:
    key: Hashable
    status: str
    distance: int = 0
    position: int = 0  # the engine's (or the hand-entered) position


def classify(placings: Iterable[Placing]) -> list[Placing]:
    """Finishers, then cars out of the race (any status a game reports for a
    car that did not finish, such as one still racing when the game ends), then the
    disqualified, then cars that did not start; positions 1..n. Within each
    group the engine's (or the hand-entered) order stands: the engine has
    already applied its game's tie-breaks. Only lines without a position
    fall back on the distance covered."""
    ordered = sorted(
        placings,
        key=lambda p: (
            _STATUS_ORDER.get(p.status, 1),
            p.position if p.position else _ABSENT,
            -p.distance,
        ),
    )
    return [
        Placing(p.key, p.status, p.distance, position=i) for i, p in enumerate(ordered, start=1)
    ]


@dataclass(frozen=True)
class RoundScore:
    """What one driver scored in one round: points from every session of the
    round, and the race finishing position (None without a race result, or
    when the car was not classified: countback counts classified places only)."""

    round: int
    points: object
    position: int | None = None
    latest: int | None = None  # the position the latest-round tie-break compares


@dataclass
class StandingLine:
    key: Hashable
    points: object = 0
    penalty: object = 0
    rounds: dict = field(default_factory=dict)
    dropped: list[int] = field(default_factory=list)
    positions: Counter = field(default_factory=Counter)
    latest: tuple[int, ...] = ()
    rank: int = 0


def _dropped_rounds(rounds: dict, held: Sequence[int], drop: int) -> list[int]:
    if drop <= 0 or drop >= len(held):
        return []
    # Worst points first; of equal rounds the earlier one is dropped.
    worst = sorted(held, key=lambda n: (rounds.get(n, 0), n))[:drop]
    return sorted(worst)


def rank(lines: list[StandingLine]) -> list[StandingLine]:
    """Order by points, countback of classified places, then the latest
    rounds; lines equal on all of them share a rank."""
    most_places = max((max(ln.positions, default=0) for ln in lines), default=0)

    def key(line: StandingLine):
        countback = tuple(-line.positions.get(p, 0) for p in range(1, most_places + 1))
        return (-line.points, countback, line.latest)

    lines.sort(key=lambda ln: (key(ln), str(ln.key)))
    previous = None
    for index, line in enumerate(lines, start=1):
        this = key(line)
        line.rank = previous[1] if previous and previous[0] == this else index
        previous = (this, line.rank)
    return lines


def driver_standings(
    table: PointsTable,
    scores: Mapping[Hashable, Iterable[RoundScore]],
    *,
    held: Sequence[int],
    penalties: Mapping[Hashable, object] | None = None,
) -> list[StandingLine]:
    """Rank every driver in `scores` over the rounds `held` (round numbers
    with results stored)."""
    penalties = penalties or {}
    held = sorted(held)
    lines = []
    for key, round_scores in scores.items():
        line = StandingLine(key=key, penalty=penalties.get(key, 0))
        latest = {}
        for score in round_scores:
            line.rounds[score.round] = line.rounds.get(score.round, 0) + score.points
            if score.position is not None:
                line.positions[score.position] += 1
            compare = score.latest if score.latest is not None else score.position
            if compare is not None:
                latest[score.round] = compare
        line.dropped = _dropped_rounds(line.rounds, held, table.drop_worst)
        kept = sum((p for n, p in line.rounds.items() if n not in line.dropped), 0)
        line.points = kept - line.penalty
        line.latest = tuple(latest.get(n, _ABSENT) for n in reversed(held))
        lines.append(line)
    return rank(lines)


def team_round_points(table: PointsTable, points: Iterable) -> object:
    """A team's points in one round from its cars' points: all of them, or
    the best N."""
    ordered = sorted(points, reverse=True)
    if table.team_points == "best_n":
        ordered = ordered[: table.team_best_n]
    return sum(ordered, 0)


def team_standings(
    table: PointsTable,
    members: Mapping[Hashable, Iterable[Hashable]],
    drivers: Mapping[Hashable, StandingLine],
    *,
    held: Sequence[int],
) -> list[StandingLine]:
    """Teams whose members drove for them all season: each round the sum of
    the members' points, or the best N of them; members' penalties count
    against the team; teams drop no rounds. (A season where drivers change
    team goes through league/scoring/championship.py, which scores each round for
    the team the car drove for.)"""
    held = sorted(held)
    lines = []
    for team, keys in members.items():
        member_lines = [drivers[k] for k in keys if k in drivers]
        line = StandingLine(key=team)
        for number in held:
            line.rounds[number] = team_round_points(
                table, (m.rounds.get(number, 0) for m in member_lines)
            )
        for member in member_lines:
            line.positions.update(member.positions)
            line.penalty += member.penalty
        line.points = sum(line.rounds.values(), 0) - line.penalty
        line.latest = tuple(
            min((m.latest[i] for m in member_lines), default=_ABSENT) for i in range(len(held))
        )
        lines.append(line)
    return rank(lines)
