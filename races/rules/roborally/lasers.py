"""Step D: board and robot lasers, all at once (RR-LASER-01..05)."""

from __future__ import annotations

from .damage import damage_deal
from .state import Factory


def lasers_fire(f: Factory) -> None:
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
    for robot in f.robots:  # RR-LASER-03, shooters in dock order
        if not robot.active:
            continue
        path, target = [], None
        for square in f.course.sight(robot.square, robot.facing):
            path.append(list(square))
            target = f.at(square)
            if target is not None:
                break
        f.emit(
            "laser_fired",
            robot.seat,
            source=robot.seat,
            direction=robot.facing,
            path=path,
            target=target.seat if target else None,
            beams=1,
        )
        if target is not None:
            hits.append((target, 1, "robot_laser", robot.seat))
    for target, amount, source, by in hits:  # RR-LASER-05
        damage_deal(f, target, amount, source, by=by)
