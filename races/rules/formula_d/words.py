"""Formula D's words for a car's parts and tyres, shared by the sentences and the panels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

PARTS = {
    "WP": "wear points",
    "T": "tyres",
    "Br": "brakes",
    "Gb": "gearbox",
    "Bo": "body",
    "En": "engine",
    "Su": "suspension",
}
TYRES = {"hard": "hard tyres", "soft": "soft tyres", "rain": "rain tyres"}


def parts(costs: Any) -> str:
    """{"Br": 1, "T": 2} -> "−1 brakes, −2 tyres"."""
    if not isinstance(costs, Mapping):
        return ""
    return ", ".join(f"−{v} {PARTS.get(k, 'wear')}" for k, v in costs.items() if v)


def wear_left(wear: Any) -> str:
    if not isinstance(wear, Mapping) or not wear:
        return ""
    return ", ".join(f"{PARTS.get(k, 'wear')} {v}" for k, v in wear.items())
