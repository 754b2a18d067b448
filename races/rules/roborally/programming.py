"""Phases 1 and 2: dealing and programming the registers (RR-DEAL, RR-PROG)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import Action, Decision
from .cards import ALL_CARDS, KIND, card_words
from .state import REGISTERS, Factory, Robot


def deal(f: Factory) -> None:
    """RR-DEAL-01..03: every card but the locked ones, shuffled; whole hands
    in dock order."""
    locked = {
        card
        for robot in f.robots
        for register, card in enumerate(robot.registers, start=1)
        if card is not None and robot.locked(register)
    }
    f.deck = f.chance.shuffle([c for c in ALL_CARDS if c not in locked])
    f.discard = []
    for robot in f.robots:
        robot.hand = []
    f.emit_shuffle()
    for robot in f.robots:
        if not robot.active:
            continue
        size = max(0, 9 - robot.damage) + ("Extra Memory" in robot.options)  # RR-DEAL-02
        robot.hand, f.deck = f.deck[:size], f.deck[size:]
        f.emit("cards_dealt", robot.seat, count=len(robot.hand), private={"cards": robot.hand[:]})


def program_decision(f: Factory, robot: Robot) -> Decision:
    """The whole programming choice, so a panel can be drawn from it: the
    hand, the open and locked registers, the provisional placement and,
    once the timer runs, the random fill as the default (RR-PROG-05..07)."""
    locked = {
        str(r): robot.registers[r - 1]
        for r in range(1, REGISTERS + 1)
        if robot.locked(r)
    }  # fmt: skip
    options = {
        "hand": [{"card": c, "kind": KIND[c], "words": card_words(c)} for c in robot.hand],
        "open_registers": robot.open_registers(),
        "locked_registers": locked,
        "placed": list(robot.placed),
        "timer": robot.timer,
        "timer_seconds": f.config["program_timer_seconds"],
        "power_down_next": robot.power_down_next,
    }
    cards = ", ".join(card_words(c) for c in robot.hand)
    prompt = f"Program your registers from your hand: {cards}."
    return Decision(
        robot.seat,
        "program",
        prompt,
        options,
        default=Action("timeout") if robot.timer else None,
    )


def program_problem(robot: Robot, registers: Any, *, partial: bool) -> str | None:
    """Why a program (or a provisional placement) is illegal (RR-DEC-01)."""
    if not isinstance(registers, list) or len(registers) != REGISTERS:
        return "a program lists the five registers"
    used = []
    for number, card in enumerate(registers, start=1):
        if robot.locked(number):
            if card is not None:
                return f"register {number} is locked"
            continue
        if card is None:
            if partial:
                continue
            return f"register {number} needs a card"
        if isinstance(card, bool) or not isinstance(card, int):
            return f"register {number} holds no card"
        if card not in robot.hand:
            return f"card {card} is not in your hand"
        if card in used:
            return f"card {card} is used twice"
        used.append(card)
    return None


def program_submit(f: Factory, robot: Robot, registers: list, *, by_timeout: bool) -> None:
    """RR-PROG-03, -04: the program is final, the rest of the hand goes face up."""
    for number, card in enumerate(registers, start=1):
        if not robot.locked(number):
            robot.registers[number - 1] = card
    used = set(c for c in registers if c is not None)
    leftover = [c for c in robot.hand if c not in used]
    f.discard.extend(leftover)
    robot.hand = []
    robot.submitted = True
    program = [robot.registers[i] for i in range(REGISTERS)]
    f.emit(
        "program_submitted",
        robot.seat,
        timeout=by_timeout,
        leftover=leftover,
        private={"registers": program},
    )


def timeout_fill(f: Factory, robot: Robot) -> None:
    """RR-PROG-07: placements stay; the rest of the hand, shuffled, fills the
    empty open registers in order; the leftover is discarded."""
    placed = list(robot.placed)
    rest = f.chance.shuffle(sorted(c for c in robot.hand if c not in placed))
    filled, cards = [], []
    for number in robot.open_registers():
        if placed[number - 1] is None and rest:
            placed[number - 1] = rest.pop(0)
            filled.append(number)
            cards.append(placed[number - 1])
    f.emit("program_autofilled", robot.seat, filled=filled, private={"cards": cards})
    program_submit(f, robot, placed, by_timeout=True)


def program_apply(f: Factory, robot: Robot, action: Action) -> None:
    params: Mapping[str, Any] = action.params
    if action.kind == "place":
        robot.placed = list(params["registers"])
    elif action.kind == "timeout":
        timeout_fill(f, robot)
    else:
        program_submit(f, robot, list(params["registers"]), by_timeout=False)
