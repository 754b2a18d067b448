"""The building phase by ticks (GT-TBB-01..12; the steps are in steps.py)
and the structural check after it (GT-CHK-01..04)."""

from __future__ import annotations

from ...contract import Action
from ...speech import _
from ..chance import Chance, digest
from ..state import Ask, Emit, GameState
from .cards import CARDS
from .damage import keep_fragment
from .sand import SAFETY, sand_seconds, sand_turn
from .ship import Ship
from .steps import build_step, simultaneous_tick
from .tiles import START_CABIN_OF

SHIP_CLASS = {1: "I", 2: "II", 3: "III"}  # GT-SET-02
# GT-SET-07: cards per stack of each level, by round
PER_STACK = {1: {1: 2}, 2: {1: 1, 2: 2}, 3: {1: 1, 2: 1, 3: 2}}


def ship_class(state: GameState, number: int) -> str:
    if number == 3 and state.config["round3_class"] == "IIIa":
        return "IIIa"  # GT-VAR-02
    return SHIP_CLASS[number]


def round_setup(state: GameState, chance: Chance, emit: Emit, number: int) -> None:
    """GT-SET-04..07."""
    cls = ship_class(state, number)
    emit("round_started", None, round=number, ship_class=cls)
    for p in state.players:
        p.ship = Ship.of_class(cls, p.start_tile)
        p.pos, p.gave_up, p.token, p.finished_building = None, None, None, False
        p.peeked, p.card_credits, p.credits_before = {}, 0, p.credits
    pool = [t for t in range(1, 145) if t not in START_CABIN_OF.values()]
    chance.stream(f"tiles:{number}").shuffle(pool)
    state.face_down, state.face_up = pool, []
    emit("tile_pool_shuffled", None, count=len(pool), digest=digest(pool))
    stacks: list[list[str]] = [[], [], [], []]
    rng = chance.stream(f"stacks:{number}")
    for level, per in sorted(PER_STACK[number].items()):
        unused = sorted(
            c for c, card in CARDS.items() if card.level == level and c not in state.used
        )
        rng.shuffle(unused)
        chosen = unused[: 4 * per]
        for k in range(4):
            stacks[k].extend(chosen[k * per : (k + 1) * per])
    for stack in stacks:
        rng.shuffle(stack)
    state.stacks = stacks
    state.used.update(c for s in stacks for c in s)  # GT-SET-09
    emit("stacks_formed", None, stacks=[list(s) for s in stacks], visibility="server")


def building(state: GameState, emit: Emit, number: int):
    """GT-TBB-02/03: ticks until everybody finished or time is up."""
    size = state.config["ticks_per_run"]
    state.hourglass = {"pos": number, "ticks_left": size, "waiting": False, "waited": 0}
    if sand_seconds(state):  # real seconds: ticks are only the safety valve (sand.py)
        state.hourglass.update(ticks_left=SAFETY * size, runs=0)
    state.tokens_left = list(range(1, len(state.players) + 1))
    state.tick = 0
    n = len(state.players)
    while True:
        t = state.tick
        emit(
            "tick_started",
            None,
            tick=t,
            hourglass_pos=state.hourglass["pos"],
            ticks_left=state.hourglass["ticks_left"],
        )
        builders = [
            p
            for p in sorted(state.players, key=lambda p: (p.seat - t) % n)
            if not p.finished_building
        ]
        if state.config["build_mode"] == "simultaneous":
            yield from simultaneous_tick(state, emit, builders)  # GT-TBB-12
        else:
            for p in builders:  # GT-TBB-02: a builder finishes only in their own step
                yield from build_step(state, emit, p)
        ended = hourglass_turn(state, emit, size)
        if ended:
            building_ended(state, emit, ended)
            return
        state.tick += 1


def hourglass_turn(state: GameState, emit: Emit, size: int) -> str | None:
    """GT-TBB-03, at the end of a tick: why building ends, or None."""
    if sand_seconds(state):
        return sand_turn(state, emit, size)  # the runs in real seconds (sand.py)
    glass = state.hourglass
    anyone = any(p.finished_building for p in state.players)
    if all(p.finished_building for p in state.players):
        return "all_finished"
    if glass["waiting"]:
        glass["waited"] += 1
        if anyone or glass["waited"] == size:
            glass.update(pos=0, ticks_left=size, waiting=False)
            emit("hourglass_flipped", None, pos=0)
        return None
    glass["ticks_left"] -= 1
    if glass["ticks_left"] > 0:
        return None
    if glass["pos"] >= 2:
        glass.update(pos=glass["pos"] - 1, ticks_left=size)
        emit("hourglass_flipped", None, pos=glass["pos"])
    elif glass["pos"] == 1:
        if anyone:
            glass.update(pos=0, ticks_left=size)
            emit("hourglass_flipped", None, pos=0)
        else:
            glass.update(waiting=True, waited=0)
            emit("hourglass_waiting", None)
    else:
        return "time_up"
    return None


def building_ended(state: GameState, emit: Emit, reason: str) -> None:
    """GT-TBB-09/10: tokens for those still building, reserves forfeited."""
    n = len(state.players)
    late = sorted(
        (p for p in state.players if not p.finished_building),
        key=lambda p: (p.seat - (state.tick + 1)) % n,
    )
    for p in late:
        p.token = state.tokens_left.pop(0)
        p.finished_building = True
    emit("building_ended", None, reason=reason, tokens={p.id: p.token for p in state.players})
    for p in state.players:
        if p.ship.reserved:
            tiles = list(p.ship.reserved)
            p.ship.lost.extend(tiles)
            p.ship.reserved = []
            emit("reserve_forfeited", p.id, tiles=tiles)


# --- the structural check (GT-CHK) ------------------------------------------


def repair_problem(p, action: Action) -> str | None:
    tiles = action.params.get("tiles") if action.kind == "remove" else None
    if not isinstance(tiles, list):
        return _("Name the tiles to remove.")
    at = {placed.tile: cell for cell, placed in p.ship.cells.items()}
    if any(t not in at for t in tiles):
        return _("Name only tiles on your ship.")
    if p.start_tile in tiles:
        return _("The starting cabin cannot be removed.")
    twin = p.ship.copy()
    for t in tiles:
        twin.cells.pop(at[t])
    if twin.violations():
        return _("The ship would still break a building rule.")
    return None


def structural_check(state: GameState, emit: Emit):
    for p in sorted(state.players, key=lambda p: p.token):
        found = p.ship.violations()
        emit(
            "ship_checked",
            p.id,
            violations=[{"code": v["code"], "cells": [list(c) for c in v["cells"]]} for v in found],
        )
        if found:
            default = Action("remove", {"tiles": p.ship.default_repair()})
            options = {
                "violations": [
                    {"code": v["code"], "cells": [list(c) for c in v["cells"]]} for v in found
                ],
                "suggested": default.params["tiles"],
            }
            action = yield Ask(
                p.id,
                "repair",
                _("Remove the tiles that break the building rules."),
                options,
                [default],
                lambda a, p=p: repair_problem(p, a),
                default,
            )
            tiles = action.params["tiles"]
            at = {placed.tile: cell for cell, placed in p.ship.cells.items()}
            for t in tiles:
                p.ship.cells.pop(at[t])
            p.ship.lost.extend(tiles)
            emit("tiles_removed", p.id, tiles=list(tiles), reason="check")
        yield from keep_fragment(state, emit, p)
