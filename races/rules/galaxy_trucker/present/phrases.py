"""The phrases Galaxy Trucker's sentences are made of: a tile, a cell, crew,
goods, credits and people, said in the game's words and never as ids."""

from __future__ import annotations

from ...speech import N_, _, ngettext, word_for
from ..rules.cards import CARDS
from ..rules.tiles import BOARDS, TILES

START = BOARDS["I"].start  # the starting cabin's cell on every board (GT-DM-12)

GOODS = {"R": N_("red"), "Y": N_("yellow"), "G": N_("green"), "B": N_("blue")}


ALIENS = {"brown": N_("brown"), "purple": N_("purple")}


def say(text: str, **values) -> str:
    """A sentence translated, then filled in."""
    return _(text) % values


# A tile said with its article, whole, so every language says it its own
# way ("an engine", not "a engine").
A_TILE = {
    "start_cabin": N_("a starting cabin"),
    "cabin": N_("a cabin"),
    "structure": N_("a structural module"),
    "battery": N_("a battery"),
    "cargo": N_("a cargo hold"),
    "special_cargo": N_("a special cargo hold"),
    "engine": N_("an engine"),
    "double_engine": N_("a double engine"),
    "cannon": N_("a cannon"),
    "double_cannon": N_("a double cannon"),
    "shield": N_("a shield generator"),
    "life_support_brown": N_("a brown life support"),
    "life_support_purple": N_("a purple life support"),
}


def tile(tile_id) -> str:
    try:
        return word_for(A_TILE, TILES[int(tile_id)].kind)
    except (KeyError, ValueError, TypeError):
        return _("a tile")


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
    """Where a cell is on the ship, from the starting cabin (every ship
    board has it at the same place, GT-DM-12), never as coordinates:
    "2 cells right and 1 cell back of the starting cabin"."""
    try:
        across, along = int(value[0]) - START[0], int(value[1]) - START[1]
    except (TypeError, IndexError, ValueError):
        return _("the ship")
    if not across and not along:
        return _("the starting cabin's place")
    said = []
    if across:
        said.append(
            (ngettext("%(count)d cell right", "%(count)d cells right", abs(across)) if across > 0
             else ngettext("%(count)d cell left", "%(count)d cells left", abs(across)))
            % {"count": abs(across)}
        )  # fmt: skip
    if along:
        said.append(
            (ngettext("%(count)d cell back", "%(count)d cells back", abs(along)) if along > 0
             else ngettext("%(count)d cell forward", "%(count)d cells forward", abs(along)))
            % {"count": abs(along)}
        )  # fmt: skip
    return _("%(offset)s of the starting cabin") % {"offset": _(" and ").join(said)}


def card(card_id) -> str:
    found = CARDS.get(card_id)
    return _(found.name) if found else _("a card")


def names_of(ids, names) -> str:
    return ", ".join(names.get(i, _("a player")) for i in ids or []) or _("nobody")
