"""Losing components, crew, goods and batteries (GT-DMG-01..05, GT-CGO-04,
crew losses of GT-CRD-ASH/SL/CZ/EP)."""

from __future__ import annotations

from ...contract import Action
from ...speech import _, ngettext
from ..state import Ask, Emit, GameState
from .cargo import GOODS_ORDER
from .policy import pay_cells
from .ship import Ship, cell_of, order
from .tiles import CABINS


def part(ship: Ship, cells: list) -> Ship:
    twin = ship.copy()
    twin.cells = {c: twin.cells[c] for c in cells}
    return twin


def fragment_rank(ship: Ship, cells: list) -> tuple:
    """GT-DMG-03 default: most crew, most cabins, most engine power, most
    tiles, then the smallest (row, col) cell."""
    piece = part(ship, cells)
    first = min(cells, key=order)
    return (
        -piece.crew(),
        -len(piece.of_kind(*CABINS)),
        -piece.max_engine_power(),
        -len(cells),
        order(first),
    )


def release(state: GameState, p, cell) -> dict:
    """GT-DMG-01: a tile leaves the ship; what it carried returns."""
    placed = p.ship.cells.pop(cell)
    p.ship.lost.append(placed.tile)
    for good in placed.goods:
        state.supply[good] += 1
    return {
        "humans": placed.humans,
        "alien": placed.alien,
        "batteries": placed.batteries,
        "goods": list(placed.goods),
    }


def keep_fragment(state: GameState, emit: Emit, p):
    """GT-CHK-04 / GT-DMG-02..04."""
    parts = p.ship.fragments()
    if len(parts) > 1:
        best = min(parts, key=lambda cells: fragment_rank(p.ship, cells))
        default = Action("keep", {"cell": list(best[0])})
        emit("ship_split", p.id, fragments=[[list(c) for c in cells] for cells in parts])

        def problem(action: Action) -> str | None:
            cell = cell_of(action.params.get("cell")) if action.kind == "keep" else None
            return None if cell in p.ship.cells else _("Name a cell of the part you keep.")

        options = {
            "fragments": [[list(c) for c in cells] for cells in parts],
            "suggested": list(best[0]),
        }
        actions = [Action("keep", {"cell": list(cells[0])}) for cells in parts]
        action = yield Ask(
            p.id,
            "keep_fragment",
            _("Your ship broke apart: choose the part to keep."),
            options,
            actions,
            problem,
            default,
        )
        keep = tuple(action.params["cell"])
        kept = next(cells for cells in parts if keep in cells)
        lost = []
        for cells in parts:
            if cells is kept:
                continue
            for cell in cells:
                lost.append(p.ship.cells[cell].tile)
                release(state, p, cell)
        emit("fragment_kept", p.id, cell=list(keep), lost_tiles=lost)
    aliens_check(emit, p)


def aliens_check(emit: Emit, p) -> None:
    """GT-DMG-04: an alien without its life support dies."""
    for colour in ("brown", "purple"):
        cell = p.ship.alien(colour)
        if cell is not None and cell not in p.ship.eligible_cabins(colour):
            p.ship.cells[cell].alien = None
            emit("alien_lost", p.id, cell=list(cell), colour=colour)


def destroy(state: GameState, emit: Emit, p, cell):
    """A hit destroys a tile, then the ship may split."""
    tile = p.ship.cells[cell].tile
    returned = release(state, p, cell)
    emit("component_destroyed", p.id, tile=tile, cell=list(cell), returned=returned)
    yield from keep_fragment(state, emit, p)


# --- crew ---------------------------------------------------------------


def default_crew_loss(ship: Ship, count: int) -> list[list]:
    """GT-BOT-03 CHOOSE_CREW_LOSS: humans from the fullest cabin first,
    aliens last, brown before purple."""
    humans = {c: ship.cells[c].humans for c in ship.of_kind(*CABINS)}
    chosen = []
    for _member in range(count):
        full = [c for c in sorted(humans, key=order) if humans[c] > 0]
        if full:
            cell = max(full, key=lambda c: (humans[c], -order(c)[0], -order(c)[1]))
            humans[cell] -= 1
            chosen.append([cell[0], cell[1], "human"])
            continue
        taken = {(c[0], c[1]) for c in chosen if c[2] == "alien"}
        for colour in ("brown", "purple"):
            cell = ship.alien(colour)
            if cell is not None and cell not in taken:
                chosen.append([cell[0], cell[1], "alien"])
                break
    return chosen


def crew_loss_problem(ship: Ship, count: int, action: Action) -> str | None:
    crew = action.params.get("crew") if action.kind == "lose_crew" else None
    if not isinstance(crew, list) or len(crew) != count:
        return ngettext(
            "Name exactly %(count)d crew member to lose.",
            "Name exactly %(count)d crew members to lose.",
            count,
        ) % {"count": count}
    humans = {c: ship.cells[c].humans for c in ship.cells}
    aliens = set()
    for item in crew:
        if not isinstance(item, list) or len(item) != 3:
            return _("Name each crew member as [column, row, 'human' or 'alien'].")
        cell = cell_of(item[:2])
        if item[2] == "human" and humans.get(cell, 0) > 0:
            humans[cell] -= 1
        elif (
            item[2] == "alien"
            and cell in ship.cells
            and ship.cells[cell].alien
            and cell not in aliens
        ):
            aliens.add(cell)
        else:
            return _("That cabin has no such crew member left.")
    return None


def lose_crew(emit: Emit, p, count: int):
    """Lose `count` crew members, the owner choosing which (all when the crew
    is that many or fewer)."""
    ship = p.ship
    if ship.crew() <= count:
        chosen = [
            [c[0], c[1], "human"]
            for c in ship.of_kind(*CABINS)
            for _ in range(ship.cells[c].humans)
        ]
        chosen += [[c[0], c[1], "alien"] for c in ship.of_kind(*CABINS) if ship.cells[c].alien]
    else:
        default = Action("lose_crew", {"crew": default_crew_loss(ship, count)})
        options = {
            "count": count,
            "cabins": [
                {"cell": list(c), "humans": ship.cells[c].humans, "alien": ship.cells[c].alien}
                for c in ship.of_kind(*CABINS)
                if ship.cells[c].crew()
            ],
        }
        action = yield Ask(
            p.id,
            "choose_crew_loss",
            ngettext(
                "Choose %(count)d crew member to lose.",
                "Choose %(count)d crew members to lose.",
                count,
            )
            % {"count": count},
            options,
            [default],
            lambda a: crew_loss_problem(ship, count, a),
            default,
        )
        chosen = action.params["crew"]
    by_cell: dict = {}
    for col, row, what in chosen:
        placed = ship.cells[(col, row)]
        entry = by_cell.setdefault((col, row), [0, None])
        if what == "human":
            placed.humans -= 1
            entry[0] += 1
        else:
            entry[1] = placed.alien
            placed.alien = None
    for cell in sorted(by_cell, key=order):
        humans, alien = by_cell[cell]
        emit("crew_lost", p.id, cell=list(cell), humans=humans, alien=alien)


# --- goods and batteries --------------------------------------------------


def spend_battery(emit: Emit, p, cell) -> None:
    placed = p.ship.cells[cell]
    placed.batteries -= 1
    emit("battery_spent", p.id, cell=list(cell), remaining=placed.batteries)


def richest_battery(ship: Ship):
    """GT-BOT-03 payment: most tokens, then the smallest (row, col)."""
    cells = ship.battery_cells()
    return max(cells, key=lambda c: (ship.cells[c].batteries, -c[1], -c[0])) if cells else None


def goods_to_lose(ship: Ship, count: int) -> tuple[list[str], int]:
    """GT-CGO-04: the colours forced out, most valuable first, and how many
    battery tokens stand in for missing goods."""
    aboard = sorted(ship.goods(), key=GOODS_ORDER.index)
    colours = aboard[:count]
    return colours, min(count - len(colours), ship.tokens())


def default_goods_loss(ship: Ship, colours: list[str], tokens: int) -> dict:
    """Holds in (row, col) order; batteries as BasicBot pays (GT-BOT-03)."""
    left = {c: list(ship.cells[c].goods) for c in ship.holds()}
    cells = []
    for colour in colours:
        cell = next(c for c in ship.holds() if colour in left[c])
        left[cell].remove(colour)
        cells.append(list(cell))
    return {"goods": cells, "batteries": pay_cells(ship, tokens)}


def goods_loss_problem(ship: Ship, colours: list[str], tokens: int, action: Action):
    goods, batteries = action.params.get("goods"), action.params.get("batteries")
    if (
        action.kind != "lose_goods"
        or not isinstance(goods, list)
        or not isinstance(batteries, list)
    ):
        return _("Name the hold of each good and the battery of each token you lose.")
    if len(goods) != len(colours) or len(batteries) != tokens:
        if not tokens:
            return ngettext(
                "Lose exactly %(goods)d good.", "Lose exactly %(goods)d goods.", len(colours)
            ) % {"goods": len(colours)}
        if not colours:
            return ngettext(
                "Lose exactly %(tokens)d battery token.",
                "Lose exactly %(tokens)d battery tokens.",
                tokens,
            ) % {"tokens": tokens}
        counts = {"goods": len(colours), "tokens": tokens}
        if len(colours) == 1:
            return (
                ngettext(
                    "Lose exactly one good and %(tokens)d battery token.",
                    "Lose exactly one good and %(tokens)d battery tokens.",
                    tokens,
                )
                % counts
            )
        return (
            ngettext(
                "Lose exactly %(goods)d goods and %(tokens)d battery token.",
                "Lose exactly %(goods)d goods and %(tokens)d battery tokens.",
                tokens,
            )
            % counts
        )
    left = {c: list(ship.cells[c].goods) for c in ship.holds()}
    for colour, item in zip(colours, goods, strict=True):
        cell = cell_of(item)
        if cell not in left or colour not in left[cell]:
            return _("The most valuable goods go first: that hold does not hold one.")
        left[cell].remove(colour)
    charge = {c: ship.cells[c].batteries for c in ship.battery_cells()}
    for item in batteries:
        cell = cell_of(item)
        if charge.get(cell, 0) <= 0:
            return _("That battery has no token left.")
        charge[cell] -= 1
    return None


def lose_goods(state: GameState, emit: Emit, p, count: int):
    """GT-CGO-04: most valuable first, the owner choosing the holds
    (CHOOSE_GOODS_LOSS) and the batteries that stand in (CHOOSE_BATTERY_LOSS)."""
    ship = p.ship
    colours, tokens = goods_to_lose(ship, count)
    if not colours and not tokens:
        return
    default = Action("lose_goods", default_goods_loss(ship, colours, tokens))
    choice = len({c for c in ship.holds() if set(ship.cells[c].goods) & set(colours)}) > 1
    choice = choice or (tokens and len(ship.battery_cells()) > 1)
    action = default
    if choice:
        options = {
            "goods": colours,
            "tokens": tokens,
            "holds": [{"cell": list(c), "goods": list(ship.cells[c].goods)} for c in ship.holds()],
            "batteries": [
                {"cell": list(c), "tokens": ship.cells[c].batteries} for c in ship.battery_cells()
            ],
        }
        action = yield Ask(
            p.id,
            "choose_goods_loss",
            ngettext(
                "Choose where to lose %(count)d good.",
                "Choose where to lose %(count)d goods.",
                count,
            )
            % {"count": count},
            options,
            [default],
            lambda a: goods_loss_problem(ship, colours, tokens, a),
            default,
        )
    goods_by_cell: dict = {}
    batteries_by_cell: dict = {}
    for colour, item in zip(colours, action.params["goods"], strict=True):
        cell = tuple(item)
        ship.cells[cell].goods.remove(colour)
        state.supply[colour] += 1
        goods_by_cell.setdefault(cell, []).append(colour)
    for item in action.params["batteries"]:
        cell = tuple(item)
        ship.cells[cell].batteries -= 1
        batteries_by_cell[cell] = batteries_by_cell.get(cell, 0) + 1
    emit(
        "goods_lost",
        p.id,
        goods_by_cell=[
            [c[0], c[1], v] for c, v in sorted(goods_by_cell.items(), key=lambda i: order(i[0]))
        ],
        batteries_by_cell=[
            [c[0], c[1], v] for c, v in sorted(batteries_by_cell.items(), key=lambda i: order(i[0]))
        ],
    )
