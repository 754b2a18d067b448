"""`greedy`'s option cards (issue 27): each choice an option offers is
taken where the bot's model of its own robot (solo.py, RR-BOT-04) says it
helps, scored as RR-BOT-05 scores a program. Programming: Recompile a hand
whose best program makes no progress, share a register (Crab Legs, Dual
Processor) when that scores better, keep the best spare card on the
Flywheel and on Conditional Program; step A: swap the Conditional Program
card in, Abort Switch and Gyroscopic Stabilizer when that scores better;
step D: a weapon where it hurts or slows a robot at least as far on as
itself. Deterministic: nothing but the view and the decision is read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...contract import Action, Decision
from ..rules.cards import KIND, KIND_ORDER, MOVE_1, ROTATE_LEFT, ROTATE_RIGHT, STEPS, TURNS
from ..rules.course import turn
from .solo import Solo

SITES = ("repair", "upgrade")
RECOMPILE_UP_TO = 4  # damage at most this: the point Recompile costs does not lock a register
YES, NO = {"answer": "yes"}, {"answer": "no"}


def score(solo: Solo, start: tuple, state: tuple) -> tuple:
    """RR-BOT-05's score of a state reached from `start`."""
    square, _, damage, flags, won = state
    alive = square is not None
    distance = 0 if won or not alive else solo.flag_distance(square, flags)
    site = alive and solo.kind.get(square) in SITES
    return (1 if won else 0, -(won or 0), alive, flags - start[3], -distance,
            -(damage - start[2]), site)  # fmt: skip


def kind_of(entry, held: list[str]) -> Any:
    """A register's kind for the model: a card's kind, None, or the
    (move, rotation, option) of a shared register."""
    if entry is None:
        return None
    if isinstance(entry, (list, tuple)):
        return (KIND[entry[0]], KIND[entry[1]], pairing(held, entry[0], entry[1]))
    return KIND[entry]


def program_kinds(me: Mapping[str, Any], cards: list) -> list:
    """The model's kinds of a program; a locked register keeps its card."""
    held = me["options"]
    return [
        kind_of(me["registers"][number] if entry is None else entry, held)
        for number, entry in enumerate(cards)
    ]


def run(solo: Solo, start: tuple, kinds: list, first: int = 1, steady: bool = False) -> tuple:
    state = start
    for number, kind in enumerate(kinds, start=first):
        state = solo.register(state, number, kind, steady)
    return score(solo, start, state)


def here(me: Mapping[str, Any]) -> tuple:
    return (tuple(me["square"]), me["facing"], me["damage"], me["flags"], 0)


def pairing(held: list[str], move: int, rotation: int) -> str | None:
    """The engine's pairing (programming.py): Crab Legs first."""
    if KIND[move] not in STEPS or KIND[rotation] not in TURNS:
        return None
    if KIND[move] == MOVE_1 and KIND[rotation] in (ROTATE_LEFT, ROTATE_RIGHT):
        if "Crab Legs" in held:
            return "Crab Legs"
    return "Dual Processor" if "Dual Processor" in held else None


def shared(solo: Solo, me: Mapping[str, Any], cards: list, spare: list[int]) -> list:
    """RR-OPT-08 #6, #8: the one pairing of a spare rotation card with a
    register's movement card that scores best, if better than none."""
    start = here(me)
    kinds = program_kinds(me, cards)
    best, found = run(solo, start, kinds), None
    for rotation in spare:
        for index, entry in enumerate(cards):
            if not isinstance(entry, int):
                continue
            option = pairing(me["options"], entry, rotation)
            if option is None:
                continue
            trial = list(kinds)
            trial[index] = (KIND[entry], KIND[rotation], option)
            value = run(solo, start, trial)
            if value > best:
                best, found = value, (index, [entry, rotation])
    if found is None:
        return cards
    out = list(cards)
    out[found[0]] = found[1]
    return out


def best_spare(spare: list[int]) -> int:
    """The spare card worth keeping: the first kind of KIND_ORDER, then the
    higher priority."""
    return min(spare, key=lambda c: (KIND_ORDER.index(KIND[c]), -c))


def program_extras(
    solo: Solo, me: Mapping[str, Any], decision: Decision, cards: list
) -> Action | dict:
    """After the search: Action("recompile"), or the program's parameters
    with any shared register and the cards kept face down."""
    options = decision.options
    start = here(me)
    if options.get("recompile") and me["damage"] <= RECOMPILE_UP_TO:
        value = run(solo, start, program_kinds(me, cards))
        if value[3] <= 0 and -value[4] >= solo.flag_distance(start[0], start[3]):
            return Action("recompile")
    used = {c for entry in cards for c in (entry if isinstance(entry, list) else [entry])}
    spare = [c for c in me["hand"] if c not in used]
    if options.get("pairs"):
        cards = shared(solo, me, cards, [c for c in spare if KIND[c] in TURNS])
        used = {c for entry in cards for c in (entry if isinstance(entry, list) else [entry])}
        spare = [c for c in spare if c not in used]
    params: dict = {"registers": cards}
    for field_ in ("flywheel", "conditional"):
        if options.get(field_) and spare:
            params[field_] = best_spare(spare)
            spare.remove(params[field_])
    return params


def registers_left(me: Mapping[str, Any], register: int) -> list:
    return [kind_of(entry, me["options"]) for entry in me["registers"][register - 1 :]]


def step_a(solo: Solo, me: Mapping[str, Any], decision: Decision, register: int) -> Action:
    """Conditional Program's swap, Abort Switch, Gyroscopic Stabilizer."""
    start = here(me)
    left = registers_left(me, register)
    if decision.kind == "gyroscope":
        steady = run(solo, start, left, register, steady=True) > run(solo, start, left, register)
        return Action("gyroscope", YES if steady else NO)
    if decision.kind == "conditional_swap":
        card = me.get("conditional")
        if card is None:
            return Action("conditional_swap", NO)
        swapped = [KIND[card], *left[1:]]
        better = run(solo, start, swapped, register) > run(solo, start, left, register)
        return Action("conditional_swap", YES if better else NO)
    # Abort Switch: new cards from the deck rather than a program that
    # destroys the robot or ends farther from its next flag than now
    value = run(solo, start, left, register)
    now = solo.flag_distance(start[0], start[3])
    give_up = not value[2] or (value[3] <= 0 and -value[4] > now)
    return Action("abort_switch", YES if give_up else NO)


def weapon(
    solo: Solo, view: Mapping[str, Any], me: Mapping[str, Any], decision: Decision
) -> Action:
    """RR-OPT-08 #10, #16, #18, #19, #24, #26: the Mini Howitzer whenever it
    adds to the main laser's one point; against a robot with at least as
    many flags, Radio Control, then a Scrambler while a register is left;
    a beam that moves the target farther from its next flag; Fire Control
    takes one of the target's options; otherwise the main laser."""
    options = decision.options
    held = options["weapons"]
    target = next(c for c in view["cars"] if c["seat"] == options["target"])
    if "Mini Howitzer" in held and "Double-Barreled Laser" not in me["options"]:
        return Action("weapon", {"weapon": "Mini Howitzer"})
    ahead_of_me = target["flags"] >= me["flags"]
    if "Radio Control" in held and ahead_of_me and (view["register"] or 5) < 5:
        return Action("weapon", {"weapon": "Radio Control"})
    if "Scrambler" in held and ahead_of_me and (view["register"] or 5) < 5:
        return Action("weapon", {"weapon": "Scrambler"})
    square, flags = tuple(target["square"]), target["flags"]
    for beam, d in (("Pressor Beam", me["facing"]), ("Tractor Beam", turn(me["facing"], 2))):
        if beam in held:
            moved = solo.walk(square, d)
            if moved is None or solo.flag_distance(moved, flags) > solo.flag_distance(
                square, flags
            ):
                return Action("weapon", {"weapon": beam})
    fire = options.get("fire_control")
    if "Fire Control" in held and fire and fire["options"]:
        return Action("weapon", {"weapon": "Fire Control", "option": fire["options"][0]})
    return Action("weapon", {"weapon": "main"})
