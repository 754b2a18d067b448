"""The factory floor as neutral drawing shapes (races/rules/face/drawing.py):
a square per course square, belts, gears, sites, walls, pushers, lasers,
flags and docks, with an anchor per square for the robots."""

from __future__ import annotations

from ..rules.course import VECTOR

CELL, MARGIN = 30, 12


def place(where) -> str:
    """A square's anchor id."""
    return f"q{where[0]}_{where[1]}"


def _centre(x: int, y: int) -> tuple[float, float]:
    return MARGIN + CELL * x + CELL / 2, MARGIN + CELL * y + CELL / 2


def floor_drawing(course) -> dict:
    """The factory floor as neutral shapes: a square per course square (its
    floor type the style), conveyor arrows, gear and site labels, walls,
    pushers with their registers, laser beams, flags and docks."""
    shapes: list[dict] = []
    anchors: dict[str, list[float]] = {}
    half = CELL / 2
    for (x, y), spot in sorted(course.floor.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        cx, cy = _centre(x, y)
        anchors[place((x, y))] = [cx, cy]
        shapes.append({"kind": "square", "x": cx - half, "y": cy - half, "w": CELL, "h": CELL,
                       "style": spot["type"]})  # fmt: skip
        if "dir" in spot:
            dx, dy = VECTOR[spot["dir"]]
            shapes.append({"kind": "arrow", "style": spot["type"], "x1": cx - dx * 9,
                           "y1": cy - dy * 9, "x2": cx + dx * 9, "y2": cy + dy * 9})  # fmt: skip
        text = {"gear": "↻" if spot.get("spin") == "cw" else "↺", "repair": "🔧",
                "upgrade": "⚒"}.get(spot["type"])  # fmt: skip
        if text:
            shapes.append({"kind": "label", "x": cx, "y": cy, "text": text})
    for laser in course.lasers:
        start = (laser["x"], laser["y"])
        end = ([start, *course.sight(start, laser["dir"])])[-1]
        (x1, y1), (x2, y2) = _centre(*start), _centre(*end)
        shapes.append({"kind": "line", "style": f"laser beams{laser['count']}", "x1": x1,
                       "y1": y1, "x2": x2, "y2": y2})  # fmt: skip
    for p in course.pushers:
        cx, cy = _centre(p["x"], p["y"])
        shapes.append({"kind": "label", "x": cx, "y": cy + 9,
                       "text": "P" + "".join(str(r) for r in p["registers"])})  # fmt: skip
    for x, y, side in sorted(course.walls):
        left, top = MARGIN + CELL * x, MARGIN + CELL * y
        if side == "N":
            line = (left, top, left + CELL, top)
        else:
            line = (left, top, left, top + CELL)
        shapes.append({"kind": "wall", "style": "wall", "x1": line[0], "y1": line[1],
                       "x2": line[2], "y2": line[3]})  # fmt: skip
    for number, (x, y) in enumerate(course.flags, start=1):
        cx, cy = _centre(x, y)
        shapes.append({"kind": "label", "x": cx, "y": cy - 8, "text": f"⚑{number}"})
    for number, dock in sorted(course.docks.items()):
        cx, cy = _centre(dock["x"], dock["y"])
        shapes.append({"kind": "label", "x": cx, "y": cy + 10, "text": f"D{number}"})
    return {
        "width": 2 * MARGIN + CELL * course.width,
        "height": 2 * MARGIN + CELL * course.height,
        "title": course.name,
        "shapes": shapes,
        "anchors": anchors,
    }
