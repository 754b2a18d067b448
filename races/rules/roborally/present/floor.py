"""The factory floor as neutral drawing shapes (races/rules/face/drawing.py):
a square per course square, belts, gears, sites, walls, pushers, lasers,
flags and docks drawn as icons (never emoji, which a font may lack), the
column letters and row numbers marked along the edges (the words of
squares.py), an anchor per square for the robots, and a legend for every
kind of thing drawn."""

from __future__ import annotations

from ...speech import N_, gettext
from ..rules.course import VECTOR
from .squares import column_mark

CELL, MARGIN = 30, 22
TURNS = {"N": 0, "E": 90, "S": 180, "W": 270}

# The legend's entries in drawing order: a key the drawing names, its words,
# and the shapes of its sample (drawn in a 30 by 30 box).
LEGEND = (
    ("floor", N_("floor"), [
        {"kind": "square", "x": 0, "y": 0, "w": 30, "h": 30, "style": "floor"}]),
    ("conveyor", N_("conveyor belt, moves a robot 1 square"), [
        {"kind": "square", "x": 0, "y": 0, "w": 30, "h": 30, "style": "conveyor"},
        {"kind": "arrow", "style": "conveyor", "x1": 6, "y1": 15, "x2": 24, "y2": 15}]),
    ("express", N_("express conveyor, moves a robot 2 squares"), [
        {"kind": "square", "x": 0, "y": 0, "w": 30, "h": 30, "style": "express"},
        {"kind": "arrow", "style": "express", "x1": 6, "y1": 15, "x2": 24, "y2": 15}]),
    ("pit", N_("pit: a robot that falls in is destroyed"), [
        {"kind": "square", "x": 0, "y": 0, "w": 30, "h": 30, "style": "pit"}]),
    ("gear_cw", N_("gear, turns a robot right"), [
        {"kind": "square", "x": 0, "y": 0, "w": 30, "h": 30, "style": "gear"},
        {"kind": "icon", "icon": "gear_cw", "x": 15, "y": 15}]),
    ("gear_ccw", N_("gear, turns a robot left"), [
        {"kind": "square", "x": 0, "y": 0, "w": 30, "h": 30, "style": "gear"},
        {"kind": "icon", "icon": "gear_ccw", "x": 15, "y": 15}]),
    ("repair", N_("repair site: repairs 1 damage and keeps the archive"), [
        {"kind": "square", "x": 0, "y": 0, "w": 30, "h": 30, "style": "repair"},
        {"kind": "icon", "icon": "repair", "x": 15, "y": 15}]),
    ("upgrade", N_("upgrade site: repairs 1 damage and gives an option card"), [
        {"kind": "square", "x": 0, "y": 0, "w": 30, "h": 30, "style": "upgrade"},
        {"kind": "icon", "icon": "upgrade", "x": 15, "y": 15}]),
    ("wall", N_("wall"), [
        {"kind": "square", "x": 0, "y": 0, "w": 30, "h": 30, "style": "floor"},
        {"kind": "wall", "style": "wall", "x1": 2, "y1": 2, "x2": 28, "y2": 2}]),
    ("pusher", N_("pusher, pushes in the registers numbered beside it"), [
        {"kind": "square", "x": 0, "y": 0, "w": 30, "h": 30, "style": "floor"},
        {"kind": "icon", "icon": "pusher", "x": 15, "y": 15, "text": "135", "tx": 15, "ty": 19}]),
    ("laser", N_("board laser and the beam it fires (a beam per line)"), [
        {"kind": "square", "x": 0, "y": 0, "w": 30, "h": 30, "style": "floor"},
        {"kind": "line", "style": "laser beams1", "x1": 8, "y1": 15, "x2": 30, "y2": 15},
        {"kind": "icon", "icon": "laser", "x": 8, "y": 15, "turn": 0}]),
    ("flag", N_("flag, numbered in the order to touch the flags in"), [
        {"kind": "icon", "icon": "flag", "x": 13, "y": 15, "text": "1", "tx": 22, "ty": 21}]),
    ("dock", N_("dock, where a robot starts"), [
        {"kind": "icon", "icon": "dock", "x": 15, "y": 15, "text": "1", "tx": 15, "ty": 15}]),
    ("robot", N_("robot; the arrow shows where the robot faces"), [
        {"kind": "robot", "x": 15, "y": 15}]),
    ("damage", N_("damage the robot has taken"), [
        {"kind": "icon", "icon": "damage", "x": 10, "y": 15, "text": "2", "tx": 22, "ty": 15}]),
)  # fmt: skip


def place(where) -> str:
    """A square's anchor id."""
    return f"q{where[0]}_{where[1]}"


def _centre(x: int, y: int) -> tuple[float, float]:
    return MARGIN + CELL * x + CELL / 2, MARGIN + CELL * y + CELL / 2


def _squares(course, shapes: list, anchors: dict, drawn: set) -> None:
    half = CELL / 2
    for (x, y), spot in sorted(course.floor.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        cx, cy = _centre(x, y)
        anchors[place((x, y))] = [cx, cy]
        kind = spot["type"]
        drawn.add(kind)
        shapes.append({"kind": "square", "x": cx - half, "y": cy - half, "w": CELL, "h": CELL,
                       "style": kind})  # fmt: skip
        if "dir" in spot:
            dx, dy = VECTOR[spot["dir"]]
            shapes.append({"kind": "arrow", "style": kind, "x1": cx - dx * 9,
                           "y1": cy - dy * 9, "x2": cx + dx * 9, "y2": cy + dy * 9})  # fmt: skip
        icon = {"repair": "repair", "upgrade": "upgrade"}.get(kind)
        if kind == "gear":
            icon = "gear_cw" if spot.get("spin") == "cw" else "gear_ccw"
        if icon:
            drawn.add(icon)
            shapes.append({"kind": "icon", "icon": icon, "x": cx, "y": cy})


def _marks(course, shapes: list) -> None:
    """The column letters above the floor and the row numbers left of it."""
    for x in range(course.width):
        cx, _cy = _centre(x, 0)
        shapes.append({"kind": "label", "style": "mark", "x": cx, "y": MARGIN / 2,
                       "text": column_mark(x)})  # fmt: skip
    for y in range(course.height):
        _cx, cy = _centre(0, y)
        shapes.append({"kind": "label", "style": "mark", "x": MARGIN / 2, "y": cy,
                       "text": str(y + 1)})  # fmt: skip


def _fixtures(course, shapes: list, drawn: set) -> None:
    for laser in course.lasers:
        start = (laser["x"], laser["y"])
        end = ([start, *course.sight(start, laser["dir"])])[-1]
        (x1, y1), (x2, y2) = _centre(*start), _centre(*end)
        shapes.append({"kind": "line", "style": f"laser beams{laser['count']}", "x1": x1,
                       "y1": y1, "x2": x2, "y2": y2})  # fmt: skip
        dx, dy = VECTOR[laser["dir"]]
        shapes.append({"kind": "icon", "icon": "laser", "x": x1 - dx * 9, "y": y1 - dy * 9,
                       "turn": TURNS[laser["dir"]] - 90})  # fmt: skip
        drawn.add("laser")
    for p in course.pushers:
        cx, cy = _centre(p["x"], p["y"])
        # The plate stands against the wall behind the pusher, pushing `dir`.
        shapes.append({"kind": "icon", "icon": "pusher", "x": cx, "y": cy,
                       "turn": TURNS[p["dir"]] - 180, "tx": cx, "ty": cy + 8,
                       "text": "".join(str(r) for r in p["registers"])})  # fmt: skip
        drawn.add("pusher")
    for x, y, side in sorted(course.walls):
        left, top = MARGIN + CELL * x, MARGIN + CELL * y
        line = (left, top, left + CELL, top) if side == "N" else (left, top, left, top + CELL)
        shapes.append({"kind": "wall", "style": "wall", "x1": line[0], "y1": line[1],
                       "x2": line[2], "y2": line[3]})  # fmt: skip
        drawn.add("wall")
    for number, (x, y) in enumerate(course.flags, start=1):
        cx, cy = _centre(x, y)
        shapes.append({"kind": "icon", "icon": "flag", "x": cx - 3, "y": cy - 2,
                       "text": str(number), "tx": cx + 8, "ty": cy + 7})  # fmt: skip
        drawn.add("flag")
    for number, dock in sorted(course.docks.items()):
        cx, cy = _centre(dock["x"], dock["y"])
        shapes.append({"kind": "icon", "icon": "dock", "x": cx, "y": cy, "text": str(number),
                       "tx": cx, "ty": cy})  # fmt: skip
        drawn.add("dock")


def floor_drawing(course) -> dict:
    """The factory floor as neutral shapes, with `legend_keys`: the legend's
    entries for what this floor holds."""
    shapes: list[dict] = []
    anchors: dict[str, list[float]] = {}
    drawn: set[str] = {"robot", "damage"}
    _squares(course, shapes, anchors, drawn)
    _fixtures(course, shapes, drawn)
    _marks(course, shapes)
    return {
        "width": 2 * MARGIN + CELL * course.width,
        "height": 2 * MARGIN + CELL * course.height,
        "title": course.name,
        "shapes": shapes,
        "anchors": anchors,
        "legend_keys": [key for key, _words, _shapes in LEGEND if key in drawn],
    }


def legend(keys) -> list[dict]:
    """The legend's entries for these keys in the reader's language: each
    its `words` and the `shapes` of its sample."""
    return [
        {"key": key, "words": gettext(words), "shapes": sample}
        for key, words, sample in LEGEND
        if key in keys
    ]
