"""The 144 component tiles, their connectors and the four ship boards
(GT-DM-01..12), loaded from data/.

Sides and directions are quarter turns clockwise from the nose: 0 = N (front),
1 = E (right), 2 = S (rear), 3 = W (left) (GT-DM-01). A placed tile's `rot`
is in quarter turns too (GT-LOG-04: 0-3).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ...speech import N_

DATA = Path(__file__).parent.parent / "data"
N, E, S, W = 0, 1, 2, 3
SIDES = (N, E, S, W)
SIDE_NAMES = ("front", "right", "rear", "left")
# GT-DM-02: the neighbour of (c, r) on each side
STEP = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}

START_CABIN = "start_cabin"
CABIN = "cabin"
STRUCTURE = "structure"
BATTERY = "battery"
CARGO = "cargo"
SPECIAL_CARGO = "special_cargo"
ENGINE = "engine"
DOUBLE_ENGINE = "double_engine"
CANNON = "cannon"
DOUBLE_CANNON = "double_cannon"
SHIELD = "shield"
LIFE_BROWN = "life_support_brown"
LIFE_PURPLE = "life_support_purple"
CABINS = (START_CABIN, CABIN)
ENGINES = (ENGINE, DOUBLE_ENGINE)
CANNONS = (CANNON, DOUBLE_CANNON)
HOLDS = (CARGO, SPECIAL_CARGO)
KIND_NAMES = {
    START_CABIN: N_("starting cabin"),
    CABIN: N_("cabin"),
    STRUCTURE: N_("structural module"),
    BATTERY: N_("battery"),
    CARGO: N_("cargo hold"),
    SPECIAL_CARGO: N_("special cargo hold"),
    ENGINE: N_("engine"),
    DOUBLE_ENGINE: N_("double engine"),
    CANNON: N_("cannon"),
    DOUBLE_CANNON: N_("double cannon"),
    SHIELD: N_("shield generator"),
    LIFE_BROWN: N_("brown life support"),
    LIFE_PURPLE: N_("purple life support"),
}
START_CABIN_OF = {"red": 34, "yellow": 33, "green": 32, "blue": 31}  # GT-SET-03
COLOURS = ("red", "yellow", "green", "blue")


@dataclass(frozen=True)
class TileDef:
    """GT-DM-08: one catalogue tile."""

    id: int
    kind: str
    conn: tuple[int, int, int, int]
    capacity: int
    colour: str | None = None

    @property
    def name(self) -> str:
        return KIND_NAMES[self.kind]


def _load_tiles() -> dict[int, TileDef]:
    rows = json.loads((DATA / "tiles.json").read_text())
    return {
        r["id"]: TileDef(r["id"], r["kind"], tuple(r["conn"]), r["capacity"], r.get("colour"))
        for r in rows
    }


TILES = _load_tiles()


# SHOWN[tile][rot][side]: GT-DM-03 worked out once for every tile
SHOWN = {
    t.id: tuple(tuple(t.conn[(side - rot) % 4] for side in SIDES) for rot in range(4))
    for t in TILES.values()
}


def shown(tile_id: int, rot: int, side: int) -> int:
    """GT-DM-03: the connector a tile turned `rot` quarter turns shows on a side."""
    return SHOWN[tile_id][rot][side]


def shown_all(tile_id: int, rot: int) -> tuple[int, int, int, int]:
    return SHOWN[tile_id][rot]


def meeting(a: int, b: int) -> str:
    """GT-DM-05: 'joined', 'open' (two smooth sides) or 'illegal'."""
    if a == 0 and b == 0:
        return "open"
    if a == 0 or b == 0:
        return "illegal"
    if a == 3 or b == 3 or a == b:
        return "joined"
    return "illegal"


# the pairs of connectors (0-3) that meet as "joined" (GT-DM-05), for the hot loops
JOINED = frozenset((a, b) for a in range(4) for b in range(4) if meeting(a, b) == "joined")


def facing(kind: str, rot: int) -> int | None:
    """The side a cannon's barrel or an engine's exhaust points to (GT-DM-08)."""
    if kind in CANNONS:
        return rot % 4
    if kind in ENGINES:
        return (S + rot) % 4
    return None


def blocks(kind: str, rot: int) -> int | None:
    """The side on which a neighbour is a violation (GT-CHK-01): a cannon's
    barrel (V4), and for an engine the cell directly S whatever its rotation
    (V3, the seed's "其下方"), not the side its turned exhaust points to."""
    if kind in CANNONS:
        return rot % 4
    if kind in ENGINES:
        return S
    return None


def shield_covers(rot: int) -> tuple[int, int]:
    """GT-HIT-04: canonical N and E, turned."""
    return (rot % 4, (rot + 1) % 4)


@dataclass(frozen=True)
class Board:
    """GT-DM-12: a ship board's buildable cells, ranges and reserve."""

    name: str
    cells: frozenset[tuple[int, int]]
    start: tuple[int, int]
    cols: tuple[int, int]
    rows: tuple[int, int]
    reserve: int
    penalty_cap: int | None

    def in_cols(self, k: int) -> bool:
        return self.cols[0] <= k <= self.cols[1]

    def in_rows(self, k: int) -> bool:
        return self.rows[0] <= k <= self.rows[1]


def _load_boards() -> dict[str, Board]:
    rows = json.loads((DATA / "boards.json").read_text())
    return {
        name: Board(
            name,
            frozenset(tuple(c) for c in b["cells"]),
            tuple(b["start"]),
            tuple(b["cols"]),
            tuple(b["rows"]),
            b["reserve"],
            b["penalty_cap"],
        )
        for name, b in rows.items()
    }


BOARDS = _load_boards()
