"""The building phase by ticks (GT-TBB-01..11, sequential mode) and the
structural check after it (GT-CHK-01..04)."""

from __future__ import annotations

from ..contract import Action
from .bots.building import best_placement
from .cards import CARDS
from .chance import digest
from .damage import keep_fragment
from .ship import Ship
from .state import PER_STACK, SHIP_CLASS, Ask, cell_of
from .tiles import START_CABIN_OF, TILES

HOURGLASS_WORDS = {3: "III", 2: "II", 1: "I", 0: "Start"}


def ship_class(g, number: int) -> str:
    if number == 3 and g.config["round3_class"] == "IIIa":
        return "IIIa"  # GT-VAR-02
    return SHIP_CLASS[number]


def round_setup(g, number: int) -> None:
    """GT-SET-04..07."""
    cls = ship_class(g, number)
    g.emit("round_started", None, round=number, ship_class=cls)
    for p in g.players:
        p.ship = Ship.of_class(cls, p.start_tile)
        p.pos, p.gave_up, p.token, p.finished_building = None, None, None, False
        p.peeked, p.card_credits, p.credits_before = {}, 0, p.credits
    pool = [t for t in range(1, 145) if t not in START_CABIN_OF.values()]
    g.chance.stream(f"tiles:{number}").shuffle(pool)
    g.face_down, g.face_up = pool, []
    g.emit("tile_pool_shuffled", None, count=len(pool), digest=digest(pool))
    stacks: list[list[str]] = [[], [], [], []]
    rng = g.chance.stream(f"stacks:{number}")
    for level, per in sorted(PER_STACK[number].items()):
        unused = sorted(c for c, card in CARDS.items() if card.level == level and c not in g.used)
        rng.shuffle(unused)
        chosen = unused[: 4 * per]
        for k in range(4):
            stacks[k].extend(chosen[k * per : (k + 1) * per])
    for stack in stacks:
        rng.shuffle(stack)
    g.stacks = stacks
    g.used.update(c for s in stacks for c in s)  # GT-SET-09
    g.emit("stacks_formed", None, stacks=[list(s) for s in stacks], visibility="server")


def building(g, number: int):
    """GT-TBB-02/03: ticks until everybody finished or time is up."""
    size = g.config["ticks_per_run"]
    g.hourglass = {"pos": number, "ticks_left": size, "waiting": False, "waited": 0}
    g.tokens_left = list(range(1, len(g.players) + 1))
    g.tick = 0
    n = len(g.players)
    while True:
        t = g.tick
        g.emit(
            "tick_started",
            None,
            tick=t,
            hourglass_pos=g.hourglass["pos"],
            ticks_left=g.hourglass["ticks_left"],
        )
        for p in sorted(g.players, key=lambda p: (p.seat - t) % n):
            if not p.finished_building:
                yield from build_step(g, p)
        ended = hourglass_turn(g, size)
        if ended:
            building_ended(g, ended)
            return
        g.tick += 1


def hourglass_turn(g, size: int) -> str | None:
    """GT-TBB-03, at the end of a tick: why building ends, or None."""
    glass = g.hourglass
    anyone = any(p.finished_building for p in g.players)
    if all(p.finished_building for p in g.players):
        return "all_finished"
    if glass["waiting"]:
        glass["waited"] += 1
        if anyone or glass["waited"] == size:
            glass.update(pos=0, ticks_left=size, waiting=False)
            g.emit("hourglass_flipped", None, pos=0)
        return None
    glass["ticks_left"] -= 1
    if glass["ticks_left"] > 0:
        return None
    if glass["pos"] >= 2:
        glass.update(pos=glass["pos"] - 1, ticks_left=size)
        g.emit("hourglass_flipped", None, pos=glass["pos"])
    elif glass["pos"] == 1:
        if anyone:
            glass.update(pos=0, ticks_left=size)
            g.emit("hourglass_flipped", None, pos=0)
        else:
            glass.update(waiting=True, waited=0)
            g.emit("hourglass_waiting", None)
    else:
        return "time_up"
    return None


def building_ended(g, reason: str) -> None:
    """GT-TBB-09/10: tokens for those still building, reserves forfeited."""
    n = len(g.players)
    late = sorted(
        (p for p in g.players if not p.finished_building), key=lambda p: (p.seat - (g.tick + 1)) % n
    )
    for p in late:
        p.token = g.tokens_left.pop(0)
        p.finished_building = True
    g.emit("building_ended", None, reason=reason, tokens={p.id: p.token for p in g.players})
    for p in g.players:
        if p.ship.reserved:
            tiles = list(p.ship.reserved)
            p.ship.lost.extend(tiles)
            p.ship.reserved = []
            g.emit("reserve_forfeited", p.id, tiles=tiles)


def can_peek(p) -> bool:
    return len(p.ship.cells) > 1  # GT-AMB-16


def step_actions(g, p) -> list[Action]:
    """GT-TBB-04: the build steps open to a player now."""
    actions = []
    if g.face_down:
        actions.append(Action("draw"))
    actions += [Action("take_face_up", {"tile": t}) for t in g.face_up]
    actions += [
        Action("take_reserved", {"tile": t}) for t in p.ship.reserved if p.ship.open_cells()
    ]
    if can_peek(p) and not g.config["open_stacks"]:
        actions += [Action("peek", {"stack": k}) for k in (1, 2, 3)]
    if g.config["token_pick"] == "any":
        actions += [Action("finish", {"token": t}) for t in g.tokens_left]
    else:
        actions.append(Action("finish"))
    actions.append(Action("pass"))
    return actions


def step_problem(g, p, action: Action) -> str | None:
    kind, params = action.kind, action.params
    if kind == "draw":
        return None if g.face_down else "The face-down pool is empty."
    if kind == "take_face_up":
        return None if params.get("tile") in g.face_up else "That tile is not face up in the pool."
    if kind == "take_reserved":
        if params.get("tile") not in p.ship.reserved:
            return "That tile is not in your reserve."
        if placements(g, p, params["tile"]):
            return None
        return "There is no cell left to build it into."
    if kind == "peek":
        if g.config["open_stacks"]:
            return "The stacks are open in this game."
        if not can_peek(p):
            return "Build one tile before you look at a stack."
        return None if params.get("stack") in (1, 2, 3) else "Only stacks 1 to 3 can be looked at."
    if kind == "finish":
        if g.config["token_pick"] == "any" and params.get("token") not in g.tokens_left:
            return "Name an order token that is still free."
        return None
    if kind == "pass":
        return None
    return "Draw, take a face-up or reserved tile, look at a stack, finish or pass."


def build_step(g, p):
    options = {
        "face_down": len(g.face_down),
        "face_up": list(g.face_up),
        "reserved": list(p.ship.reserved),
        "reserved_buildable": [t for t in p.ship.reserved if placements(g, p, t)],
        "stacks": [1, 2, 3] if can_peek(p) and not g.config["open_stacks"] else [],
        "tokens": list(g.tokens_left),
        "token_pick": g.config["token_pick"],
        "hourglass": HOURGLASS_WORDS[g.hourglass["pos"]],
        "ticks_left": g.hourglass["ticks_left"],
        "tick": g.tick,
    }
    action = yield Ask(
        p.id,
        "build_step",
        "Take your next building step.",
        options,
        step_actions(g, p),
        lambda a: step_problem(g, p, a),
        Action("pass"),
    )
    kind = action.kind
    if kind == "draw":
        tile = g.face_down.pop(0)
        g.emit("tile_drawn", p.id, tile=tile)
        yield from resolve_tile(g, p, tile, "pool")
    elif kind == "take_face_up":
        tile = action.params["tile"]
        g.face_up.remove(tile)
        g.emit("tile_taken_face_up", p.id, tile=tile)
        yield from resolve_tile(g, p, tile, "face_up")
    elif kind == "take_reserved":
        tile = action.params["tile"]
        p.ship.reserved.remove(tile)
        g.emit("tile_taken_reserved", p.id, tile=tile)
        yield from resolve_tile(g, p, tile, "reserve")
    elif kind == "peek":
        k = action.params["stack"]
        p.peeked[k] = list(g.stacks[k - 1])
        g.emit("stack_peeked", p.id, stack=k)
        g.emit(
            "stack_contents",
            p.id,
            stack=k,
            cards=list(g.stacks[k - 1]),
            visibility=f"private:{p.id}",
        )
    elif kind == "finish":
        token = action.params.get("token") or g.tokens_left[0]  # GT-TBB-08
        g.tokens_left.remove(token)
        p.token, p.finished_building = token, True
        g.emit("build_finished", p.id, token=token)
    else:
        g.emit("build_passed", p.id)


def placements(g, p, tile: int) -> list[list[int]]:
    strict = g.config["strict_build"]
    found = []
    for cell in p.ship.open_cells():
        for rot in range(4):
            if strict and not p.ship.safe(tile, cell, rot)[0]:
                continue
            found.append([cell[0], cell[1], rot])
    return found


def resolve_problem(g, p, tile: int, source: str, action: Action) -> str | None:
    """GT-TBB-05/06."""
    if action.kind == "place":
        cell = cell_of(action.params.get("cell"))
        rot = action.params.get("rot")
        if cell is None or not isinstance(rot, int):
            return "Name a cell [column, row] and a rotation 0-3."
        problem = p.ship.placement_problem(cell, rot)
        if problem:
            return problem
        if g.config["strict_build"] and not p.ship.safe(tile, cell, rot)[0]:
            return "In strict building a tile must join the ship without breaking a rule."
        return None
    if source == "reserve":
        return "A tile taken from your reserve must be built into the ship."
    if action.kind == "reserve":
        if p.ship.board.reserve == 0:
            return "This ship board has no reserve."
        if len(p.ship.reserved) >= p.ship.board.reserve:
            return "Your reserve already holds two tiles."
        return None
    if action.kind == "return":
        return None
    return "Place the tile, put it in your reserve or return it face up."


def resolve_tile(g, p, tile: int, source: str):
    spots = placements(g, p, tile)
    actions = [Action("place", {"cell": [c, r], "rot": rot}) for c, r, rot in spots]
    if source != "reserve":
        if p.ship.board.reserve and len(p.ship.reserved) < p.ship.board.reserve:
            actions.append(Action("reserve"))
        actions.append(Action("return"))
    default = actions[-1]
    if source == "reserve":  # GT-API-02 B2: a reserved tile goes where BasicBot puts it
        found = best_placement(p.ship, tile, g.round)
        default = (
            Action("place", {"cell": list(found[1]), "rot": found[2]}) if found else actions[0]
        )
    definition = TILES[tile]
    options = {
        "tile": tile,
        "kind": definition.kind,
        "connectors": list(definition.conn),
        "capacity": definition.capacity,
        "from": source,
        "placements": spots,
        "can_reserve": any(a.kind == "reserve" for a in actions),
        "can_return": source != "reserve",
    }
    action = yield Ask(
        p.id,
        "resolve_tile",
        f"Build the {definition.name} in, reserve or return it.",
        options,
        actions,
        lambda a: resolve_problem(g, p, tile, source, a),
        default,
    )
    if action.kind == "place":
        cell, rot = tuple(action.params["cell"]), action.params["rot"]
        seq = p.ship.place(tile, cell, rot)
        g.emit("tile_placed", p.id, tile=tile, cell=list(cell), rot=rot, seq=seq)
    elif action.kind == "reserve":
        p.ship.reserved.append(tile)
        g.emit("tile_reserved", p.id, tile=tile)
    else:
        g.face_up.append(tile)
        g.emit("tile_returned", p.id, tile=tile)


# --- the structural check (GT-CHK) ------------------------------------------


def repair_problem(p, action: Action) -> str | None:
    tiles = action.params.get("tiles") if action.kind == "remove" else None
    if not isinstance(tiles, list):
        return "Name the tiles to remove."
    at = {placed.tile: cell for cell, placed in p.ship.cells.items()}
    if any(t not in at for t in tiles):
        return "Name only tiles on your ship."
    if p.start_tile in tiles:
        return "The starting cabin cannot be removed."
    twin = p.ship.copy()
    for t in tiles:
        twin.cells.pop(at[t])
    if twin.violations():
        return "The ship would still break a building rule."
    return None


def structural_check(g):
    for p in sorted(g.players, key=lambda p: p.token):
        found = p.ship.violations()
        g.emit(
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
                "Remove the tiles that break the building rules.",
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
            g.emit("tiles_removed", p.id, tiles=list(tiles), reason="check")
        yield from keep_fragment(g, p)
