"""The board zoomed to the spaces a driver can reach (issue 24, item 3):
the panel draws the whole board's shapes but shows only the area around the
reachable spaces and the driver's own car, at a size where every space to
pick is at least 44 px across (WCAG 2.5.5's target size) even on a phone;
the page scrolls the board where it is wider than the screen."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

TARGET_PX = 44
MARGIN = 24  # board units of room around the reachable area


def board_zoom(targets: Sequence[Mapping], scene: Mapping, seat: str | None) -> dict | None:
    """{"x", "y", "w", "h"} the area shown (board units), "r" each target's
    radius there, "px" and "py" the drawing's size in pixels; None with no
    target to pick."""
    picks = [(t["x"], t["y"]) for t in targets if t.get("choice") is not None]
    if not picks:
        return None
    points = picks + [(t["x"], t["y"]) for t in scene.get("tokens") or [] if t["seat"] == seat]
    gaps = [math.dist(a, b) for n, a in enumerate(picks) for b in picks[n + 1 :]]
    # Targets as large as they can be without overlapping, within reason.
    radius = max(6.0, min(12.0, min(gaps, default=24.0) / 2))
    x0 = max(0.0, min(x for x, _y in points) - MARGIN)
    y0 = max(0.0, min(y for _x, y in points) - MARGIN)
    x1 = min(float(scene["width"]), max(x for x, _y in points) + MARGIN)
    y1 = min(float(scene["height"]), max(y for _x, y in points) + MARGIN)
    scale = max(1.0, TARGET_PX / (2 * radius))
    w, h = max(x1 - x0, 4 * radius), max(y1 - y0, 4 * radius)
    return {
        "x": round(x0, 1),
        "y": round(y0, 1),
        "w": round(w, 1),
        "h": round(h, 1),
        "r": round(radius, 1),
        "px": math.ceil(w * scale),
        "py": math.ceil(h * scale),
    }
