"""Phases 1 and 2: dealing and programming the registers (RR-DEAL, RR-PROG)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...contract import Action, Decision
from ...speech import gettext
from ..state import REGISTERS, Factory, Robot
from .cards import (
    ALL_CARDS,
    KIND,
    MOVE_1,
    ROTATE_LEFT,
    ROTATE_RIGHT,
    STEPS,
    TURNS,
    card_words,
    cards_in,
)


def pairing(robot: Robot, move: int, rotate: int) -> str | None:
    """The option that lets these two cards share a register (RR-OPT-08 #6,
    #8, RR-OPT-09), or None. A robot holding both takes a Move 1 with a
    left or right turn as Crab Legs' sidestep (PROJECT DESIGN: the one
    pairing the two options share reads as the sidestep)."""
    kind, turn_kind = KIND[move], KIND[rotate]
    if kind not in STEPS or turn_kind not in TURNS:
        return None
    crab = kind == MOVE_1 and turn_kind in (ROTATE_LEFT, ROTATE_RIGHT)
    if crab and "Crab Legs" in robot.options:
        return "Crab Legs"
    if "Dual Processor" in robot.options:
        return "Dual Processor"
    return None


def deal(f: Factory) -> None:
    """RR-DEAL-01..03: every card but the locked ones and those held on a
    Flywheel (RR-OPT-08 #11), shuffled; whole hands in dock order."""
    kept = {
        card
        for robot in f.robots
        for register, entry in enumerate(robot.registers, start=1)
        if robot.locked(register)
        for card in cards_in(entry)
    }
    kept |= {r.flywheel for r in f.robots if r.flywheel is not None}
    f.deck = f.chance.shuffle([c for c in ALL_CARDS if c not in kept])
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
    locked = {str(r): robot.registers[r - 1] for r in robot.locked_registers()}
    words = [card_words(c) for c in robot.hand]  # for the hand and the prompt
    held = zip(robot.hand, words, strict=True)
    hand = [{"card": c, "kind": KIND[c], "words": w} for c, w in held]
    options = {
        "hand": hand,
        "open_registers": robot.open_registers(),
        "locked_registers": locked,
        "placed": list(robot.placed),
        "timer": robot.timer,
        "timer_seconds": f.config["program_timer_seconds"],
        "power_down_next": robot.power_down_next,
        "pairs": [o for o in ("Crab Legs", "Dual Processor") if o in robot.options],
        "conditional": "Conditional Program" in robot.options,
        "flywheel": "Flywheel" in robot.options and robot.flywheel is None,
        "recompile": "Recompile" in robot.options and not robot.recompiled,
    }
    cards = ", ".join(words)
    prompt = gettext("Program your registers from your hand: %(cards)s.") % {"cards": cards}
    return Decision(
        robot.seat,
        "program",
        prompt,
        options,
        default=Action("timeout") if robot.timer else None,
    )


def program_problem(
    robot: Robot, registers: Any, *, partial: bool, params: Mapping | None = None
) -> str | None:
    """Why a program (or a provisional placement) is illegal (RR-DEC-01)."""
    if not isinstance(registers, list) or len(registers) != REGISTERS:
        return gettext("a program lists the five registers")
    used = []
    for number, entry in enumerate(registers, start=1):
        if robot.locked(number):
            if entry is not None:
                return gettext("register %(number)d is locked") % {"number": number}
            continue
        if entry is None:
            if partial:
                continue
            return gettext("register %(number)d needs a card") % {"number": number}
        cards = entry if isinstance(entry, list) else [entry]
        if len(cards) == 2:
            if any(isinstance(c, bool) or not isinstance(c, int) or c not in KIND for c in cards):
                return gettext("register %(number)d holds no card") % {"number": number}
            if pairing(robot, *cards) is None:  # RR-OPT-08 #6, #8
                return gettext("register %(number)d cannot hold two cards") % {"number": number}
        elif len(cards) != 1:
            return gettext("register %(number)d holds one card") % {"number": number}
        for card in cards:
            if isinstance(card, bool) or not isinstance(card, int):
                return gettext("register %(number)d holds no card") % {"number": number}
            if card not in robot.hand:
                return gettext("card %(card)d is not in your hand") % {"card": card}
            if card in used:
                return gettext("card %(card)d is used twice") % {"card": card}
            used.append(card)
    for field_, option in (("conditional", "Conditional Program"), ("flywheel", "Flywheel")):
        card = (params or {}).get(field_)
        if card is None:
            continue
        if partial or option not in robot.options:
            return gettext("you hold no %(option)s") % {"option": option}
        if field_ == "flywheel" and robot.flywheel is not None:
            return gettext("your %(option)s already holds a card") % {"option": option}
        if isinstance(card, bool) or card not in robot.hand or card in used:
            return gettext("only a card left in your hand can go on %(option)s") % {
                "option": option
            }
        used.append(card)
    return None


def program_submit(
    f: Factory, robot: Robot, registers: list, *, by_timeout: bool, params: Mapping | None = None
) -> None:
    """RR-PROG-03, -04: the program is final, the rest of the hand goes face
    up, but for a card put face down on Conditional Program or the Flywheel
    (RR-OPT-08 #5, #11)."""
    for number, entry in enumerate(registers, start=1):
        if not robot.locked(number):
            robot.registers[number - 1] = list(entry) if isinstance(entry, list) else entry
    used = {c for entry in registers for c in cards_in(entry)}
    kept = {}
    for field_ in ("conditional", "flywheel"):
        card = (params or {}).get(field_)
        if card is not None:
            kept[field_] = card
            setattr(robot, field_, card)
            used.add(card)
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
        private={"registers": program, **kept},
    )


def recompile(f: Factory, robot: Robot) -> None:
    """Recompile (RR-OPT-08 #22): the whole hand discarded, a new one of
    the same size drawn; the damage comes when phase 2 ends."""
    size = len(robot.hand)
    f.discard.extend(robot.hand)
    robot.hand = []
    for _ in range(size):
        card = f.draw()
        if card is not None:
            robot.hand.append(card)
    robot.recompiled = True
    robot.placed = [None] * REGISTERS
    f.emit("recompiled", robot.seat, private={"cards": robot.hand[:]})


def timeout_fill(f: Factory, robot: Robot) -> None:
    """RR-PROG-07: placements stay; the rest of the hand, shuffled, fills the
    empty open registers in order; the leftover is discarded."""
    placed = list(robot.placed)
    on = {c for entry in placed for c in cards_in(entry)}
    rest = f.chance.shuffle(sorted(c for c in robot.hand if c not in on))
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
    elif action.kind == "recompile":
        recompile(f, robot)
    else:
        program_submit(f, robot, list(params["registers"]), by_timeout=False, params=params)


def program_actions_problem(robot: Robot, action: Action) -> str | None:
    """RR-DEC-01, -02: what a programming robot may do, and why not."""
    params = action.params
    if action.kind == "timeout":
        return None if robot.timer else gettext("your timer has not started")
    if action.kind == "recompile":
        if "Recompile" not in robot.options:
            return gettext("you hold no %(option)s") % {"option": "Recompile"}
        return gettext("you have recompiled this turn") if robot.recompiled else None
    partial = action.kind == "place"
    return program_problem(robot, params.get("registers"), partial=partial, params=params)
