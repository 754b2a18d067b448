"""Heat's cards and corners in the reader's words: a card by its kind or its
printed name, never its id (HEAT-GARAGE-01), as the cards widget draws it,
and a corner by its number and speed limit (HEAT-B-040)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...speech import N_, _, ngettext
from ..rules.cards import HEAT, SPEED, STARTING_UPGRADE, STRESS, card

STYLES = {
    "SPEED": "speed",
    "HEAT": "heat",
    "STRESS": "stress",
    "STARTING_UPGRADE": "upgrade",
    "UPGRADE": "upgrade",
    "SPONSORSHIP": "sponsor",
}


# The upgrade cards' printed names (HEAT-GARAGE-01, HEAT-RAIN); sponsors' and
# events' names are names and stay as printed.
UPGRADE_NAMES = frozenset(
    {
        N_("4 wheel drive"),
        N_("Air intake"),
        N_("Body"),
        N_("Brakes"),
        N_("Cooling system"),
        N_("Fuel"),
        N_("Gas pedal"),
        N_("Heat card"),
        N_("R.P.M."),
        N_("Suspension"),
        N_("Tires"),
        N_("Turbo charger"),
        N_("Wings"),
    }
)


def plural(count: Any, word: str) -> str:
    """A count of a Heat word: `word` is "space", "card", "draw" or "sponsorship card"."""
    words = {"count": count}
    if word == "space":
        return ngettext("%(count)s space", "%(count)s spaces", count) % words
    if word == "draw":
        return ngettext("%(count)s draw", "%(count)s draws", count) % words
    if word == "sponsorship card":
        return ngettext("%(count)s sponsorship card", "%(count)s sponsorship cards", count) % words
    return ngettext("%(count)s card", "%(count)s cards", count) % words


def named(name: Any, kind: Any, speed: Any) -> str:
    """A card's name in the reader's words (the basic cards by their kind, the upgrades by
    their printed name); sponsors' names are names."""
    if kind == SPEED:
        return _("Speed %(speed)s") % {"speed": speed}
    if kind == STARTING_UPGRADE:
        return _("Upgrade %(speed)s") % {"speed": speed}
    if kind == HEAT and name == "Heat":
        return _("Heat")
    if kind == STRESS:
        return _("Stress")
    if name in UPGRADE_NAMES:
        return _(name)
    return name or _("a card")


def card_name(card_id: Any) -> str:
    try:
        c = card(str(card_id))
    except (ValueError, IndexError, KeyError):
        return _("a card")
    return named(c.name, c.kind, c.speed)


def shown_card(view: Mapping) -> dict:
    """A card as the cards widget draws it: never its id as words."""
    kind = view.get("kind") or ""
    speed = view.get("speed")
    value = "" if speed is None else str(speed)
    if kind == "STRESS":
        value = "?"
    choices = view.get("speed_choices") or []
    if speed is None and choices:
        value = "/".join(str(c) for c in choices)
    return {
        "key": view["id"],
        "name": named(view.get("name"), kind, speed) if view.get("name") else _("Card"),
        "value": value,
        "style": STYLES.get(kind, "upgrade"),
        "note": _("draws a card for its speed") if view.get("plus") else "",
    }


def corner_words(number: Any, limit: Any = None) -> str:
    """A corner by its number, with its speed limit when given (HEAT-B-040)."""
    if limit is None:
        return _("Corner %(corner)s") % {"corner": number}
    return _("Corner %(corner)s (limit %(limit)s)") % {"corner": number, "limit": limit}


def _hand(options: Mapping, key: str = "hand") -> list[dict]:
    return [shown_card(c) for c in options.get(key) or [] if isinstance(c, Mapping)]


def _value_words(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        return _("%(count)s Heat") % {"count": value} if key == "count" else str(value)
    if isinstance(value, str):
        return card_name(value)
    if isinstance(value, list):
        return _(", ").join(card_name(v) for v in value) or _("none")
    return _("none")
