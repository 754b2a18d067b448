"""Galaxy Trucker's decision panels (the presentation's panels part,
races/rules/face/panels.py; the widgets are races/rules/face/widgets.py).

Building is the `tile` widget: the person's own ship as a grid of cells
(GT-DM-12), and for a tile in hand one grid per way to turn it (GT-TBB-05),
each cell it may be welded into a button; the other steps (draw, take a
face-up or reserved tile, look at a stack, finish, wait, reserve, return:
GT-TBB-04/05) are a list of choices in words. Every flight decision of
GT-API-02 is a plain form, each choice said from the decision's options and
the ship: cells by column and row, components by their kind, never raw values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...contract import Action, Decision
from ...face.panels import Panels
from ...face.widgets import choice, numbered_form, panel
from ...speech import N_, _, ngettext, word_for
from ..rules.cards import CARDS, TYPE_NAMES
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
DECISION_WORDS = {
    "repair": N_("Repair the ship"),
    "keep_fragment": N_("Keep a part of the ship"),
    "place_aliens": N_("Aliens aboard"),
    "give_up": N_("Fly on or land"),
    "declare_engines": N_("Engine power"),
    "declare_cannons": N_("Firepower"),
    "defend": N_("Defence"),
    "choose_planet": N_("Planets"),
    "arrange": N_("Load the holds"),
    "accept": N_("An offer"),
    "choose_crew_loss": N_("Crew to lose"),
    "choose_goods_loss": N_("Goods to lose"),
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


# --- building (GT-TBB-04/05) ----------------------------------------------


def build_step_panel(decision: Decision, view: Mapping, legal: Sequence[Action]) -> dict:
    o = decision.options
    items = []
    for action in legal:
        kind, params = action.kind, action.params
        if kind == "draw":
            items.append(choice(action, _("Draw a face-down tile")))
        elif kind == "take_face_up":
            items.append(
                choice(
                    action, _("Take the face-up %(tile)s") % {"tile": tile_words(params["tile"])}
                )
            )
        elif kind == "take_reserved":
            items.append(
                choice(
                    action,
                    _("Build in your reserved %(tile)s") % {"tile": tile_words(params["tile"])},
                )
            )
        elif kind == "peek":
            items.append(choice(action, _("Look at stack %(stack)d") % {"stack": params["stack"]}))
        elif kind == "finish":
            token = params.get("token") or (o.get("tokens") or [0])[0]
            items.append(
                choice(
                    action,
                    _("Finish your ship and take order token %(token)d") % {"token": token},
                    [_("your ship cannot change after this")],
                    danger=True,
                )
            )
        else:
            items.append(choice(action, _("Wait this step")))
    car = own(view, decision.seat)
    peeked = "; ".join(
        _("stack %(stack)d: %(cards)s")
        % {
            "stack": p["stack"],
            "cards": ", ".join(word_for(TYPE_NAMES, c["type"], c["type"]) for c in p["cards"]),
        }
        for p in view.get("peeked") or []
    )
    facts = [
        (
            _("Hourglass"),
            ngettext(
                "on circle %(circle)s, %(count)d step left",
                "on circle %(circle)s, %(count)d steps left",
                o.get("ticks_left", 0),
            )
            % {"circle": o.get("hourglass", ""), "count": o.get("ticks_left", 0)},
        ),
        (_("Face-down tiles"), str(o.get("face_down", 0))),
        (_("Your reserve"), ", ".join(tile_words(t) for t in o.get("reserved") or [])),
        (_("Order tokens left"), ", ".join(str(t) for t in o.get("tokens") or [])),
        (_("Stacks you looked at"), peeked),
    ]
    return panel(
        "tile",
        decision,
        items,
        title=_("Your next building step"),
        facts=facts,
        grids=[grid(car, _("Your ship"))],
    )


def resolve_panel(decision: Decision, view: Mapping, legal: Sequence[Action]) -> dict:
    o = decision.options
    tile = o["tile"]
    car = own(view, decision.seat)
    items = []
    for action in legal:
        if action.kind == "place":
            cell, rot = action.params["cell"], action.params["rot"]
            items.append(
                choice(
                    action,
                    _("Weld it at %(cell)s, %(turn)s") % {"cell": at(cell), "turn": _(TURNS[rot])},
                    grid=rot,
                    cell=f"{cell[0]},{cell[1]}",
                )
            )
        elif action.kind == "reserve":
            items.append(choice(action, _("Put it in your reserve")))
        elif action.kind == "return":
            items.append(choice(action, _("Put it back face up")))
    turns = sorted({c["grid"] for c in items if "grid" in c})
    grids = [
        grid(
            car,
            _("Where to weld it, %(turn)s: %(connectors)s")
            % {"turn": _(TURNS[rot]), "connectors": connectors(tile, rot)},
            mark=_(GLYPHS[TILES[tile].kind]),
            sides=side_styles(tile, rot),
        )
        for rot in turns
    ]
    for number, item in enumerate(items):
        if "grid" in item:
            item["grid"] = turns.index(item["grid"])
        item.setdefault("order", number)
    if o.get("from") == "reserve":
        where = _("from your reserve")
    elif o.get("from") == "face_up":
        where = _("taken face up")
    else:
        where = _("drawn face down")
    return panel(
        "tile",
        decision,
        items,
        title=_("Build in the %(kind)s %(where)s") % {"kind": kind_of(tile), "where": where},
        facts=[(_("In your hand"), tile_words(tile))],
        grids=grids or [grid(car, _("Your ship"))],
    )


# --- flight and check decisions (GT-API-02) --------------------------------


def flight_label(kind: str, action: Action, options: Mapping, cells: Mapping) -> tuple[str, bool]:
    """One flight decision's action in words, and whether it is the risky one."""
    p = action.params
    if action.kind == "fly_on":
        return _("Fly on"), False
    if action.kind == "give_up":
        return _("Give up and land now, keeping your credits"), True
    if action.kind == "land":
        planet = next(
            (x for x in options.get("planets") or [] if x.get("planet") == p.get("planet")), None
        )
        if p.get("planet") is None or planet is None:
            return _("Stay in space"), False
        return _("Land on planet %(planet)d for %(goods)s, losing %(days)d flight days") % {
            "planet": p["planet"],
            "goods": goods_words(planet.get("goods") or []),
            "days": options.get("days", 0),
        }, False
    if action.kind in ("stay", "pass_planet"):
        return _("Stay in space"), False
    if action.kind == "accept":
        return _("Accept: %(offer)s") % {"offer": options.get("question") or _("yes")}, False
    if action.kind == "decline":
        return _("Decline"), False
    if action.kind == "take_hit":
        return _("Take the hit"), True
    if action.kind == "defend":
        return _("Defend with %(device)s, paying with the battery at %(cell)s") % {
            "device": part_at(cells, p["device"]),
            "cell": at(p["pay"]),
        }, False
    if action.kind == "declare":
        on = p.get("activate") or []
        if not on:
            return _("Switch on no double devices, spend no batteries"), False
        return _("Switch on %(devices)s, paying with %(batteries)s") % {
            "devices": "; ".join(part_at(cells, c) for c in on),
            "batteries": "; ".join(
                _("the battery at %(cell)s") % {"cell": at(c)} for c in p["pay"]
            ),
        }, False
    if action.kind == "aliens":
        chosen = [
            _("a %(colour)s alien in the cabin at %(cell)s") % {"colour": _(colour), "cell": at(c)}
            for colour, c in (("brown", p.get("brown")), ("purple", p.get("purple")))
            if c
        ]
        return (_("Take %(aliens)s") % {"aliens": " and ".join(chosen)}) if chosen else _(
            "Fly with humans only"
        ), False
    if action.kind == "keep":
        size = next((len(f) for f in options.get("fragments") or [] if list(p["cell"]) in f), 0)
        return ngettext(
            "Keep the part with %(part)s (%(count)d component)",
            "Keep the part with %(part)s (%(count)d components)",
            size,
        ) % {"part": part_at(cells, p["cell"]), "count": size}, False
    if action.kind == "remove":
        return _("Remove %(parts)s") % {
            "parts": "; ".join(
                _("the %(kind)s") % {"kind": kind_of(t)} for t in p.get("tiles") or []
            )
        }, True
    if action.kind == "arrange":
        loads = [
            _("%(goods)s in the hold at %(cell)s")
            % {"goods": goods_words(h["goods"]), "cell": at(h["cell"])}
            for h in p.get("holds") or []
            if h.get("goods")
        ]
        return (_("Load %(loads)s") % {"loads": "; ".join(loads)}) if loads else _(
            "Load nothing"
        ), False
    if action.kind == "lose_crew":
        return _("Lose %(crew)s") % {
            "crew": "; ".join(
                _("a %(who)s from the cabin at %(cell)s")
                % {"who": _("human") if who == "human" else _("alien"), "cell": at((c, r))}
                for c, r, who in p.get("crew") or []
            )
        }, True
    if action.kind == "lose_goods":
        parts = [
            _("a good from the hold at %(cell)s") % {"cell": at(c)} for c in p.get("goods") or []
        ]
        parts += [
            _("a battery token at %(cell)s") % {"cell": at(c)} for c in p.get("batteries") or []
        ]
        return _("Lose %(what)s") % {"what": "; ".join(parts) or _("nothing")}, True
    raise KeyError(action.kind)


def flight_panel(decision: Decision, view: Mapping, legal: Sequence[Action]) -> dict:
    cells = ship_cells(own(view, decision.seat))
    options = {**decision.options, "question": decision.prompt.rstrip("?")}
    items = []
    try:
        for action in legal:
            label, danger = flight_label(decision.kind, action, options, cells)
            items.append(choice(action, label, danger=danger))
    except (KeyError, TypeError, IndexError, ValueError):
        return numbered_form(decision, legal, {k: _(v) for k, v in DECISION_WORDS.items()})
    facts = []
    if decision.kind == "give_up":
        facts.append((_("Your credits"), str(options.get("credits", 0))))
    card = view.get("current_card")
    if card in CARDS:
        facts.append((_("Adventure"), _(TYPE_NAMES.get(CARDS[card].type, CARDS[card].type))))
    return panel(
        "form",
        decision,
        items,
        title=decision.prompt,
        facts=facts,
    )


def gt_panel(decision: Decision, view: Mapping, legal: Sequence[Action]) -> dict:
    if decision.kind == "build_step":
        return build_step_panel(decision, view, legal)
    if decision.kind == "resolve_tile":
        return resolve_panel(decision, view, legal)
    return flight_panel(decision, view, legal)


class GalaxyTruckerPanels(Panels):
    decision_words = DECISION_WORDS

    def panel(self, decision, view, *, legal):
        """Building on the ship's grid, flight decisions as forms in words."""
        return gt_panel(decision, view, legal)
