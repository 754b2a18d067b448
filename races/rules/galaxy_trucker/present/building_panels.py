"""Galaxy Trucker's building panels (GT-TBB-04/05): the next building step as a
list of choices in words beside the person's ship, and a tile in hand as one
grid per way to turn it, each cell it may be welded into a button."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...contract import Action, Decision
from ...face.widgets import choice, panel
from ...speech import _, ngettext, word_for
from ..rules.cards import TYPE_NAMES
from ..rules.tiles import TILES
from .ship import GLYPHS, TURNS, at, connectors, grid, kind_of, own, side_styles, tile_words


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
