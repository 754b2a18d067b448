"""A ship: placed tiles on a board, the structural rules and its measures
(GT-DM-06..13, GT-CHK-01..03, GT-PWR-01..04, GT-HIT-01..02).

Cells are (col, row) tuples here and [col, row] lists in events and views.
Every iteration over cells is in ascending (row, col) order (GT-GEN-04).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from .tiles import (
    BATTERY,
    BOARDS,
    CABIN,
    CABINS,
    CANNON,
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
    START_CABIN,
    STEP,
    TILES,
    Board,
    N,
    blocks,
    facing,
    meeting,
    shield_covers,
    shown,
)

Cell = tuple[int, int]
# per tile and rotation: the steps to the cells its connectors face (exposed
# connectors, GT-SCR-03) and the side it blocks (GT-CHK-01 V3/V4)
OUTWARD = {
    tile: tuple(tuple(STEP[side] for side in SIDES if shown_sides[side]) for shown_sides in rots)
    for tile, rots in SHOWN.items()
}
BLOCKS = {t.id: tuple(blocks(t.kind, rot) for rot in range(4)) for t in TILES.values()}
# each side with its step and the side that faces back from the neighbour
AROUND = tuple((side, STEP[side], (side + 2) % 4) for side in SIDES)
# the buildable neighbours of every buildable cell, per board
NEIGHBOURS = {
    name: {
        cell: tuple(
            (cell[0] + STEP[side][0], cell[1] + STEP[side][1])
            for side in SIDES
            if (cell[0] + STEP[side][0], cell[1] + STEP[side][1]) in board.cells
        )
        for cell in board.cells
    }
    for name, board in BOARDS.items()
}
LIFE_OF = {"brown": LIFE_BROWN, "purple": LIFE_PURPLE}


def cell_of(value: Any) -> Cell | None:
    """A cell given as [col, row] by a person or a bot, or None if malformed."""
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    return None


# a cell's place in ascending (row, col) order (GT-GEN-04); a C-level key,
# as cells are sorted thousands of times a game
order = itemgetter(1, 0)


def step(cell: Cell, side: int) -> Cell:
    return (cell[0] + STEP[side][0], cell[1] + STEP[side][1])


@dataclass(slots=True)
class Placed:
    """GT-DM-11: a tile on the ship and what it carries."""

    tile: int
    rot: int
    seq: int
    humans: int = 0
    alien: str | None = None
    batteries: int = 0
    goods: list[str] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return TILES[self.tile].kind

    def crew(self) -> int:
        return self.humans + (1 if self.alien else 0)


class Ship:
    """GT-DM-13."""

    __slots__ = ("board", "cells", "reserved", "lost", "next_seq")

    def __init__(self, board: Board, start_tile: int):
        self.board = board
        self.cells: dict[Cell, Placed] = {board.start: Placed(start_tile, 0, 0)}
        self.reserved: list[int] = []
        self.lost: list[int] = []
        self.next_seq = 1

    @classmethod
    def of_class(cls, ship_class: str, start_tile: int) -> Ship:
        return cls(BOARDS[ship_class], start_tile)

    # --- building --------------------------------------------------------

    def sorted_cells(self) -> list[Cell]:
        return sorted(self.cells, key=order)

    def open_cells(self) -> list[Cell]:
        """Empty buildable cells next to a tile (GT-TBB-05 a-c)."""
        cells = self.cells
        around = NEIGHBOURS[self.board.name]
        found: set = set()
        for cell in cells:
            found.update(around.get(cell, ()))
        found.difference_update(cells)
        return sorted(found, key=order)

    def placement_problem(self, cell: Cell, rot: int) -> str | None:
        """GT-TBB-05: why a tile may not go there, in the rule's words."""
        if rot not in (0, 1, 2, 3):
            return "A tile turns in quarter turns: 0, 1, 2 or 3."
        if cell not in self.board.cells:
            return "That cell is not part of the ship board."
        if cell in self.cells:
            return "That cell already holds a welded tile."
        if not any(step(cell, side) in self.cells for side in SIDES):
            return "A new tile must touch a tile already on the ship."
        return None

    def place(self, tile: int, cell: Cell, rot: int) -> int:
        seq = self.next_seq
        self.cells[cell] = Placed(tile, rot, seq)
        self.next_seq += 1
        return seq

    def safe(self, tile: int, cell: Cell, rot: int) -> tuple[bool, int, int]:
        """GT-TBB-06 / GT-BOT-02: whether a placement creates no violation and
        forms a joint; with the joints it forms and its open connectors."""
        if rot != 0 and TILES[tile].kind in ENGINES:
            return False, 0, 0
        points = BLOCKS[tile][rot]
        cells = self.cells
        col, row = cell
        if points is not None:
            dc, dr = STEP[points]
            if (col + dc, row + dr) in cells:
                return False, 0, 0
        mine_all = SHOWN[tile][rot]
        joints = opened = 0
        for side, (dc, dr), back in AROUND:
            placed = cells.get((col + dc, row + dr))
            mine = mine_all[side]
            if placed is None:
                if mine:
                    opened += 1
                continue
            theirs = SHOWN[placed.tile][placed.rot][back]
            if mine == 0 or theirs == 0:
                if mine != theirs:
                    return False, 0, 0
            elif mine == 3 or theirs == 3 or mine == theirs:
                joints += 1
            else:
                return False, 0, 0
            # the new tile may not block an engine's exhaust or a barrel
            if BLOCKS[placed.tile][placed.rot] == back:
                return False, 0, 0
        return joints > 0, joints, opened

    # --- the structural check (GT-CHK-01) ---------------------------------

    def violations(self) -> list[dict]:
        found: list[dict] = []
        for cell in self.sorted_cells():
            placed = self.cells[cell]
            for side in (1, 2):  # E and S: each edge once
                other = step(cell, side)
                neighbour = self.cells.get(other)
                if neighbour is None:
                    continue
                a = shown(placed.tile, placed.rot, side)
                b = shown(neighbour.tile, neighbour.rot, (side + 2) % 4)
                if meeting(a, b) == "illegal":
                    found.append({"code": "V1", "cells": [cell, other]})
            kind = placed.kind
            if kind in ENGINES and placed.rot != 0:
                found.append({"code": "V2", "cells": [cell]})
            points = blocks(kind, placed.rot)
            if points is not None and step(cell, points) in self.cells:
                code = "V3" if kind in ENGINES else "V4"
                found.append({"code": code, "cells": [cell, step(cell, points)]})
        return found

    def default_repair(self) -> list[int]:
        """GT-CHK-03: the tiles a bot (or a missed deadline) removes."""
        ship = self.copy()
        removed: list[int] = []
        while True:
            found = ship.violations()
            if not found:
                return removed
            worst = max(found, key=lambda v: max(ship.cells[c].seq for c in v["cells"]))
            cells = worst["cells"]
            if worst["code"] == "V2":
                target = cells[0]
            else:
                target = max(cells, key=lambda c: ship.cells[c].seq)
                if ship.cells[target].kind == START_CABIN:
                    target = min(cells, key=lambda c: ship.cells[c].seq)
            removed.append(ship.cells.pop(target).tile)

    def copy(self) -> Ship:
        twin = Ship.__new__(Ship)
        twin.board = self.board
        twin.cells = {
            c: Placed(p.tile, p.rot, p.seq, p.humans, p.alien, p.batteries, list(p.goods))
            for c, p in self.cells.items()
        }
        twin.reserved = list(self.reserved)
        twin.lost = list(self.lost)
        twin.next_seq = self.next_seq
        return twin

    # --- structure graph (GT-DM-06, GT-DM-07) -----------------------------

    def joined(self, cell: Cell, side: int) -> bool:
        other = self.cells.get(step(cell, side))
        if other is None:
            return False
        placed = self.cells[cell]
        a = shown(placed.tile, placed.rot, side)
        return meeting(a, shown(other.tile, other.rot, (side + 2) % 4)) == "joined"

    def joined_cells(self, cell: Cell) -> list[Cell]:
        cells, (col, row) = self.cells, cell
        mine = SHOWN[cells[cell].tile][cells[cell].rot]
        return [
            (col + dc, row + dr)
            for side, (dc, dr), back in AROUND
            if (other := cells.get((col + dc, row + dr))) is not None
            and (mine[side], SHOWN[other.tile][other.rot][back]) in JOINED
        ]

    def fragments(self) -> list[list[Cell]]:
        seen: set[Cell] = set()
        parts: list[list[Cell]] = []
        for cell in self.sorted_cells():
            if cell in seen:
                continue
            part, todo = [], [cell]
            seen.add(cell)
            while todo:
                here = todo.pop()
                part.append(here)
                for other in self.joined_cells(here):
                    if other not in seen:
                        seen.add(other)
                        todo.append(other)
            parts.append(sorted(part, key=order))
        return parts

    def exposed(self) -> int:
        count = 0
        cells = self.cells
        for (col, row), placed in cells.items():
            for dc, dr in OUTWARD[placed.tile][placed.rot]:
                if (col + dc, row + dr) not in cells:
                    count += 1
        return count

    # --- contents and measures (GT-PWR) -----------------------------------

    def of_kind(self, *kinds: str) -> list[Cell]:
        return sorted([c for c, p in self.cells.items() if TILES[p.tile].kind in kinds], key=order)

    def crew(self) -> int:
        return sum([p.humans + (1 if p.alien else 0) for p in self.cells.values()])

    def humans(self) -> int:
        return sum(p.humans for p in self.cells.values())

    def alien(self, colour: str) -> Cell | None:
        return min((c for c, p in self.cells.items() if p.alien == colour), key=order, default=None)

    def tokens(self) -> int:
        return sum(p.batteries for p in self.cells.values())

    def goods(self) -> list[str]:
        return [g for c in self.sorted_cells() for g in self.cells[c].goods]

    def engine_power(self, activated: int) -> int:
        """GT-PWR-02 with `activated` double engines switched on."""
        power = len(self.of_kind(ENGINE)) + 2 * activated
        if power > 0 and self.alien("brown"):
            power += 2
        return power

    def max_engine_power(self) -> int:
        return self.engine_power(min(len(self.of_kind(DOUBLE_ENGINE)), self.tokens()))

    def firepower_hp(self, activated: list[Cell]) -> int:
        """GT-PWR-03 in half-points with these double cannons switched on."""
        total = 0
        for cell in self.of_kind(CANNON):
            total += 2 if facing(CANNON, self.cells[cell].rot) == N else 1
        for cell in activated:
            total += 4 if facing(DOUBLE_CANNON, self.cells[cell].rot) == N else 2
        if total > 0 and self.alien("purple"):
            total += 4
        return total

    def eligible_cabins(self, colour: str) -> list[Cell]:
        """GT-PRE-03: cabins joined to a life support of that colour."""
        life = LIFE_OF[colour]
        return [
            c
            for c in self.of_kind(CABIN)
            if any(self.cells[o].kind == life for o in self.joined_cells(c))
        ]

    def shield_for(self, side: int, line: int | None = None, across: bool = False) -> list[Cell]:
        """Shields covering a side (GT-HIT-04); with `line`, only those in it
        (shield_scope 'line')."""
        found = []
        for cell in self.of_kind(SHIELD):
            if side in shield_covers(self.cells[cell].rot):
                if line is None or (cell[1] if across else cell[0]) == line:
                    found.append(cell)
        return found

    def cannons_at(self, side: int, lines: tuple[int, ...], across: bool) -> list[Cell]:
        """Cannons pointing to `side` in these columns (or rows when `across`)."""
        return [
            c
            for c in self.of_kind(CANNON, DOUBLE_CANNON)
            if facing(self.cells[c].kind, self.cells[c].rot) == side
            and (c[1] if across else c[0]) in lines
        ]

    def battery_cells(self) -> list[Cell]:
        return [c for c in self.of_kind(BATTERY) if self.cells[c].batteries > 0]

    def holds(self) -> list[Cell]:
        return self.of_kind(*HOLDS)

    def first_in_line(self, side: int, line: int) -> Cell | None:
        """GT-HIT-02: the first tile met coming from `side` along line `line`."""
        if side in (0, 2):
            cells = [c for c in self.cells if c[0] == line]
            if not cells:
                return None
            return min(cells, key=lambda c: c[1]) if side == 0 else max(cells, key=lambda c: c[1])
        cells = [c for c in self.cells if c[1] == line]
        if not cells:
            return None
        return min(cells, key=lambda c: c[0]) if side == 3 else max(cells, key=lambda c: c[0])

    def cabins_with_crew(self) -> list[Cell]:
        return [c for c in self.of_kind(*CABINS) if self.cells[c].crew() > 0]

    def to_view(self) -> list[list]:
        """Every tile as [tile, col, row, rot, seq, humans, alien, batteries, goods]."""
        return [
            [p.tile, c[0], c[1], p.rot, p.seq, p.humans, p.alien, p.batteries, list(p.goods)]
            for c in sorted(self.cells, key=order)
            for p in (self.cells[c],)
        ]

    @classmethod
    def from_view(cls, ship_class: str, tiles: list[list], reserved=(), lost=()) -> Ship:
        ship = cls.__new__(cls)
        ship.board = BOARDS[ship_class]
        ship.cells = {}
        for tile, col, row, rot, seq, humans, alien, batteries, goods in tiles:
            ship.cells[(col, row)] = Placed(tile, rot, seq, humans, alien, batteries, list(goods))
        ship.reserved = list(reserved)
        ship.lost = list(lost)
        ship.next_seq = 1 + max((t[4] for t in tiles), default=0)
        return ship
