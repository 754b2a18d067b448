"""The finishing order and its figures (RR-RANK-01..05, RR-OUT-01..03)."""

from __future__ import annotations

from ..contract import Placing, RaceResult
from ..face.capabilities import ELIMINATED, FINISHED, NOT_FINISHED
from ..log import log_hash
from .rules.course import manhattan
from .state import Factory, Robot


def distance_to_next_flag(f: Factory, robot: Robot) -> int | None:
    """RR-RANK-03 key 2: from the robot's square, or its archive when destroyed."""
    if robot.finished_at or robot.eliminated or robot.flags >= len(f.course.flags):
        return None
    where = robot.square if robot.on_board else robot.archive
    return manhattan(where, f.course.flags[robot.flags])


def _status(robot: Robot) -> str:
    if robot.finished_at:
        return FINISHED
    return ELIMINATED if robot.eliminated else NOT_FINISHED


def ranking(f: Factory) -> list[Robot]:
    finished = sorted(
        (r for r in f.robots if r.finished_at),
        key=lambda r: (r.finish_priority is None, -(r.finish_priority or 0), r.dock),
    )  # RR-RANK-02
    racing = sorted(
        (r for r in f.robots if not r.finished_at and not r.eliminated),
        key=lambda r: (
            -r.flags,
            distance_to_next_flag(f, r),
            r.last_flag_at or (0, 0) if r.flags else (0, 0),
            -r.lives,
            r.damage,
            r.dock,
        ),
    )  # RR-RANK-03
    out = sorted(
        (r for r in f.robots if r.eliminated),
        key=lambda r: (
            -r.eliminated_at[0],
            -r.eliminated_at[1],
            -r.flags,
            -r.destruction_number,
            r.dock,
        ),
    )  # RR-RANK-04
    return finished + racing + out


def figures(f: Factory, robot: Robot) -> dict:
    """RR-OUT-02."""
    return {
        "flags_touched": robot.flags,
        "flags_total": len(f.course.flags),
        "distance_to_next_flag": distance_to_next_flag(f, robot),
        "lives_left": robot.lives,
        "damage": robot.damage,
        "destructions": robot.destructions,
        "finished_at": list(robot.finished_at) if robot.finished_at else None,
        "eliminated_at": list(robot.eliminated_at) if robot.eliminated_at else None,
        "dock": robot.dock,
    }


def race_result(f: Factory, seed) -> RaceResult:
    """`laps` carries the flags touched; `distance` the robots ranked below
    (a race has no distance of its own), so an order that sorts a status
    group by distance keeps RR-RANK's order (eliminated robots by the
    moment they went out, RR-RANK-04, not by flags)."""
    ranked = ranking(f)
    order = tuple(
        Placing(
            seat=robot.seat,
            position=position,
            status=_status(robot),
            laps=robot.flags,
            distance=len(ranked) - position,
            figures=figures(f, robot),
        )
        for position, robot in enumerate(ranked, start=1)
    )
    return RaceResult(
        game="roborally",
        order=order,
        rounds=f.turn,
        log_sha256=log_hash(f.events),
        details={
            "winner": f.winner,
            "end_reason": f.ended,
            "turns_played": f.turn,
            "seed": seed,
        },
    )
