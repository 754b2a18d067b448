"""Neutral drawing primitives for a game's scene, and the loop-of-lanes
layout the racing games share.

A scene is plain data that one SVG template draws for every game:

    {"width", "height", "title",
     "shapes": [{"kind": "space"|"square"|"line"|"wall"|"arrow"|"label"|"poly"|"dot"|"path", ...}],
     "anchors": {place id: [x, y]},
     "tokens": [{"seat", "x", "y", "colour", "label", "name", "active", "out"}]}

A `poly` has `points` ("x,y x,y …"), a `dot` its centre and `r`, a `path`
its SVG path data `d` (many pieces of one style drawn as one); a `label`
may say where its text is anchored (`anchor`: "start", "middle", "end").
`shapes` and `anchors` are the board (computed once per track); `tokens` are
the cars or robots placed on it for one moment of the race.

Tracks in these games have no geometry of their own (FD-T-1), so the loop
layout places each space on a stadium-shaped loop by its rank (its position
along the lap) and offsets it sideways by its lane.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

WIDTH, HEIGHT = 900, 520
LANE_GAP = 15
CAR_COLOURS = (
    "#c0392b",
    "#2471a3",
    "#229954",
    "#b7950b",
    "#7d3c98",
    "#ca6f1e",
    "#17a589",
    "#566573",
    "#d35400",
    "#1f618d",
    "#6c3483",
    "#117a65",
)


def _loop_point(t: float) -> tuple[float, float, float, float]:
    """A point on a stadium-shaped loop (clockwise from the start line at the
    bottom middle) and the outward normal there; t in [0, 1)."""
    straight, radius = 420.0, 165.0
    perimeter = 2 * straight + 2 * math.pi * radius
    s = (t % 1.0) * perimeter
    cx, cy = WIDTH / 2, HEIGHT / 2
    half = straight / 2
    if s < half:  # bottom straight, from the middle going left
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


def loop_board(
    title: str,
    spaces: Sequence[Mapping[str, Any]],
    ranks: int,
    corner_labels: Mapping[str, str],
) -> dict:
    """The board of a loop track. Each space: `id`, `rank`, `lane`, `kind`
    ("track" or a pit kind, drawn outside the outermost lane at `pit_rank`),
    `corner` (a corner id or None). `corner_labels` maps a corner id to the
    words written beside it ("Corner 2 (2 stops)")."""
    lanes = [s["lane"] for s in spaces if isinstance(s.get("lane"), int)]
    centre = (max(lanes) + min(lanes)) / 2 if lanes else 1
    shapes: list[dict] = []
    anchors: dict[str, list[float]] = {}
    for space in spaces:
        pit = space.get("kind", "track") != "track"
        rank = space.get("pit_rank", space.get("rank")) if pit else space.get("rank")
        lane = (max(lanes) + 1.6 if lanes else 3) if pit else space.get("lane")
        if not isinstance(rank, (int, float)) or not isinstance(lane, (int, float)):
            continue
        x, y, nx, ny = _loop_point((rank + 0.5) / ranks)
        # Lane 0 is the leftmost in the direction of travel; travelling
        # clockwise, left is outward.
        offset = (centre - lane) * LANE_GAP
        point = [round(x + nx * offset, 1), round(y + ny * offset, 1)]
        anchors[space["id"]] = point
        style = "pit" if pit else ("corner" if space.get("corner") is not None else "straight")
        shapes.append({"kind": "space", "x": point[0], "y": point[1], "style": style})
    for corner, text in corner_labels.items():
        corner_ranks = [
            s["rank"]
            for s in spaces
            if s.get("corner") is not None
            and str(s["corner"]) == corner
            and isinstance(s.get("rank"), int)
        ]
        if not corner_ranks:
            continue
        mid = (min(corner_ranks) + max(corner_ranks) + 1) / 2
        x, y, nx, ny = _loop_point(mid / ranks)
        # Inside the loop, clear of the innermost lane and running away from
        # the track: a label outside a bend was pushed back onto the spaces
        # (and under the cars) to stay in the drawing.
        inward = LANE_GAP * (centre + 1.6)
        anchor = "end" if nx > 0.5 else "start" if nx < -0.5 else "middle"
        shapes.append(
            {"kind": "label", "x": round(x - nx * inward, 1), "y": round(y - ny * inward, 1),
             "text": text, "anchor": anchor}
        )  # fmt: skip
    x0, y0, nx, ny = _loop_point(0.0)
    half = LANE_GAP * (centre + 1)
    shapes.append(
        {
            "kind": "line",
            "style": "finish",
            "x1": round(x0 - nx * half, 1),
            "y1": round(y0 - ny * half, 1),
            "x2": round(x0 + nx * half, 1),
            "y2": round(y0 + ny * half, 1),
        }  # fmt: skip
    )
    return {"width": WIDTH, "height": HEIGHT, "title": title, "shapes": shapes, "anchors": anchors}


def place_tokens(board: Mapping, cars: Iterable[Mapping[str, Any]], anchor_of=None) -> dict:
    """The board with a token for every car that stands on it. Each car:
    `seat`, `place` (an anchor id), `colour`, `label` (short: a car
    number), `name`, `active`, `out`. `anchor_of` turns a place the board has
    no anchor for into one it has (Heat folds laps back onto one lap)."""
    tokens = []
    stacked: dict[str, int] = {}
    for car in cars:
        place = car.get("place")
        point = board["anchors"].get(place) if place else None
        if point is None and place and anchor_of is not None:
            point = board["anchors"].get(anchor_of(place))
        if point is None:
            continue
        # Cars sharing a place (a pit box, a start) are drawn side by side.
        shift = stacked.get(str(point), 0)
        stacked[str(point)] = shift + 1
        tokens.append(
            {
                "seat": car["seat"],
                "x": point[0] + 9 * shift,
                "y": point[1],
                "colour": car.get("colour") or CAR_COLOURS[0],
                "label": car.get("label", ""),
                "name": car.get("name", ""),
                "active": bool(car.get("active")),
                "out": bool(car.get("out")),
            }
        )
    return {**board, "tokens": tokens, "shapes_key": shapes_key(board["shapes"])}


def shapes_key(shapes: list) -> str:
    """A name for exactly these shapes, under which a page may keep them
    drawn: a board whose pieces move (a ship, a factory floor's marks) gets
    a new name with every change."""
    return hashlib.blake2b(repr(shapes).encode(), digest_size=12).hexdigest()
