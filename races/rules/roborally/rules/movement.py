"""Step B: program cards, single steps and pushing (RR-MOVE, RR-PUSH)."""

from __future__ import annotations

from ..state import Factory, Flow, Robot
from .cards import KIND, STEPS, TURNS, U_TURN, cards_in
from .course import ahead, turn
from .damage import damage_deal, destroy, on_pit_or_off
from .option_cards import move_choice
from .programming import pairing


def rotate(f: Factory, robot: Robot, quarters: int, cause: str) -> None:
    before = robot.facing
    robot.facing = turn(before, quarters)
    f.emit("robot_rotated", robot.seat, **{"from": before, "to": robot.facing, "cause": cause})


def card_run(f: Factory, robot: Robot, entry) -> Flow:
    """RR-DECK-03, RR-MOVE-03..05: turns are never blocked; a move is single
    steps, lost from the first blocked step or the robot's destruction. A
    register holding two cards runs them together (RR-OPT-09)."""
    cards = cards_in(entry)
    if len(cards) == 2:
        yield from pair_run(f, robot, *cards)
        return
    card = cards[0]
    kind = KIND[card]
    if kind in TURNS:
        rotate(f, robot, TURNS[kind], "card")
        return
    squares = yield from move_choice(f, robot, kind, STEPS[kind])
    d = robot.facing if STEPS[kind] > 0 else turn(robot.facing, 2)
    pushed: set[str] = set()
    for _ in range(abs(squares)):
        moved = yield from step(f, robot, d, "card", pushed)
        if not moved:
            return


def pair_run(f: Factory, robot: Robot, move: int, rotation: int) -> Flow:
    """Crab Legs (RR-OPT-08 #6): Move 1 with a left or right turn steps one
    square to that side without turning. Dual Processor (#8): the move one
    square short (two with a U-Turn, never below 0), then the turn. A robot
    that lost the option since programming runs the movement card alone
    (PROJECT DESIGN)."""
    option = pairing(robot, move, rotation)
    quarters = TURNS[KIND[rotation]]
    if option is None:
        yield from card_run(f, robot, move)
        return
    if option == "Crab Legs":
        f.emit("option_used", robot.seat, option=option,
               details={"side": "right" if quarters == 1 else "left"})  # fmt: skip
        yield from step(f, robot, turn(robot.facing, quarters), "card", set())
        return
    f.emit("option_used", robot.seat, option=option, details={"cards": [move, rotation]})
    printed = STEPS[KIND[move]]
    squares = max(0, abs(printed) - (2 if KIND[rotation] == U_TURN else 1))
    d = robot.facing if printed > 0 else turn(robot.facing, 2)
    pushed: set[str] = set()
    for _ in range(squares):
        if not (yield from step(f, robot, d, "card", pushed)):
            break
    if robot.on_board:
        rotate(f, robot, quarters, "card")


def ramming(f: Factory, mover: Robot, other: Robot) -> Flow:
    """Ramming Gear (RR-OPT-08 #20): when its robot pushes or bumps another
    with a card, or is pushed or bumped by one, the other robot takes 1."""
    if "Ramming Gear" in mover.options and other.on_board:
        f.emit("option_used", mover.seat, option="Ramming Gear", details={})
        yield from damage_deal(f, other, 1, "ramming_gear", by=mover.seat)
    if "Ramming Gear" in other.options and mover.on_board:
        f.emit("option_used", other.seat, option="Ramming Gear", details={})
        yield from damage_deal(f, mover, 1, "ramming_gear", by=other.seat)


def step(f: Factory, robot: Robot, d: str, cause: str, pushed: set[str] | None = None) -> Flow:
    """RR-MOVE-05: one step toward `d`, pushing the line ahead (RR-PUSH-01..04).
    Returns whether the robot moved and is still on the board."""
    start = robot.square
    if f.course.wall(start, d):
        f.emit("move_blocked", robot.seat, at=list(start), direction=d, reason="wall")
        return False
    line = []
    here = ahead(start, d)
    while (other := f.at(here)) is not None:
        line.append(other)
        here = ahead(here, d)
    if line and any(f.course.wall(other.square, d) for other in line):  # RR-PUSH-02
        f.emit("move_blocked", robot.seat, at=list(start), direction=d, reason="push_blocked")
        if cause == "card":
            yield from ramming(f, robot, line[0])  # a bump
        return False
    moved = [(robot, cause, start), *((other, "push", other.square) for other in line)]
    # a robot moved by a weapon moves with cause "weapon", the line it pushes "push"
    for mover, _, frm in moved:
        mover.square = ahead(frm, d)
    for mover, why, frm in moved:
        f.emit(
            "robot_moved",
            mover.seat,
            **{"from": list(frm), "to": list(mover.square), "facing": mover.facing, "cause": why},
        )
    for mover in [robot, *line]:  # RR-MOVE-05 item 4: mover first, then near to far
        fall = on_pit_or_off(f, mover)
        if fall:
            yield from destroy(f, mover, fall)
    if cause == "card" and line and line[0].on_board and robot.on_board:
        yield from ramming(f, robot, line[0])
    if cause == "card" and pushed is not None and f.config["push_damage"]:
        for other in line:  # RR-PUSH-06: once per card, not if destroyed
            if other.on_board and other.seat not in pushed:
                pushed.add(other.seat)
                yield from damage_deal(f, other, 1, "push", by=robot.seat, side=turn(d, 2))
    return robot.on_board
