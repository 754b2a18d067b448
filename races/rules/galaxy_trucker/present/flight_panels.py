"""Galaxy Trucker's flight and check decisions (GT-API-02): each a plain form,
every choice said from the decision's options and the ship: cells by column
and row, components by their kind, never raw values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...contract import Action, Decision
from ...face.widgets import choice, numbered_form, panel
from ...speech import N_, _, ngettext
from ..rules.cards import CARDS, TYPE_NAMES
from .ship import at, goods_words, kind_of, own, part_at, ship_cells

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
