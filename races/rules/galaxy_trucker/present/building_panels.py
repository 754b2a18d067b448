"""Galaxy Trucker's building panels (GT-TBB-04/05): the next building step as a
list of choices in words beside the person's ship, and a tile in hand drawn
as it is turned, with one grid per way to turn it: a cell where the weld
keeps every building rule is a button, a cell where it breaks one a choice
saying the rule and what the structural check would remove (the engine's
answers, rules/welding.py; the words, weld_words.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...contract import Action, Decision
from ...face.widgets import choice, panel
from ...speech import _, ngettext, word_for
from ..rules.cards import TYPE_NAMES
from ..rules.ship import Ship
from ..rules.welding import check_losses, weld_breaches, weld_losses
from .pictures import tile_picture
from .ship import PICTURE, TURNS, connectors, grid, kind_of, own, tile_words
from .weld_words import beside_words, breach_words, losses_words


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
        (_("Hourglass"), _glass_words(o)),
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
    """The tile in hand drawn as it is turned, and the ship once per way to
    turn it: a cell where the weld breaks no rule is a button that welds it
    there; a cell where it breaks one is a choice that says the rule and
    what the structural check would remove (welding.py asks the engine)."""
    o = decision.options
    tile = o["tile"]
    car = own(view, decision.seat)
    ship = Ship.from_view(car.get("ship_class") or "I", car.get("ship") or [])
    items = []
    # Said once for the panel (a person weighs some sixty cells and turns).
    said = {
        "kind": kind_of(tile),
        "turns": [_(turn) for turn in TURNS],
        "safe": _("Weld the %(kind)s here, %(turn)s%(beside)s"),
        "risky": _("Weld the %(kind)s here anyway, %(turn)s%(beside)s"),
        "beside": {cell: beside_words(ship, cell) for cell in ship.open_cells()},
        "before": check_losses(ship),
    }
    for action in legal:
        if action.kind == "place":
            items.append(_place_choice(ship, tile, action, said))
        elif action.kind == "reserve":
            items.append(choice(action, _("Put it in your reserve")))
        elif action.kind == "return":
            items.append(choice(action, _("Put it back face up")))
    turns = sorted({c["grid"] for c in items if "grid" in c})
    drawn = grid(car, "")  # the ship is the same under every turn of the tile
    grids = [
        {
            **drawn,
            "label": _("Your ship, the tile %(turn)s") % {"turn": _(TURNS[rot])},
            "hand": tile_picture(tile, rot, PICTURE),
            "hand_words": connectors(tile, rot),
            "offered": sum(1 for c in items if c.get("grid") == rot and not c["danger"]),
        }
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


def _place_choice(ship: Ship, tile: int, action: Action, said: dict) -> dict:
    cell, rot = tuple(action.params["cell"]), action.params["rot"]
    breaches = weld_breaches(ship, tile, cell, rot)
    shown = {"grid": rot, "cell": f"{cell[0]},{cell[1]}"}
    words = {
        "kind": said["kind"],
        "turn": said["turns"][rot],
        "beside": said["beside"].get(cell) or beside_words(ship, cell),
    }
    if not breaches:
        return choice(action, said["safe"] % words, **shown)
    details = [breach_words(ship, tile, cell, rot, b) for b in breaches]
    lost = weld_losses(ship, tile, cell, rot, said["before"], breaches)
    details.append(losses_words(ship, cell, lost))
    return choice(action, said["risky"] % words, details, danger=True, **shown)


def _glass_words(o: dict) -> str:
    """GT-TBB-03: the hourglass's circle and the steps its run has left, or
    at a live table, where its sand runs in real seconds (shown beside the
    board), only the circle."""
    if o.get("hourglass_seconds"):
        return _("on circle %(circle)s, the sand running") % {"circle": o.get("hourglass", "")}
    return ngettext(
        "on circle %(circle)s, %(count)d step left",
        "on circle %(circle)s, %(count)d steps left",
        o.get("ticks_left", 0),
    ) % {"circle": o.get("hourglass", ""), "count": o.get("ticks_left", 0)}
