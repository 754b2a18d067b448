"""Step D: board and robot lasers, all at once (RR-LASER-01..05)."""

from __future__ import annotations

from .course import turn
from .damage import damage_deal
from .state import Factory, Flow, Robot


def _robot_shot(f: Factory, robot: Robot, direction: str):
    """One robot laser along the line of sight (RR-LASER-03); logged."""
    path, target = [], None
    for square in f.course.sight(robot.square, direction):
        path.append(list(square))
        target = f.at(square)
        if target is not None:
            break
    f.emit(
        "laser_fired",
        robot.seat,
        source=robot.seat,
        direction=direction,
        path=path,
        target=target.seat if target else None,
        beams=1,
    )
    return target


def lasers_fire(f: Factory) -> Flow:
    hits = []
    for laser in f.course.lasers:  # RR-LASER-02, emitters in row-major order
        start = (laser["x"], laser["y"])
        path, target = [], None
        for square in [start, *f.course.sight(start, laser["dir"])]:
            path.append(list(square))
            target = f.at(square)
            if target is not None:
                break
        f.emit(
            "laser_fired",
            None,
            source=list(start),
            direction=laser["dir"],
            path=path,
            target=target.seat if target else None,
            beams=laser["count"],
        )
        if target is not None:
            hits.append((target, laser["count"], "board_laser", None))
    for robot in f.robots:  # RR-LASER-03, shooters in dock order: main, then rear
        if not robot.active:
            continue
        target = _robot_shot(f, robot, robot.facing)
        if target is not None:  # Double-Barreled Laser: 2 per main-laser hit
            amount = 2 if "Double-Barreled Laser" in robot.options else 1
            hits.append((target, amount, "robot_laser", robot.seat))
        if "Rear-Firing Laser" in robot.options:  # RR-OPT-08 #21, mods do not apply
            target = _robot_shot(f, robot, turn(robot.facing, 2))
            if target is not None:
                hits.append((target, 1, "robot_laser", robot.seat))
    for target, amount, source, by in hits:  # RR-LASER-05
        yield from damage_deal(f, target, amount, source, by=by)
