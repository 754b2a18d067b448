"""BasicBot's building (GT-BOT-02): safe placements and their scores."""

from __future__ import annotations

import math

from ..rules.ship import AROUND, BLOCKS, Ship, step
from ..rules.tiles import (
    BATTERY,
    CABIN,
    CANNON,
    CANNONS,
    CARGO,
    DOUBLE_CANNON,
    DOUBLE_ENGINE,
    ENGINE,
    ENGINES,
    HOLDS,
    JOINED,
    LIFE_BROWN,
    LIFE_PURPLE,
    SHIELD,
    SHOWN,
    SIDES,
    SPECIAL_CARGO,
    START_CABIN,
    STRUCTURE,
    TILES,
    N,
    blocks,
    facing,
    meeting,
    shown,
)

WEIGHT = {
    CABIN: 3,
    ENGINE: 3,
    DOUBLE_ENGINE: 3.5,
    CANNON: 3,
    DOUBLE_CANNON: 3.5,
    BATTERY: 2.5,
    SHIELD: 2.5,
    SPECIAL_CARGO: 2.5,
    CARGO: 2,
    STRUCTURE: 1,
    LIFE_BROWN: 1,
    LIFE_PURPLE: 1,
}
GROUP = {
    CABIN: (CABIN, START_CABIN),
    ENGINE: ENGINES,
    DOUBLE_ENGINE: ENGINES,
    CANNON: CANNONS,
    DOUBLE_CANNON: CANNONS,
    BATTERY: (BATTERY,),
    SHIELD: (SHIELD,),
    CARGO: HOLDS,
    SPECIAL_CARGO: HOLDS,
    LIFE_BROWN: (LIFE_BROWN,),
    LIFE_PURPLE: (LIFE_PURPLE,),
}
KEEPERS = (CABIN, ENGINE, DOUBLE_ENGINE, CANNON, DOUBLE_CANNON, BATTERY, SHIELD)


def target(kind: str, number: int) -> int | None:
    """The round-r target of a group (GT-BOT-02 surplus)."""
    if kind == CABIN:
        return 1 + 2 * number
    if kind in ENGINES or kind in CANNONS:
        return 2 * number
    if kind == BATTERY or kind in HOLDS:
        return 1 + number
    if kind == SHIELD:
        return 2
    if kind in (LIFE_BROWN, LIFE_PURPLE):
        return 1
    return None


def counts(ship: Ship) -> dict[str, int]:
    found: dict[str, int] = {}
    for placed in ship.cells.values():
        kind = TILES[placed.tile].kind
        found[kind] = found.get(kind, 0) + 1
    return found


# the kinds whose score placed_value changes with the cell or the turn
PLACE_MATTERS = (LIFE_BROWN, LIFE_PURPLE, *CANNONS, *ENGINES)


def base_value(kind: str, number: int, have: dict, weights=WEIGHT) -> float:
    """A tile's worth wherever it goes: its weight, less the surplus
    (GT-BOT-02)."""
    value = weights[kind]
    goal = target(kind, number)
    if goal is not None and sum(have.get(k, 0) for k in GROUP[kind]) >= goal:
        value -= 2
    return value


def placed_value(
    ship: Ship, tile: int, cell, rot: int, value: float, joints: int, opened: int, weights=WEIGHT
) -> float:
    """A placement's score from the tile's `base_value`, the additions made
    in the same order as ever, so the sum stays the same to the last bit."""
    kind = TILES[tile].kind
    if kind in (LIFE_BROWN, LIFE_PURPLE):
        if any(
            ship.cells.get(step(cell, side)) is not None
            and ship.cells[step(cell, side)].kind == CABIN
            and _joins(ship, tile, cell, rot, side)
            for side in range(4)
        ):
            value += 2
    if kind in CANNONS and facing(kind, rot) == N:
        value += 1
    if kind in ENGINES and step(cell, 2) not in ship.board.cells:
        value += 0.5
    flex = weights.get("flex", 0)
    if flex:  # the pro bot: universal connectors keep the next cells easy to fill
        for side in range(4):
            other = step(cell, side)
            if other in ship.board.cells and other not in ship.cells:
                value += flex if shown(tile, rot, side) == 3 else 0
    return value + joints - 0.25 * opened


def _joins(ship: Ship, tile: int, cell, rot: int, side: int) -> bool:
    other = ship.cells[step(cell, side)]
    return meeting(shown(tile, rot, side), shown(other.tile, other.rot, (side + 2) % 4)) == "joined"


# --- safe placements (GT-TBB-06 / GT-BOT-02) as Ship.safe finds them ------
# Whether a tile turned `rot` fits an open cell depends only on what the
# cell's four neighbours show toward it (what room.around tells): the answer
# is remembered per (tile's four turns, neighbours) for the whole process, as
# the catalogue never changes. Both are numbered, so a look-up is one int.


def _turn(tile: int, rot: int) -> tuple:
    kind = TILES[tile].kind
    return SHOWN[tile][rot], blocks(kind, rot), rot != 0 and kind in ENGINES


_TURNS_IDS: dict[tuple, int] = {}
TURNS_OF = {
    tile: _TURNS_IDS.setdefault(tuple(_turn(tile, rot) for rot in range(4)), len(_TURNS_IDS))
    for tile in TILES
}
_TURNS = list(_TURNS_IDS)
# What surrounds an open cell as a number, one base-9 digit per side: 0 for
# no tile there, else 1 + 2 * the connector the tile shows toward the cell,
# + 1 if its barrel or exhaust points into it. FACING[tile][rot][side]: that
# digit, in its place, of a tile on the cell's `side`.
AROUND_NUMBERS = 9**4


def _digit(tile: int, rot: int, side: int) -> int:
    back = (side + 2) % 4
    return 9**side * (1 + 2 * SHOWN[tile][rot][back] + (BLOCKS[tile][rot] == back))


FACING = {
    tile: tuple(tuple(_digit(tile, rot, side) for side in SIDES) for rot in range(4))
    for tile in TILES
}
_SAFE: dict[int, tuple] = {}


def open_spots(ship: Ship) -> list[tuple]:
    """The ship's open cells, each with the number of what surrounds it."""
    cells = ship.cells
    found = []
    for cell in ship.open_cells():
        col, row = cell
        near = 0
        for side, (dc, dr), _back in AROUND:
            placed = cells.get((col + dc, row + dr))
            if placed is not None:
                near += FACING[placed.tile][placed.rot][side]
        found.append((cell, near))
    return found


def safe_turns(turns: int, near: int) -> tuple:
    """(rot, joints, open connectors) of every safe turn: Ship.safe's answer,
    read from the digits of `near`."""
    key = turns * AROUND_NUMBERS + near
    known = _SAFE.get(key)
    if known is None:
        known = _SAFE[key] = _safe_turns(_TURNS[turns], near)
    return known


def _safe_turns(shapes: tuple, near: int) -> tuple:
    digits = (near % 9, near // 9 % 9, near // 81 % 9, near // 729)
    found = []
    for rot, (mine_all, points, turned) in enumerate(shapes):
        if turned or (points is not None and digits[points]):
            continue  # an engine turned, or its exhaust or a barrel into a tile
        joints = opened = 0
        for mine, digit in zip(mine_all, digits, strict=True):
            if not digit:
                opened += mine != 0
            elif digit % 2 == 0:
                break  # a neighbour's barrel or exhaust points into the cell
            elif (mine, digit // 2) in JOINED:
                joints += 1
            elif mine or digit // 2:
                break  # connectors that may not meet (GT-DM-05)
        else:
            if joints:
                found.append((rot, joints, opened))
    return tuple(found)


def best_placement(ship: Ship, tile: int, number: int, weights=WEIGHT, have=None, spots=None):
    """(score, cell, rot) of the best safe placement, or None; `spots`: the
    ship's `open_spots` when the caller has them."""
    have = counts(ship) if have is None else have
    kind = TILES[tile].kind
    base = base_value(kind, number, have, weights)
    turns = TURNS_OF[tile]
    # where a plain tile goes and how it is turned changes only its joints
    # and open connectors: placed_value's last line
    plain = kind not in PLACE_MATTERS and not weights.get("flex", 0)
    best = None
    for cell, near in open_spots(ship) if spots is None else spots:
        fits = _SAFE.get(turns * AROUND_NUMBERS + near)
        for rot, joints, opened in safe_turns(turns, near) if fits is None else fits:
            if plain:
                value = base + joints - 0.25 * opened
            else:
                value = placed_value(ship, tile, cell, rot, base, joints, opened, weights)
            key = (-value, cell[1], cell[0], rot)
            if best is None or key < best[0]:
                best = (key, value, cell, rot)
    return None if best is None else (best[1], best[2], best[3])


def ready(ship: Ship, have: dict | None = None) -> bool:
    """GT-BOT-02 rule 3; `have`: the ship's `counts` when the caller has them."""
    placed = len(ship.cells) - 1
    have = counts(ship) if have is None else have
    return (
        placed >= math.ceil(0.8 * (len(ship.board.cells) - 1))
        and any(have.get(k) for k in ENGINES)
        and any(have.get(k) for k in CANNONS)
    )
