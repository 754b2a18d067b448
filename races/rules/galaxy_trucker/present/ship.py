"""The ship as Galaxy Trucker's panels show it: a tile in words (its kind and
connectors, what it carries), goods by colour, a part by the letter drawn on
it (never by coordinates), and the ship board as rows of cells (GT-DM-12),
each tile drawn as the piece it is (pictures.py)."""

from __future__ import annotations

from collections.abc import Mapping

from ...speech import N_, _, ngettext, word_for
from ..rules.tiles import BOARDS, KIND_NAMES, SIDE_NAMES, TILES, shown_all
from .pictures import tile_picture

PICTURE = 40  # the side of a tile's picture in a grid cell
ALIENS = {"brown": N_("brown"), "purple": N_("purple")}

GOODS = {"R": N_("red"), "Y": N_("yellow"), "G": N_("green"), "B": N_("blue")}
CONNECTORS = {0: N_("smooth"), 1: N_("single"), 2: N_("double"), 3: N_("universal")}
TURNS = (
    N_("as drawn"),
    N_("turned a quarter right"),
    N_("turned half round"),
    N_("turned a quarter left"),
)


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


class Marks:
    """Letters drawn on the ship's picture for the parts a panel's choices
    name, so a choice says "the battery B", never a cell's coordinates."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], str] = {}
        self.touched: list[tuple[int, int]] = []  # the parts the last choice named

    def letter(self, cell) -> str:
        key = (cell[0], cell[1])
        self.touched.append(key)
        if key not in self.cells:
            self.cells[key] = letter_of(len(set(self.cells.values())))
        return self.cells[key]

    def part(self, cells: Mapping, cell) -> str:
        """The component at a cell, said with its letter on the picture."""
        found = cells.get((cell[0], cell[1]))
        what = kind_of(found[0]) if found else _("component")
        return _("%(kind)s %(mark)s") % {"kind": what, "mark": self.letter(cell)}


def letter_of(number: int) -> str:
    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    return letters[number % len(letters)] + ("" if number < len(letters) else str(number // 24))


def grid(
    car: Mapping, label: str, marks: Mapping | None = None, picks: Mapping | None = None
) -> dict:
    """The ship board as rows of cells: each placed tile drawn as the piece
    it is (`shapes`, pictures.py, in a box of PICTURE units) with its words
    in `title`; buildable empty cells; cells off the board. `marks` names
    cells the panel points at (a letter drawn on the tile); `picks` gives
    a cell the choice a click on its tile picks (the choice's index)."""
    board = BOARDS[car.get("ship_class") or "I"]
    cells = ship_cells(car)
    marks, picks = marks or {}, picks or {}
    rows = []
    for row in range(board.rows[0], board.rows[1] + 1):
        line = []
        for col in range(board.cols[0], board.cols[1] + 1):
            placed = cells.get((col, row))
            key = f"{col},{row}"
            if placed:
                tile, rot = placed[0], placed[3]
                mark = marks.get((col, row), "")
                line.append(
                    {
                        "key": key,
                        "text": mark,
                        "title": carried_words(placed),
                        "style": "tile" + (" marked" if mark else ""),
                        "pick": picks.get((col, row)),
                        "shapes": tile_picture(
                            tile, rot, PICTURE, (*placed[5:8], tuple(placed[8] or ()))
                        ),
                    }
                )
            elif (col, row) in board.cells:
                line.append({"key": key, "text": "", "title": _("empty"), "style": "empty"})
            else:
                line.append({"key": key, "text": "", "title": "", "style": "off"})
        rows.append(line)
    return {"label": label, "rows": rows}


def carried_words(placed) -> str:
    """A placed tile in words: its kind, its connectors and what it carries."""
    tile, rot, humans, alien, batteries, goods = (
        placed[0], placed[3], placed[5], placed[6], placed[7], placed[8]
    )  # fmt: skip
    said = [tile_words(tile, rot)]
    if humans:
        said.append(ngettext("%(count)d human", "%(count)d humans", humans) % {"count": humans})
    if alien:
        said.append(_("a %(colour)s alien") % {"colour": word_for(ALIENS, alien, alien)})
    if TILES[tile].kind == "battery":
        said.append(
            ngettext("%(count)d charge", "%(count)d charges", batteries) % {"count": batteries}
        )
    if goods:
        said.append(goods_words(goods))
    return "; ".join(said)
