"""Drawing a track as SVG from its data. Tracks have no geometry (FD-T-1), so
each space is placed on a closed loop by its rank (position along the lap)
and offset sideways by its lane."""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

import races.rules

DATA_ROOT = Path(races.rules.__file__).resolve().parent


def track_load(game: str, track_id: str) -> dict | None:
    """The track's data file (races/rules/<game>/data/<track>.json), or None
    when the game ships no such file. Heat's tracks (one file of positions
    and corners) become a track of two spots per space."""
    if (
        not track_id.replace("_", "").replace("-", "").isalnum()
        or not game.replace("_", "").isalnum()
    ):
        return None
    if game == "heat":
        return _heat_track(str(DATA_ROOT), track_id)
    return _load(str(DATA_ROOT), game, track_id)


@lru_cache(maxsize=32)
def _heat_track(root: str, track_id: str) -> dict | None:
    path = Path(root) / "heat" / "data" / "tracks.json"
    if not path.is_file():
        return None
    with path.open(encoding="utf-8") as handle:
        tracks = json.load(handle).get("tracks", [])
    track = next((t for t in tracks if isinstance(t, dict) and t.get("id") == track_id), None)
    if track is None or not isinstance(track.get("length"), int):
        return None
    corners = {c["position"]: c for c in track.get("corners", []) if isinstance(c, dict)}
    spaces = [
        {
            "id": f"h{position}:{spot}",
            "kind": "track",
            "lane": lane,
            "rank": position,
            "corner": str(corners[position]["id"]) if position in corners else None,
        }
        for position in range(track["length"])
        for lane, spot in enumerate(("RL", "OUT"))
    ]
    return {
        "id": track_id,
        "name": track.get("name", track_id),
        "L": track["length"],
        "spaces": spaces,
        "corners": [
            {"id": str(c["id"]), "stops": c.get("limit"), "name": f"corner {c['id']}"}
            for c in corners.values()
        ],
        "fold": True,
    }


@lru_cache(maxsize=32)
def _load(root: str, game: str, track_id: str) -> dict | None:
    path = Path(root) / game / "data" / f"{track_id}.json"
    if not path.is_file():
        return None
    with path.open(encoding="utf-8") as handle:
        data = json.load(handle)
    return data if isinstance(data, dict) and isinstance(data.get("spaces"), list) else None


WIDTH, HEIGHT = 900, 520
LANE_GAP = 15


def _loop_point(t: float) -> tuple[float, float, float, float]:
    """A point on a stadium-shaped loop (clockwise from the start line at the
    bottom middle) and the outward normal there; t in [0, 1)."""
    straight, radius = 420.0, 165.0
    perimeter = 2 * straight + 2 * math.pi * radius
    s = (t % 1.0) * perimeter
    cx, cy = WIDTH / 2, HEIGHT / 2
    half = straight / 2
    # bottom straight, from the middle going left (clockwise on screen)
    if s < half:
        return cx - s, cy + radius, 0.0, 1.0
    s -= half
    arc = math.pi * radius
    if s < arc:  # left bend
        a = math.pi / 2 + s / radius
        return cx - half + radius * math.cos(a), cy + radius * math.sin(a), math.cos(a), math.sin(a)
    s -= arc
    if s < straight:  # top straight, left to right
        return cx - half + s, cy - radius, 0.0, -1.0
    s -= straight
    if s < arc:  # right bend
        a = -math.pi / 2 + s / radius
        return cx + half + radius * math.cos(a), cy + radius * math.sin(a), math.cos(a), math.sin(a)
    s -= arc
    return cx + half - s, cy + radius, 0.0, 1.0


def track_drawing(track: dict) -> dict:
    """Coordinates of every space, corner labels, and the start line."""
    return _drawing(json.dumps(track, sort_keys=True))


@lru_cache(maxsize=16)
def _drawing(track_json: str) -> dict:
    track = json.loads(track_json)
    spaces = track["spaces"]
    ranks = int(track.get("L") or (max((s.get("rank") or 0) for s in spaces) + 1))
    lanes = [s.get("lane") for s in spaces if isinstance(s.get("lane"), int)]
    centre = (max(lanes) + min(lanes)) / 2 if lanes else 1
    corner_ids = {c["id"]: c for c in track.get("corners", []) if isinstance(c, dict)}
    points = {}
    for space in spaces:
        kind = space.get("kind", "track")
        rank = space.get("rank")
        lane = space.get("lane")
        if kind != "track":
            rank = space.get("pit_rank", rank)
            lane = (max(lanes) + 1.6) if lanes else 3
        if not isinstance(rank, (int, float)) or not isinstance(lane, (int, float)):
            continue
        x, y, nx, ny = _loop_point((rank + 0.5) / ranks)
        # Lane 0 is the leftmost in the direction of travel; travelling
        # clockwise, left is outward.
        offset = (centre - lane) * LANE_GAP
        points[space["id"]] = {
            "id": space["id"],
            "x": round(x + nx * offset, 1),
            "y": round(y + ny * offset, 1),
            "kind": "pit" if kind != "track" else ("corner" if space.get("corner") else "straight"),
            "zone": space.get("zone") or "",
        }
    labels = []
    for corner in corner_ids.values():
        corner_ranks = [
            s["rank"]
            for s in spaces
            if s.get("corner") == corner["id"] and isinstance(s.get("rank"), int)
        ]
        if not corner_ranks:
            continue
        mid = (min(corner_ranks) + max(corner_ranks) + 1) / 2
        x, y, nx, ny = _loop_point(mid / ranks)
        out = (LANE_GAP * (centre + 2.4)) if lanes else 40
        labels.append(
            {
                "x": round(x + nx * out, 1),
                "y": round(y + ny * out, 1),
                "text": f"{corner.get('name') or corner['id']} ({corner.get('stops', '?')})",
            }
        )
    x0, y0, nx, ny = _loop_point(0.0)
    half = LANE_GAP * (centre + 1)
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "spaces": list(points.values()),
        "at": points,
        "labels": labels,
        "line": {
            "x1": x0 - nx * half,
            "y1": y0 - ny * half,
            "x2": x0 + nx * half,
            "y2": y0 + ny * half,
        },
        "name": track.get("name") or track.get("id"),
        "fold": bool(track.get("fold")),
        "ranks": ranks,
    }


def space_point(drawing: dict, space: str | None) -> dict | None:
    """Where a space is drawn; Heat positions past a lap fold back onto it."""
    if not space:
        return None
    point = drawing["at"].get(space)
    if point is None and drawing.get("fold") and space.startswith("h") and ":" in space:
        position, spot = space[1:].split(":", 1)
        try:
            point = drawing["at"].get(f"h{int(position) % drawing['ranks']}:{spot}")
        except ValueError:
            return None
    return point


def corner_names(track: dict | None) -> dict[str, str]:
    if not track:
        return {}
    return {
        c["id"]: c.get("name") or f"corner {c['id']}"
        for c in track.get("corners", [])
        if isinstance(c, dict) and "id" in c
    }
