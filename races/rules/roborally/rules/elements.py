"""Step C: conveyors, pushers and gears (RR-ELEM, RR-CONV, RR-PUSHER, RR-GEAR)."""

from __future__ import annotations

from collections import Counter

from ..state import Factory, Flow
from .course import ahead, turn
from .damage import destroy, on_pit_or_off
from .movement import rotate, step

BELTS = ("conveyor", "express")


def conveyors(f: Factory, express_only: bool) -> Flow:
    """C1 (express only) or C2 (every belt): one simultaneous square (RR-CONV-02)."""
    kinds = ("express",) if express_only else BELTS
    floor = f.course.floor  # an off-course square has no floor, so no belt
    movers = [
        r
        for r in f.robots
        if r.square is not None and (spot := floor.get(r.square)) and spot["type"] in kinds
    ]
    if not movers:
        return
    target, blocked = {}, {}
    for robot in movers:
        d = f.course.floor[robot.square]["dir"]
        if f.course.wall(robot.square, d):
            blocked[robot.seat] = "wall"
        else:
            target[robot.seat] = ahead(robot.square, d)
    aims = Counter(target.values())
    where = {r.square: r.seat for r in movers}
    for seat, aim in target.items():
        if aims[aim] > 1:
            blocked[seat] = "conveyor_conflict"  # item 2: the same target
        other = where.get(aim)
        if other is not None and target.get(other) == f.robot(seat).square:
            blocked[seat] = "conveyor_conflict"  # item 3: a swap
    changed = True
    while changed:  # item 4, repeated until nothing changes
        changed = False
        for seat, aim in target.items():
            if seat in blocked:
                continue
            holder = f.at(aim)
            if holder is not None and (holder.seat not in target or holder.seat in blocked):
                blocked[seat] = "occupied"
                changed = True
    moving = [r for r in movers if r.seat not in blocked]
    for robot in movers:
        if robot.seat in blocked:
            d = f.course.floor[robot.square]["dir"]
            f.emit(
                "move_blocked",
                robot.seat,
                at=list(robot.square),
                direction=d,
                reason=blocked[robot.seat],
            )
    starts = {r.seat: r.square for r in moving}
    for robot in moving:
        robot.square = target[robot.seat]
    for robot in moving:
        frm = starts[robot.seat]
        m = f.course.floor[frm]["dir"]
        f.emit(
            "robot_moved",
            robot.seat,
            **{"from": list(frm), "to": list(robot.square), "facing": robot.facing,
               "cause": "conveyor"},
        )  # fmt: skip
        there = f.course.floor.get(robot.square)
        if there and there["type"] in BELTS and not robot.gyroscope:  # RR-CONV-05
            if there["dir"] == turn(m, 1):
                rotate(f, robot, 1, "conveyor")
            elif there["dir"] == turn(m, -1):
                rotate(f, robot, -1, "conveyor")
    for robot in moving:  # RR-CONV-06, dock order
        fall = on_pit_or_off(f, robot)
        if fall:
            yield from destroy(f, robot, fall)


def pushers(f: Factory, register: int) -> Flow:
    """C3: the robots on active pushers at its start, pushers in row-major
    order; a line is pushed, no push damage (RR-PUSHER-01, -02)."""
    active = [p for p in f.course.pushers if register in p["registers"]]
    recorded = [(p, f.at((p["x"], p["y"]))) for p in active]
    for pusher, robot in recorded:
        if robot is not None and robot.square == (pusher["x"], pusher["y"]):
            yield from step(f, robot, pusher["dir"], "pusher")


def gears(f: Factory) -> Flow:
    """C4 (RR-GEAR-01): turns only, it never waits for a decision."""
    floor = f.course.floor
    for robot in f.robots:
        spot = floor.get(robot.square) if robot.square is not None else None
        if spot and spot["type"] == "gear" and not robot.gyroscope:
            spin = spot["spin"]
            rotate(f, robot, 1 if spin == "cw" else -1, "gear")
    yield from ()
