"""Galaxy Trucker's flight and check decisions (GT-API-02): the ship drawn
as it is (crew, cabins, batteries, goods) with a letter on every part a
choice names, and the choices said by those letters ("switch on the double
cannon A, paying with the battery C"): never a cell's coordinates, never a
raw value."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...contract import Action, Decision
from ...face.widgets import choice, numbered_form, panel
from ...speech import N_, _, ngettext
from ..rules.cards import CARDS, TYPE_NAMES
from ..rules.tiles import CABINS, TILES
from .ship import Marks, goods_words, grid, letter_of, own, ship_cells

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


def flight_label(
    kind: str, action: Action, options: Mapping, cells: Mapping, marks: Marks
) -> tuple[str, bool]:
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
        return _("Defend with %(device)s, paying with %(battery)s") % {
            "device": marks.part(cells, p["device"]),
            "battery": marks.part(cells, p["pay"]),
        }, False
    if action.kind == "declare":
        on = p.get("activate") or []
        if not on:
            return _("Switch on no double devices, spend no batteries"), False
        return _("Switch on %(devices)s, paying with %(batteries)s") % {
            "devices": _(" and ").join(marks.part(cells, c) for c in on),
            "batteries": _(" and ").join(marks.part(cells, c) for c in p["pay"]),
        }, False
    if action.kind == "aliens":
        chosen = [
            _("a %(colour)s alien in %(cabin)s")
            % {"colour": _(colour), "cabin": marks.part(cells, c)}
            for colour, c in (("brown", p.get("brown")), ("purple", p.get("purple")))
            if c
        ]
        return (_("Take %(aliens)s") % {"aliens": _(" and ").join(chosen)}) if chosen else _(
            "Fly with humans only"
        ), False
    if action.kind == "keep":
        return _keep_label(options, cells, marks, p["cell"]), False
    if action.kind == "remove":
        return _("Remove %(parts)s") % {
            "parts": _(" and ").join(
                marks.part(cells, at) for at in _cells_of(cells, p.get("tiles") or [])
            )
        }, True
    if action.kind == "arrange":
        loads = [
            _("%(goods)s in %(hold)s")
            % {"goods": goods_words(h["goods"]), "hold": marks.part(cells, h["cell"])}
            for h in p.get("holds") or []
            if h.get("goods")
        ]
        return (_("Load %(loads)s") % {"loads": _(" and ").join(loads)}) if loads else _(
            "Load nothing"
        ), False
    if action.kind == "lose_crew":
        return _("Lose %(crew)s") % {
            "crew": _(" and ").join(
                (_("a human from %(cabin)s") if who == "human" else _("the alien from %(cabin)s"))
                % {"cabin": marks.part(cells, (c, r))}
                for c, r, who in p.get("crew") or []
            )
        }, True
    if action.kind == "lose_goods":
        parts = [
            _("a good from %(hold)s") % {"hold": marks.part(cells, c)} for c in p.get("goods") or []
        ]
        parts += [
            _("a battery charge from %(battery)s") % {"battery": marks.part(cells, c)}
            for c in p.get("batteries") or []
        ]
        return _("Lose %(what)s") % {"what": _(" and ").join(parts) or _("nothing")}, True
    raise KeyError(action.kind)


def _cells_of(cells: Mapping, tiles) -> list:
    at = {placed[0]: cell for cell, placed in cells.items()}
    return [at[t] for t in tiles if t in at]


def _keep_label(options: Mapping, cells: Mapping, marks: Marks, cell) -> str:
    """A part of a broken ship, by its letter on the picture and what it holds."""
    parts = [[tuple(c) for c in f] for f in options.get("fragments") or []]
    number, part = next(((n, f) for n, f in enumerate(parts) if tuple(cell) in f), (0, []))
    for other, fragment in enumerate(parts):  # every tile of a part wears its letter
        for c in fragment:
            marks.cells[c] = letter_of(other)
    marks.touched = list(part)
    held = [cells[c] for c in part if c in cells]
    cabins = sum(1 for t in held if TILES[t[0]].kind in CABINS)
    crew = sum((t[5] or 0) + (1 if t[6] else 0) for t in held)
    return _("Keep part %(part)s: %(components)s, %(cabins)s, %(crew)s") % {
        "part": letter_of(number),
        "components": ngettext("%(count)d component", "%(count)d components", len(part))
        % {"count": len(part)},
        "cabins": ngettext("%(count)d cabin", "%(count)d cabins", cabins) % {"count": cabins},
        "crew": ngettext("%(count)d crew member", "%(count)d crew members", crew) % {"count": crew},
    }


def flight_panel(decision: Decision, view: Mapping, legal: Sequence[Action]) -> dict:
    car = own(view, decision.seat)
    cells = ship_cells(car)
    marks = Marks()
    options = {**decision.options, "question": decision.prompt.rstrip("?")}
    items, picks = [], {}
    try:
        for number, action in enumerate(legal):
            marks.touched = []
            label, danger = flight_label(decision.kind, action, options, cells, marks)
            items.append(choice(action, label, danger=danger))
            # a click on a part picks the choice about that part alone (or
            # about the part of the ship it belongs to, GT-DMG-03)
            named = set(marks.touched)
            if len(named) == 1 or decision.kind == "keep_fragment":
                for cell in sorted(named):
                    picks.setdefault(cell, number)
    except (KeyError, TypeError, IndexError, ValueError):
        return numbered_form(decision, legal, {k: _(v) for k, v in DECISION_WORDS.items()})
    facts = []
    if decision.kind == "give_up":
        facts.append((_("Your credits"), str(options.get("credits", 0))))
    card = view.get("current_card")
    if card in CARDS:
        facts.append((_("Adventure"), _(TYPE_NAMES.get(CARDS[card].type, CARDS[card].type))))
    if not marks.cells or not car:
        return panel("form", decision, items, title=decision.prompt, facts=facts)
    # The parts the choices name, lettered on the ship's picture.
    return panel(
        "tile",
        decision,
        items,
        title=decision.prompt,
        facts=facts,
        grids=[
            grid(car, _("Your ship: the letters name the parts in the choices"), marks.cells, picks)
        ],  # fmt: skip
    )
