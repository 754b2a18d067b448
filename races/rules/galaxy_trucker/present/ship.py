"""The ship as Galaxy Trucker's panels show it: a tile in words (its kind and
connectors), a cell by column and row, goods by colour, and the ship board as
rows of cells (GT-DM-12)."""

from __future__ import annotations

from collections.abc import Mapping

from ...speech import N_, _, ngettext
from ..rules.tiles import BOARDS, KIND_NAMES, SIDE_NAMES, TILES, shown_all

GOODS = {"R": N_("red"), "Y": N_("yellow"), "G": N_("green"), "B": N_("blue")}
CONNECTORS = {0: N_("smooth"), 1: N_("single"), 2: N_("double"), 3: N_("universal")}
TURNS = (
    N_("as drawn"),
    N_("turned a quarter right"),
    N_("turned half round"),
    N_("turned a quarter left"),
)
GLYPHS = {
    "start_cabin": N_("Main cabin"),
    "cabin": N_("Cabin"),
    "structure": N_("Pipes"),
    "battery": N_("Batt"),
    "cargo": N_("Hold"),
    "special_cargo": N_("Red hold"),
    "engine": N_("Eng"),
    "double_engine": N_("2 Eng"),
    "cannon": N_("Gun"),
    "double_cannon": N_("2 Gun"),
    "shield": N_("Shield"),
    "life_support_brown": N_("Life B"),
    "life_support_purple": N_("Life P"),
}


def kind_of(tile) -> str:
    return _(KIND_NAMES[TILES[tile].kind])


def connectors(tile, rot: int = 0) -> str:
    shown = shown_all(tile, rot)
    return _("front %(front)s, right %(right)s, rear %(rear)s, left %(left)s") % {
        side: _(CONNECTORS[shown[number]]) for number, side in enumerate(SIDE_NAMES)
    }


def tile_words(tile, rot: int = 0) -> str:
    """A tile as a person describes it: its kind and its connectors."""
    return _("%(kind)s (%(connectors)s)") % {
        "kind": kind_of(tile),
        "connectors": connectors(tile, rot),
    }


def at(cell) -> str:
    return _("column %(col)d, row %(row)d") % {"col": cell[0], "row": cell[1]}


def goods_words(items) -> str:
    names = [_(GOODS[g]) for g in items if g in GOODS]
    if not names:
        return _("no goods")
    return ngettext("%(goods)s good", "%(goods)s goods", len(names)) % {"goods": ", ".join(names)}


def own(view: Mapping, seat: str) -> dict:
    """The ship the seat decides for: its own, or a teammate's (GT-VAR-04)."""
    ship = view.get("deciding_for") or seat
    return next((c for c in view.get("cars") or [] if c["seat"] == ship), {})


def ship_cells(car: Mapping) -> dict[tuple[int, int], list]:
    """Every tile of a ship view by its cell: [tile, col, row, rot, seq,
    humans, alien, batteries, goods] (GT-LOG-04)."""
    return {(t[1], t[2]): t for t in car.get("ship") or []}


def part_at(cells: Mapping, cell) -> str:
    """The component at a cell, said with where it is."""
    found = cells.get((cell[0], cell[1]))
    what = kind_of(found[0]) if found else _("component")
    return _("the %(kind)s at %(cell)s") % {"kind": what, "cell": at(cell)}


def grid(car: Mapping, label: str, mark: str = "", sides: str = "") -> dict:
    """The ship board as rows of cells: each placed tile with its glyph,
    its words and its connectors; buildable empty cells; cells off the board."""
    board = BOARDS[car.get("ship_class") or "I"]
    cells = ship_cells(car)
    rows = []
    for row in range(board.rows[0], board.rows[1] + 1):
        line = []
        for col in range(board.cols[0], board.cols[1] + 1):
            placed = cells.get((col, row))
            key = f"{col},{row}"
            if placed:
                tile, rot = placed[0], placed[3]
                line.append(
                    {
                        "key": key,
                        "text": _(GLYPHS[TILES[tile].kind]),
                        "title": _("%(tile)s at %(cell)s")
                        % {"tile": tile_words(tile, rot), "cell": at((col, row))},
                        "style": "tile " + side_styles(tile, rot),
                    }
                )
            elif (col, row) in board.cells:
                line.append({"key": key, "text": "", "title": at((col, row)), "style": "empty"})
            else:
                line.append({"key": key, "text": "", "title": "", "style": "off"})
        rows.append(line)
    return {"label": label, "rows": rows, "mark": mark, "sides": sides}


def side_styles(tile, rot: int) -> str:
    return " ".join(f"c{side}{value}" for side, value in enumerate(shown_all(tile, rot)))
