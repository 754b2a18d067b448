"""Formula D's words for a car's parts and tyres, shared by the sentences and the panels.

The tables are marked with `N_` and translated where they are said (races/rules/speech.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...speech import N_, _

PARTS = {
    "WP": N_("wear points"),
    "T": N_("tyres"),
    "Br": N_("brakes"),
    "Gb": N_("gearbox"),
    "Bo": N_("body"),
    "En": N_("engine"),
    "Su": N_("suspension"),
}
WEAR = N_("wear")
TYRES = {"hard": N_("hard tyres"), "soft": N_("soft tyres"), "rain": N_("rain tyres")}


def part(key: Any) -> str:
    """One part of the car in the reader's words ("wear" for one the game does not name)."""
    return _(PARTS.get(key, WEAR))


def tyres(kind: Any, otherwise: str = "") -> str:
    return _(TYRES[kind]) if kind in TYRES else otherwise


def parts(costs: Any) -> str:
    """{"Br": 1, "T": 2} -> "−1 brakes, −2 tyres"."""
    if not isinstance(costs, Mapping):
        return ""
    return _(", ").join(
        _("−%(count)s %(part)s") % {"count": v, "part": part(k)} for k, v in costs.items() if v
    )


def gains(changes: Any) -> str:
    """{"Br": 1} -> "+1 brakes"."""
    if not isinstance(changes, Mapping):
        return ""
    return _(", ").join(
        _("+%(count)s %(part)s") % {"count": v, "part": part(k)} for k, v in changes.items() if v
    )


def wear_left(wear: Any) -> str:
    if not isinstance(wear, Mapping) or not wear:
        return ""
    return _(", ").join(
        _("%(part)s %(count)s") % {"part": part(k), "count": v} for k, v in wear.items()
    )
