"""A Formula D track in words: its data, its corners and spaces by name, each
space's lane, for the sentences and the panels."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from ...speech import N_, _, ngettext
from ..rules.track import DATA


@cache
def track_data(track_id: str) -> dict | None:
    if not isinstance(track_id, str) or not track_id.replace("_", "").isalnum():
        return None
    path = DATA / f"{track_id}.json"
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def corner_name(corner_id: Any, track: Mapping | None = None) -> str:
    text = str(corner_id)
    number = text.lstrip("CT") if text.lstrip("CT").isdigit() else text
    stops = None
    for corner in (track or {}).get("corners", []):
        if corner.get("id") == corner_id:
            stops = corner.get("stops")
    if not stops:
        return _("Corner %(number)s") % {"number": number}
    return ngettext(
        "Corner %(number)s (%(stops)s stop)", "Corner %(number)s (%(stops)s stops)", stops
    ) % {"number": number, "stops": stops}


@cache
def _places(track_id: str) -> dict[str, tuple[str, Any]]:
    """Space id -> (what kind of place it is, its corner), said in words by `place`."""
    track = track_data(track_id) or {}
    where = {}
    for space in track.get("spaces", []):
        if space.get("kind") == "pit_box":
            where[space["id"]] = ("pit_box", None)
        elif space.get("kind") != "track":
            where[space["id"]] = ("pit_lane", None)
        elif space.get("corner"):
            where[space["id"]] = ("corner", space["corner"])
        else:
            where[space["id"]] = ("straight", None)
    return where


def place(config: Mapping, space: Any) -> str:
    """Where a space is, in words: "in the pit box", "in Corner 2", "on the straight"."""
    kind, corner = _places(config.get("track") or "").get(space, ("", None))
    if kind == "pit_box":
        return _("in the pit box")
    if kind == "pit_lane":
        return _("in the pit lane")
    if kind == "corner":
        return _("in %(corner)s") % {"corner": corner_name(corner)}
    if kind == "straight":
        return _("on the straight")
    return ""


LANES = {"left": N_("left lane"), "middle": N_("middle lane"), "right": N_("right lane")}


def lane_words(track_id: str) -> dict[str, str]:
    """Space id -> its lane in words, left to right in the direction of travel."""
    return {space: _(LANES[lane]) for space, lane in _lanes(track_id).items()}


@cache
def _lanes(track_id: str) -> dict[str, str]:
    """Space id -> which lane it is (a key of LANES)."""
    spaces = (track_data(track_id) or {}).get("spaces", [])
    widest: dict[int, int] = {}
    for space in spaces:
        if isinstance(space.get("lane"), int) and isinstance(space.get("rank"), int):
            widest[space["rank"]] = max(widest.get(space["rank"], 0), space["lane"])
    words = {}
    for space in spaces:
        lane, last = space.get("lane"), widest.get(space.get("rank"), 0)
        if space.get("kind") == "track" and isinstance(lane, int) and last:
            words[space["id"]] = "left" if lane == 0 else "right" if lane == last else "middle"
    return words
