"""Goods: gaining them from a finite supply and arranging them in the holds
(GT-CGO-01..08)."""

from __future__ import annotations

from collections import Counter

from ...contract import Action
from ...speech import _
from ..state import Ask, Emit, GameState
from .ship import Ship, cell_of
from .tiles import SPECIAL_CARGO, TILES

VALUE = {"R": 4, "Y": 3, "G": 2, "B": 1}  # GT-CGO-05
GOODS_ORDER = ("R", "Y", "G", "B")  # most valuable first (GT-CGO-04)


def greedy(ship: Ship, goods: list[str]) -> list[dict]:
    """GT-BOT-03 ARRANGE: most valuable first; red only in special holds,
    others in regular holds first; the rest is discarded."""
    holds = ship.holds()
    room = {c: TILES[ship.cells[c].tile].capacity for c in holds}
    placed: dict = {c: [] for c in holds}
    for good in sorted(goods, key=GOODS_ORDER.index):
        special = [c for c in holds if ship.cells[c].kind == SPECIAL_CARGO and room[c]]
        regular = [c for c in holds if ship.cells[c].kind != SPECIAL_CARGO and room[c]]
        choice = special if good == "R" else regular + special
        if choice:
            placed[choice[0]].append(good)
            room[choice[0]] -= 1
    return [{"cell": list(c), "goods": placed[c]} for c in holds]


def value(goods) -> int:
    return sum(VALUE[g] for g in goods)


def gain(ship: Ship, goods: list[str]) -> int:
    """GT-BOT-03: what gaining these goods adds to the sale value."""
    kept = [g for h in greedy(ship, ship.goods() + goods) for g in h["goods"]]
    return value(kept) - value(ship.goods())


def arrange_problem(ship: Ship, available: list[str], action: Action) -> str | None:
    holds = action.params.get("holds") if action.kind == "arrange" else None
    if not isinstance(holds, list):
        return _("Give the goods of every hold.")
    left = Counter(available)
    seen = set()
    for hold in holds:
        cell = cell_of(hold.get("cell")) if isinstance(hold, dict) else None
        goods = hold.get("goods") if isinstance(hold, dict) else None
        if cell is None or cell in seen or not isinstance(goods, list):
            return _("Name each hold once, with a list of goods.")
        seen.add(cell)
        placed = ship.cells.get(cell)
        if placed is None or placed.kind not in ("cargo", SPECIAL_CARGO):
            return _("Goods go only into cargo holds.")
        if len(goods) > TILES[placed.tile].capacity:
            return _("That hold cannot take so many goods.")
        if "R" in goods and placed.kind != SPECIAL_CARGO:
            return _("Red goods go only into special cargo holds.")
        for good in goods:
            if left[good] <= 0:
                return _("You can only load goods you have or have just gained.")
            left[good] -= 1
    return None


def receive(state: GameState, emit: Emit, p, goods: list[str]):
    """GT-CGO-08 then GT-CGO-02: take what the supply has, then arrange."""
    got, short = [], []
    for good in goods:
        if state.config["finite_goods"] and state.supply[good] <= 0:
            short.append(good)
            continue
        state.supply[good] -= 1
        got.append(good)
    emit("goods_gained", p.id, goods=got, shortfall=short)
    if not got:
        return
    ship = p.ship
    available = ship.goods() + got
    if not ship.holds():
        discarded = list(got)
        for good in got:
            state.supply[good] += 1
        emit("cargo_arranged", p.id, assignment=[], discarded=discarded)
        return
    default = Action("arrange", {"holds": greedy(ship, available)})
    options = {
        "goods": available,
        "holds": [
            {
                "cell": list(c),
                "special": ship.cells[c].kind == SPECIAL_CARGO,
                "capacity": TILES[ship.cells[c].tile].capacity,
                "goods": list(ship.cells[c].goods),
            }
            for c in ship.holds()
        ],
    }
    action = yield Ask(
        p.id,
        "arrange",
        _("Load your goods into the holds."),
        options,
        [default],
        lambda a: arrange_problem(ship, available, a),
        default,
    )
    left = Counter(available)
    for c in ship.holds():
        ship.cells[c].goods = []
    assignment = []
    for hold in action.params["holds"]:
        cell = tuple(hold["cell"])
        ship.cells[cell].goods = list(hold["goods"])
        left.subtract(hold["goods"])
        assignment.append({"cell": list(cell), "goods": list(hold["goods"])})
    discarded = sorted(left.elements(), key=GOODS_ORDER.index)
    for good in discarded:
        state.supply[good] += 1
    emit("cargo_arranged", p.id, assignment=assignment, discarded=discarded)
