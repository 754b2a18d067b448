"""Championship scoring: plain functions over plain data, no ORM.

A points table awards points per session; standings add them up per round,
drop each driver's worst rounds, take penalties off, and rank with the
tie-breaks: countback of finishing positions (most wins, then most seconds,
…), then the better result in the latest round, then earlier rounds; what is
still equal is a real tie and shares the rank.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

FINISHED, ELIMINATED, DID_NOT_START = "finished", "eliminated", "did_not_start"
_STATUS_ORDER = {FINISHED: 0, ELIMINATED: 1, DID_NOT_START: 2}
# A round a driver did not race in loses every latest-round comparison.
_ABSENT = 10_000


@dataclass(frozen=True)
class PointsTable:
    """The parts of a scoring system that turn results into points."""

    race_points: tuple[int, ...] = ()
    qualifying_points: tuple[int, ...] = ()
    source: str = "position"  # "position" | "figure"
    figure_key: str = ""
    eliminated_score: bool = True
    drop_worst: int = 0
    team_points: str = "sum"  # "sum" | "best_n"
    team_best_n: int = 2

    @classmethod
    def of(cls, system) -> PointsTable:
        return cls(
            race_points=tuple(system.race_points or ()),
            qualifying_points=tuple(system.qualifying_points or ()),
            source=system.source,
            figure_key=system.figure_key,
            eliminated_score=system.eliminated_score,
            drop_worst=system.drop_worst,
            team_points=system.team_points,
            team_best_n=system.team_best_n,
        )


def _by_position(table: Sequence[int], position: int) -> int:
    return table[position - 1] if 1 <= position <= len(table) else 0


def race_points(
    table: PointsTable, *, position: int, status: str, figures: Mapping | None = None
) -> int:
    if status == DID_NOT_START:
        return 0
    if table.source == "figure":
        value = (figures or {}).get(table.figure_key, 0)
        return int(value) if isinstance(value, (int, float)) else 0
    if status == ELIMINATED and not table.eliminated_score:
        return 0
    return _by_position(table.race_points, position)


def qualifying_points(table: PointsTable, *, position: int, status: str) -> int:
    if status != FINISHED:  # an unclassified qualifier scores nothing (FD-BGA-4)
        return 0
    return _by_position(table.qualifying_points, position)


@dataclass(frozen=True)
class Placing:
    key: Hashable
    status: str
    distance: int = 0
    position: int = 0  # the engine's own position, kept among finishers


def classify(placings: Iterable[Placing]) -> list[Placing]:
    """Finishers in their order, then eliminated cars by distance covered
    (further first), then cars that did not start; positions 1..n."""
    ordered = sorted(
        placings,
        key=lambda p: (
            _STATUS_ORDER[p.status],
            p.position if p.status == FINISHED else 0,
            -p.distance if p.status == ELIMINATED else 0,
            p.position,
        ),
    )
    return [
        Placing(p.key, p.status, p.distance, position=i) for i, p in enumerate(ordered, start=1)
    ]


@dataclass(frozen=True)
class RoundScore:
    """What one driver scored in one round: points from every session of the
    round, and the race finishing position (None without a race result)."""

    round: int
    points: int
    position: int | None = None


@dataclass
class StandingLine:
    key: Hashable
    points: int = 0
    penalty: int = 0
    rounds: dict[int, int] = field(default_factory=dict)
    dropped: list[int] = field(default_factory=list)
    positions: Counter = field(default_factory=Counter)
    latest: tuple[int, ...] = ()
    rank: int = 0


def _dropped_rounds(rounds: dict[int, int], held: Sequence[int], drop: int) -> list[int]:
    if drop <= 0 or drop >= len(held):
        return []
    # Worst points first; of equal rounds the earlier one is dropped.
    worst = sorted(held, key=lambda n: (rounds.get(n, 0), n))[:drop]
    return sorted(worst)


def _rank(lines: list[StandingLine]) -> list[StandingLine]:
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
    penalties: Mapping[Hashable, int] | None = None,
) -> list[StandingLine]:
    """Rank every driver in `scores` over the rounds `held` (round numbers
    with results stored)."""
    penalties = penalties or {}
    held = sorted(held)
    lines = []
    for key, round_scores in scores.items():
        line = StandingLine(key=key, penalty=penalties.get(key, 0))
        finishing = {}
        for score in round_scores:
            line.rounds[score.round] = line.rounds.get(score.round, 0) + score.points
            if score.position is not None:
                finishing[score.round] = score.position
                line.positions[score.position] += 1
        line.dropped = _dropped_rounds(line.rounds, held, table.drop_worst)
        kept = sum(p for n, p in line.rounds.items() if n not in line.dropped)
        line.points = kept - line.penalty
        line.latest = tuple(finishing.get(n, _ABSENT) for n in reversed(held))
        lines.append(line)
    return _rank(lines)


def team_standings(
    table: PointsTable,
    members: Mapping[Hashable, Iterable[Hashable]],
    drivers: Mapping[Hashable, StandingLine],
    *,
    held: Sequence[int],
) -> list[StandingLine]:
    """Teams score each round the sum of their members' points, or the best
    N of them; members' penalties count against the team; teams drop no
    rounds. Ties: countback of the members' positions, then the team's best
    position in the latest round."""
    held = sorted(held)
    lines = []
    for team, keys in members.items():
        member_lines = [drivers[k] for k in keys if k in drivers]
        line = StandingLine(key=team)
        for number in held:
            points = sorted((m.rounds.get(number, 0) for m in member_lines), reverse=True)
            if table.team_points == "best_n":
                points = points[: table.team_best_n]
            line.rounds[number] = sum(points)
        for member in member_lines:
            line.positions.update(member.positions)
            line.penalty += member.penalty
        line.points = sum(line.rounds.values()) - line.penalty
        line.latest = tuple(
            min((m.latest[i] for m in member_lines), default=_ABSENT) for i in range(len(held))
        )
        lines.append(line)
    return _rank(lines)
