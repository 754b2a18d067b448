"""Questions a builder asks before welding a tile (GT-TBB-05/06): which
building rules a tile turned one way would break in a cell, and what the
structural check would take off the ship for it. Pure functions of a ship,
asked of a copy: nothing here changes the ship or the game.

The answers come from the check itself (Ship.violations, GT-CHK-01;
Ship.default_repair, GT-CHK-03; fragments and the default part kept,
GT-CHK-04 / GT-DMG-03), so the table offers exactly what the check accepts.
"""

from __future__ import annotations

from .damage import fragment_rank
from .ship import Cell, Ship, order
from .tiles import SIDES

LOOSE = "loose"  # GT-CHK-04: joined to nothing, the tile would come loose


def welded(ship: Ship, tile: int, cell: Cell, rot: int) -> Ship:
    """A copy of the ship with the tile welded there (GT-TBB-05 PLACE)."""
    twin = ship.copy()
    twin.place(tile, cell, rot)
    return twin


def weld_breaches(ship: Ship, tile: int, cell: Cell, rot: int) -> list[dict]:
    """The rules the tile would break there: every GT-CHK-01 violation it
    takes part in (`code` V1-V4, `cells` as the check names them), or, if
    none, LOOSE when no side of it is joined (GT-DM-06, GT-CHK-04). An empty
    list is a weld the check accepts whole (what GT-TBB-06 strict building
    and GT-BOT-02 call safe)."""
    twin = welded(ship, tile, cell, rot)
    found = [v for v in twin.violations() if cell in v["cells"]]
    if not found and not any(twin.joined(cell, side) for side in SIDES):
        found.append({"code": LOOSE, "cells": [cell]})
    return found


def check_losses(ship: Ship) -> list[Cell]:
    """The cells the structural check would take off this ship if building
    ended now, by its defaults: the repair of GT-CHK-03, then every part but
    the one GT-DMG-03 keeps (GT-CHK-04)."""
    twin = ship.copy()
    removed = set(twin.default_repair())
    lost = [c for c, placed in twin.cells.items() if placed.tile in removed]
    for c in lost:
        del twin.cells[c]
    parts = twin.fragments()
    if len(parts) > 1:
        kept = min(parts, key=lambda cells: fragment_rank(twin, cells))
        lost += [c for cells in parts if cells is not kept for c in cells]
    return sorted(lost, key=order)


def weld_losses(
    ship: Ship,
    tile: int,
    cell: Cell,
    rot: int,
    before: list[Cell] | None = None,
    breaches: list[dict] | None = None,
) -> list[Cell]:
    """The cells the check would take off for this weld: those it would
    lose with the tile there and not without it (the new cell included).
    `before` (check_losses of the ship) and `breaches` (weld_breaches of
    this weld), when the caller has them already."""
    if breaches is None:
        breaches = weld_breaches(ship, tile, cell, rot)
    if any(b["code"] != LOOSE for b in breaches):
        # GT-CHK-03 repairs the violation whose latest participant is latest
        # first, and takes off that participant (the engine itself for V2):
        # the new tile is the latest of all, so it goes first and the ship
        # is left as it was.
        return [tuple(cell)]
    lost = set(check_losses(ship) if before is None else before)
    return [c for c in check_losses(welded(ship, tile, cell, rot)) if c not in lost]
