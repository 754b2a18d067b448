"""A weld said before it is made (GT-TBB-05): where a cell is, by the tiles
around it; which building rule a tile would break there, in the rule's own
words (GT-DM-05 connectors, GT-DM-09 engines and cannons, GT-CHK-04 loose
parts); and what the structural check would remove for it (GT-CHK-01..04).
Never a coordinate: a cell is said by its neighbours, the way a person
points at the ship."""

from __future__ import annotations

from ...speech import N_, _, ngettext, word_for
from ..rules.ship import Ship, step
from ..rules.tiles import SIDES, shown
from ..rules.welding import LOOSE
from .ship import kind_of

AROUND = {
    0: N_("the %(kind)s in front of it"),
    1: N_("the %(kind)s to its right"),
    2: N_("the %(kind)s behind it"),
    3: N_("the %(kind)s to its left"),
}
ENDS = {
    0: N_("smooth side"),
    1: N_("single connector"),
    2: N_("double connector"),
    3: N_("universal connector"),
}


def side_to(cell, other) -> int | None:
    return next((side for side in SIDES if step(cell, side) == tuple(other)), None)


def part_near(ship: Ship, cell, other) -> str:
    """The tile at `other`, said from `cell`: "the cabin to its left"."""
    placed = ship.cells.get(tuple(other))
    kind = kind_of(placed.tile) if placed else _("component")
    side = side_to(cell, other)
    if side is None:
        return _("the %(kind)s") % {"kind": kind}
    return word_for(AROUND, side) % {"kind": kind}


def beside_words(ship: Ship, cell) -> str:
    """Where an empty cell is, by the tiles around it: ", next to the
    starting cabin behind it"."""
    parts = [
        part_near(ship, cell, step(cell, side)) for side in SIDES if step(cell, side) in ship.cells
    ]
    if not parts:
        return ""
    return _(", next to %(parts)s") % {"parts": _(" and ").join(parts)}


def breach_words(ship: Ship, tile: int, cell, rot: int, breach: dict) -> str:
    """One rule a weld would break, in the rule's words (GT-CHK-01 V1-V4,
    GT-CHK-04 for a tile joined to nothing)."""
    code, cells = breach["code"], [tuple(c) for c in breach["cells"]]
    other = next((c for c in cells if c != tuple(cell)), None)
    if code == "V1" and other is not None:
        side = side_to(cell, other)
        theirs = ship.cells[other]
        return _("Its %(mine)s would meet the %(theirs)s of %(part)s: a smooth side meets only "
                 "a smooth side, a single or double connector only its like or a universal "
                 "one.") % {
            "mine": word_for(ENDS, shown(tile, rot, side)),
            "theirs": word_for(ENDS, shown(theirs.tile, theirs.rot, (side + 2) % 4)),
            "part": part_near(ship, cell, other),
        }  # fmt: skip
    if code == "V2":
        return _("An engine's exhaust must point to the rear; turned this way it would not.")
    if code == "V3":
        if cells[0] == tuple(cell):
            return _("The cell behind an engine must stay empty, and %(part)s is there.") % {
                "part": part_near(ship, cell, other)
            }
        return _("The cell behind an engine must stay empty, and this is the cell behind "
                 "%(part)s.") % {"part": part_near(ship, cell, cells[0])}  # fmt: skip
    if code == "V4":
        if cells[0] == tuple(cell):
            return _("The cell in front of a cannon's barrel must stay empty, and %(part)s "
                     "is there.") % {"part": part_near(ship, cell, other)}  # fmt: skip
        front = part_near(ship, cell, cells[0])
        return _("The cell in front of a cannon's barrel must stay empty, and this is the "
                 "cell in front of %(part)s.") % {"part": front}  # fmt: skip
    if code == LOOSE:
        return _("Only smooth sides would touch the ship, so nothing would hold it: it would "
                 "come loose at the check.")  # fmt: skip
    return _("It would break a building rule.")


def losses_words(ship: Ship, cell, losses) -> str:
    """What the structural check would take off the ship for this weld."""
    if not losses:
        return ""
    said = []
    others = 0
    for lost in losses:
        if tuple(lost) == tuple(cell):
            said.append(_("this tile"))
        elif side_to(cell, lost) is not None:
            said.append(part_near(ship, cell, lost))
        else:
            others += 1
    if others:
        said.append(
            ngettext("%(count)d more component", "%(count)d more components", others)
            % {"count": others}
        )
    return _("The structural check would remove %(parts)s.") % {"parts": _(" and ").join(said)}
