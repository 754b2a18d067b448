"""The phrases Galaxy Trucker's sentences are made of: a tile, a cell, crew,
goods, credits and people, said in the game's words and never as ids."""

from __future__ import annotations

from ...speech import N_, _, ngettext
from ..rules.cards import CARDS
from ..rules.tiles import KIND_NAMES, TILES

GOODS = {"R": N_("red"), "Y": N_("yellow"), "G": N_("green"), "B": N_("blue")}


ALIENS = {"brown": N_("brown"), "purple": N_("purple")}


def say(text: str, **values) -> str:
    """A sentence translated, then filled in."""
    return _(text) % values


def tile(tile_id) -> str:
    try:
        kind = _(KIND_NAMES[TILES[int(tile_id)].kind])
    except (KeyError, ValueError, TypeError):
        return _("a tile")
    return _("a %(kind)s") % {"kind": kind}


def tiles(ids) -> str:
    count = len(ids or [])
    return ngettext("%(count)d component", "%(count)d components", count) % {"count": count}


def humans(count) -> str:
    return ngettext("%(count)d human", "%(count)d humans", count) % {"count": count}


def battery_tokens(count) -> str:
    return ngettext("%(count)d battery token", "%(count)d battery tokens", count) % {"count": count}


def credits(count) -> str:
    return ngettext("%(count)d credit", "%(count)d credits", count) % {"count": count}


def alien(colour) -> str:
    return _(ALIENS[colour]) if colour in ALIENS else _("unknown")


def goods(items) -> str:
    names = [_(GOODS[g]) if g in GOODS else _("unknown") for g in items or []]
    if not names:
        return _("no goods")
    return ngettext("%(goods)s good", "%(goods)s goods", len(names)) % {"goods": ", ".join(names)}


def cell(value) -> str:
    try:
        return _("column %(col)s, row %(row)s") % {"col": value[0], "row": value[1]}
    except (TypeError, IndexError):
        return _("the ship")


def card(card_id) -> str:
    found = CARDS.get(card_id)
    return _(found.name) if found else _("a card")


def names_of(ids, names) -> str:
    return ", ".join(names.get(i, _("a player")) for i in ids or []) or _("nobody")
