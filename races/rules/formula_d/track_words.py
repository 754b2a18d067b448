"""A Formula D track in words: its data, its corners and spaces by name, each
space's lane, for the sentences and the panels."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from .track import DATA


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
    label = f"Corner {number}"
    return f"{label} ({stops} stop{'s' if stops != 1 else ''})" if stops else label


@cache
def _places(track_id: str) -> dict[str, str]:
    """Space id -> where it is, in words."""
    track = track_data(track_id) or {}
    where = {}
    for space in track.get("spaces", []):
        if space.get("kind") == "pit_box":
            where[space["id"]] = "in the pit box"
        elif space.get("kind") != "track":
            where[space["id"]] = "in the pit lane"
        elif space.get("corner"):
            where[space["id"]] = f"in {corner_name(space['corner'])}"
        else:
            where[space["id"]] = "on the straight"
    return where


def place(config: Mapping, space: Any) -> str:
    return _places(config.get("track") or "").get(space, "")


@cache
def lane_words(track_id: str) -> dict[str, str]:
    """Space id -> its lane in words, left to right in the direction of travel."""
    spaces = (track_data(track_id) or {}).get("spaces", [])
    widest: dict[int, int] = {}
    for space in spaces:
        if isinstance(space.get("lane"), int) and isinstance(space.get("rank"), int):
            widest[space["rank"]] = max(widest.get(space["rank"], 0), space["lane"])
    words = {}
    for space in spaces:
        lane, last = space.get("lane"), widest.get(space.get("rank"), 0)
        if space.get("kind") == "track" and isinstance(lane, int) and last:
            words[space["id"]] = (
                "left lane" if lane == 0 else "right lane" if lane == last else "middle lane"
            )
    return words
