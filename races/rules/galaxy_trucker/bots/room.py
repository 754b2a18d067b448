"""The room a ship leaves for the tiles it still needs: how many empty cells
next to the ship could still take a tile of a kind safely (GT-BOT-02's safe
placement: every facing connector legal under GT-DM-05, at least one joint,
no barrel or exhaust pointing into a tile, engines turned to the rear,
GT-DM-09).

A cell's fit depends only on what its four neighbours show, so the answer
is remembered per (kind, neighbours) for the whole process: the catalogue
never changes.
"""

from __future__ import annotations

from ..rules.ship import AROUND, BLOCKS, NEIGHBOURS, Ship
from ..rules.tiles import (
    BATTERY,
    CABIN,
    CANNON,
    CARGO,
    DOUBLE_CANNON,
    DOUBLE_ENGINE,
    ENGINE,
    ENGINES,
    LIFE_BROWN,
    LIFE_PURPLE,
    SHIELD,
    SHOWN,
    SIDES,
    SPECIAL_CARGO,
    STRUCTURE,
    TILES,
    facing,
)

# every kind a ship is built from
KINDS = (
    ENGINE,
    DOUBLE_ENGINE,
    CABIN,
    CANNON,
    DOUBLE_CANNON,
    BATTERY,
    SHIELD,
    CARGO,
    SPECIAL_CARGO,
    STRUCTURE,
    LIFE_BROWN,
    LIFE_PURPLE,
)


def _shapes(kind: str) -> tuple[tuple[tuple[int, int, int, int], int | None], ...]:
    """Every (connectors shown, barrel or exhaust side) a tile of this kind
    can take: engines only turned to the rear (GT-DM-09)."""
    found = set()
    for tile in TILES.values():
        if tile.kind != kind:
            continue
        for rot in (0,) if kind in ENGINES else range(4):
            found.add((SHOWN[tile.id][rot], facing(kind, rot)))
    return tuple(sorted(found, key=lambda s: (s[0], -1 if s[1] is None else s[1])))


SHAPES = {kind: _shapes(kind) for kind in KINDS}
_FITS: dict[tuple, bool] = {}


def _fits(shapes, around: tuple) -> bool:
    for mine, points in shapes:
        joints = 0
        for side in SIDES:
            there = around[side]
            if there is None:
                continue
            theirs, blocked = there
            if blocked or points == side:
                break
            ours = mine[side]
            if ours == 0 or theirs == 0:
                if ours != theirs:
                    break
            elif ours == 3 or theirs == 3 or ours == theirs:
                joints += 1
            else:
                break
        else:
            if joints:
                return True
    return False


def around(ship: Ship, cell) -> tuple:
    """What the four neighbours of an empty cell show toward it, and whether
    each one points a barrel or an exhaust into it; None where empty."""
    (col, row), cells = cell, ship.cells
    sides = []
    for _side, (dc, dr), back in AROUND:
        placed = cells.get((col + dc, row + dr))
        if placed is None:
            sides.append(None)
            continue
        sides.append(
            (SHOWN[placed.tile][placed.rot][back], BLOCKS[placed.tile][placed.rot] == back)
        )
    return tuple(sides)


def room(ship: Ship) -> dict[str, int]:
    """Per kind, the empty cells next to the ship where such a tile would
    still fit safely; under "any", the cells where some tile fits."""
    cells = ship.cells
    free = {
        other
        for cell in cells
        for other in NEIGHBOURS[ship.board.name].get(cell, ())
        if other not in cells
    }
    counted = dict.fromkeys((*KINDS, "any"), 0)
    for cell in free:
        key = around(ship, cell)
        usable = False
        for kind in KINDS:
            known = _FITS.get((kind, key))
            if known is None:
                known = _FITS[(kind, key)] = _fits(SHAPES[kind], key)
            if known:
                counted[kind] += 1
                usable = True
        counted["any"] += usable
    return counted
