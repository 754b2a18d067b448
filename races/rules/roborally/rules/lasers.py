"""Step D: board and robot lasers, all at once (RR-LASER-01..05)."""

from __future__ import annotations

from ..state import Factory, Flow, Robot
from .course import ahead, turn
from .damage import damage_deal
from .weapons import FIRE_CONTROL, MAIN, weapon_choice, weapon_effect, weapon_used


def _robots_at(f: Factory) -> dict:
    """Each occupied square's robot, the first in dock order (as `f.at`
    finds it): no robot moves while the lasers fire."""
    out: dict = {}
    for robot in f.robots:
        if robot.square is not None:
            out.setdefault(robot.square, robot)
    return out


def _robot_shot(
    f: Factory, robot: Robot, direction: str, robots_at: dict, pierce: int = 0
) -> list[Robot]:
    """One robot laser along the line of sight (RR-LASER-03), logged; with
    High-Power Laser it passes through one obstacle, a walled edge or a
    robot, hitting a robot it passes through (RR-OPT-08 #14)."""
    path, targets, here = [], [], robot.square
    pierced = False
    if not pierce:  # the plain laser: the line of sight to the first robot
        for square in f.course.sight(here, direction):
            path.append(list(square))
            target = robots_at.get(square)
            if target is not None:
                targets.append(target)
                break
    else:  # High-Power Laser, step by step
        while True:
            if f.course.wall(here, direction):
                if not pierce:
                    break
                pierce, pierced = pierce - 1, True
            here = ahead(here, direction)
            if not f.course.on_course(here):
                break
            path.append(list(here))
            target = robots_at.get(here)
            if target is not None:
                targets.append(target)
                if not pierce:
                    break
                pierce, pierced = pierce - 1, True
    if pierced:  # RR-EVT-05: the option is logged before the shot it changes
        f.emit("option_used", robot.seat, option="High-Power Laser", details={})
    f.emit(
        "laser_fired",
        robot.seat,
        source=robot.seat,
        direction=direction,
        path=path,
        target=targets[0].seat if targets else None,
        beams=1,
        **({"targets": [t.seat for t in targets]} if len(targets) > 1 else {}),
    )
    return targets


def lasers_fire(f: Factory) -> Flow:
    hits = []
    robots_at = _robots_at(f)
    for laser in f.course.lasers:  # RR-LASER-02, emitters in row-major order
        start = (laser["x"], laser["y"])
        path, target = [], None
        for square in (start, *f.course.sight(start, laser["dir"])):
            path.append(list(square))
            target = robots_at.get(square)
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
            hits.append((target, laser["count"], "board_laser", None, turn(laser["dir"], 2)))
    effects = []  # non-damage weapon effects, after all damage (RR-LASER-05)
    for robot in f.robots:  # RR-LASER-03, shooters in dock order: main, then rear
        if not robot.active:
            continue
        pierce = 1 if "High-Power Laser" in robot.options else 0
        amount = 2 if "Double-Barreled Laser" in robot.options else 1  # per main-laser hit
        back = turn(robot.facing, 2)
        targets = _robot_shot(f, robot, robot.facing, robots_at, pierce)
        choice = (yield from weapon_choice(f, robot, targets[0])) if targets else MAIN
        weapon = choice["weapon"]
        if weapon != "main":  # RR-OPT-10: chosen before any damage, and logged then
            weapon_used(f, robot, choice, targets[0])
        if weapon == FIRE_CONTROL:  # the main laser fires; its first hit does no damage
            effects.append((robot, choice, targets[0]))
            targets = targets[1:]
        elif weapon != "main":  # instead of the main laser, at the first target
            effects.append((robot, choice, targets[0]))
            if weapon == "Mini Howitzer":
                hits.append((targets[0], 1, "mini_howitzer", robot.seat, back))
            targets = []
        for target in targets:  # the nearer first
            hits.append((target, amount, "robot_laser", robot.seat, back))
        if "Rear-Firing Laser" in robot.options:  # RR-OPT-08 #21, mods do not apply
            f.emit("option_used", robot.seat, option="Rear-Firing Laser", details={})
            for target in _robot_shot(f, robot, back, robots_at):
                hits.append((target, 1, "robot_laser", robot.seat, robot.facing))
    for target, amount, source, by, side in hits:  # RR-LASER-05
        yield from damage_deal(f, target, amount, source, by=by, side=side)
    for robot, choice, target in effects:  # shooters in dock order (RR-LASER-05)
        yield from weapon_effect(f, robot, choice, target)
