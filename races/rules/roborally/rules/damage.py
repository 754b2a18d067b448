"""Damage, locked registers, destruction and lives (RR-DMG, RR-LOCK,
RR-DESTR, RR-LIFE, RR-PD-06)."""

from __future__ import annotations

from ..state import REGISTERS, Factory, Flow, Robot
from .cards import cards_in
from .option_cards import destruction_discard, options_discard, prevention

DESTROYED_AT = 10  # RR-DMG-03


def damage_deal(
    f: Factory,
    robot: Robot,
    amount: int,
    source: str,
    by: str | None = None,
    side: str | None = None,
) -> Flow:
    """RR-DMG-04: options prevent what they can (items 1-3), then the points
    one at a time, the lock table after each (RR-LOCK-01, RR-PD-06),
    destroyed at 10 with the rest dropped (item 4). A generator: it yields
    the decisions it needs (races/rules/roborally/flow.py)."""
    if amount <= 0 or not robot.on_board:
        return
    amount = yield from prevention(f, robot, amount, side)
    if amount <= 0:
        return
    applied, newly, filled = 0, [], []
    for _ in range(amount):
        robot.damage += 1
        applied += 1
        register = 10 - robot.damage  # the register this point locks, if any
        if 1 <= register <= REGISTERS:
            newly.append(register)
            if robot.powered_down and robot.registers[register - 1] is None:
                card = f.draw()  # RR-PD-06: filled face up from the top of the deck
                robot.registers[register - 1] = card
                robot.shown.add(register)
                filled.append((register, card))
        if robot.damage >= DESTROYED_AT:
            break
    data = {"amount": applied, "source": source, "new_damage": robot.damage}
    data["registers_newly_locked"] = newly
    if by is not None:
        data["by"] = by
    f.emit("damage_taken", robot.seat, **data)
    if robot.damage >= DESTROYED_AT:
        # RR-EVT-05: robot_destroyed follows the damage_taken that reaches 10
        # at once; the registers this hit locked are in its
        # registers_newly_locked, and every lock ends with the destruction
        yield from destroy(f, robot, "damage")
        return
    for register in newly:
        card = robot.registers[register - 1]
        if (register, card) in filled:
            f.emit("locked_register_filled", robot.seat, locked=register, card=card)
        else:
            f.emit("register_locked", robot.seat, locked=register, card=card)


def repair(f: Factory, robot: Robot) -> None:
    """One point off (RR-CLEAN-02); registers that unlock give up their
    cards to the discard pile at once (RR-CLEAN-03, RR-LOCK-02)."""
    if robot.damage <= 0:
        return
    before = robot.damage
    robot.damage -= 1
    f.emit("repaired", robot.seat, before=before, after=robot.damage)
    unlock(f, robot, before)


def unlock(
    f: Factory, robot: Robot, before: int, logged: bool = True
) -> tuple[list[int], list[int]]:
    """Discard the cards of the registers locked at `before` damage and not
    now; the registers unlocked and the cards discarded. With `logged` False
    the caller's own event lists them (damage_cleared, RR-EVT-02)."""
    freed, registers = [], []
    for register in range(1, REGISTERS + 1):
        if before >= 10 - register and not robot.locked(register):
            card = robot.registers[register - 1]
            if card is not None:
                f.discard.extend(cards_in(card))
                robot.registers[register - 1] = None
                freed.extend(cards_in(card))
            robot.shown.discard(register)
            registers.append(register)
            if logged:
                f.emit("register_unlocked", robot.seat, locked=register, card=card)
    return registers, freed


def destroy(f: Factory, robot: Robot, cause: str) -> Flow:
    """RR-DESTR-02: off the board, numbered, a life lost, an option
    discarded, damage and locks gone, the power-down announcement void; the
    last life eliminates (RR-LIFE-01)."""
    square = robot.square
    robot.square = None
    robot.destroyed = True
    robot.destroyed_this_turn = True
    f.destructions += 1
    robot.destruction_number = f.destructions
    robot.destructions += 1
    f.emit(
        "robot_destroyed",
        robot.seat,
        cause=cause,
        square=list(square),
        destruction_number=robot.destruction_number,
    )
    robot.lives -= 1
    f.emit("life_lost", robot.seat, lives_left=robot.lives)
    yield from destruction_discard(f, robot)
    robot.damage = 0
    robot.extra_locks = {}  # all locks end, extra locks too
    robot.power_down_next = False
    if robot.lives <= 0:
        robot.eliminated = True
        robot.eliminated_at = (f.turn, f.register or 0, f.step)
        f.emit("robot_eliminated", robot.seat)
        options_discard(f, robot, list(robot.options), "eliminated")


def on_pit_or_off(f: Factory, robot: Robot) -> str | None:
    """The cause of destruction where the robot stands, if any (RR-DESTR-01)."""
    if robot.square is None:
        return None
    if not f.course.on_course(robot.square):
        return "off_course"
    if f.course.is_pit(robot.square):
        return "pit"
    return None
