"""A Galaxy Trucker tile drawn as the piece it is, in the neutral drawing
primitives of races/rules/face/drawing.py (`square`, `line`, `poly`, `dot`):
its body coloured by kind, its four edges with their connectors (a smooth
side bare, a single connector one pipe, a double two, a universal three,
GT-DM-04), a cannon's barrel and an engine's exhaust on the side they face,
a shield's arc on the two sides it covers (GT-DM-08), and what it carries:
crew or an alien in a cabin, charges in a battery, goods in a hold.

A tile is drawn as printed (canonical N up) and turned `rot` quarter turns
clockwise about its centre (GT-DM-03), so the picture is the tile itself,
never a code. `legend()` names every kind and connector the pictures use.
"""

from __future__ import annotations

from functools import lru_cache

from ...speech import N_, _
from ..rules.tiles import (
    BATTERY,
    CABIN,
    CANNON,
    CARGO,
    DOUBLE_CANNON,
    DOUBLE_ENGINE,
    ENGINE,
    LIFE_BROWN,
    LIFE_PURPLE,
    SHIELD,
    SPECIAL_CARGO,
    START_CABIN,
    STRUCTURE,
    TILES,
)

# A tile in a unit box centred on (0, 0); the body is inset so the pipes show.
BODY = 0.36
# Where the pipes of a connector sit along a side (GT-DM-04: 1, 2 or 3 pipes).
PIPES = {1: (0.0,), 2: (-0.13, 0.13), 3: (-0.2, 0.0, 0.2)}
# The canonical side a feature faces (GT-DM-08): barrel N, exhaust S, shield N+E.
SIDE_VECTORS = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))
GOOD_CLASSES = {"R": "good-red", "Y": "good-yellow", "G": "good-green", "B": "good-blue"}


def _turn(point: tuple[float, float], rot: int) -> tuple[float, float]:
    """A point of the unit box turned `rot` quarter turns clockwise (y grows down)."""
    x, y = point
    for _step in range(rot % 4):
        x, y = -y, x
    return x, y


class _Pen:
    """Draws in the unit box, turned and placed at (x, y) with `size`."""

    def __init__(self, x: float, y: float, size: float, rot: int) -> None:
        self.cx, self.cy, self.size, self.rot = x + size / 2, y + size / 2, size, rot
        self.shapes: list[dict] = []

    def at(self, point) -> tuple[float, float]:
        tx, ty = _turn(point, self.rot)
        return round(self.cx + tx * self.size, 1), round(self.cy + ty * self.size, 1)

    def poly(self, points, style: str) -> None:
        self.shapes.append(
            {
                "kind": "poly",
                "points": " ".join("{},{}".format(*self.at(p)) for p in points),
                "style": style,
            }  # fmt: skip
        )

    def line(self, a, b, style: str) -> None:
        (x1, y1), (x2, y2) = self.at(a), self.at(b)
        self.shapes.append({"kind": "line", "x1": x1, "y1": y1, "x2": x2, "y2": y2, "style": style})

    def dot(self, point, radius: float, style: str) -> None:
        x, y = self.at(point)
        self.shapes.append({"kind": "dot", "x": x, "y": y, "r": round(radius * self.size, 1),
                            "style": style})  # fmt: skip


def _box(cx: float, cy: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(cx - w, cy - h), (cx + w, cy - h), (cx + w, cy + h), (cx - w, cy + h)]


def _connectors(pen: _Pen, conn) -> None:
    """Each side's pipes, drawn as printed (the pen turns them)."""
    for side, value in enumerate(conn):
        dx, dy = SIDE_VECTORS[side]
        for offset in PIPES.get(value, ()):
            along = (offset * -dy, offset * dx) if dx == 0 else (0.0, offset)
            start = (along[0] + dx * BODY, along[1] + dy * BODY)
            end = (along[0] + dx * 0.5, along[1] + dy * 0.5)
            pen.line(start, end, "pipe" if value != 3 else "pipe universal")


def _features(pen: _Pen, kind: str) -> None:
    """The barrel, the exhaust, the shield's arc and the kind's own mark."""
    if kind in (CANNON, DOUBLE_CANNON):
        for x in (-0.1, 0.1) if kind == DOUBLE_CANNON else (0.0,):
            pen.poly(_box(x, -0.3, 0.05, 0.2), "barrel")
    elif kind in (ENGINE, DOUBLE_ENGINE):
        for x in (-0.13, 0.13) if kind == DOUBLE_ENGINE else (0.0,):
            pen.poly([(x - 0.07, 0.12), (x + 0.07, 0.12), (x + 0.12, 0.5), (x - 0.12, 0.5)],
                     "exhaust")  # fmt: skip
    elif kind == SHIELD:
        pen.poly([(-BODY, -BODY), (BODY, -BODY), (BODY, BODY), (BODY - 0.08, BODY),
                  (BODY - 0.08, -BODY + 0.08), (-BODY, -BODY + 0.08)], "shield-arc")  # fmt: skip
    elif kind == STRUCTURE:
        pen.line((-BODY, -BODY), (BODY, BODY), "strut")
        pen.line((-BODY, BODY), (BODY, -BODY), "strut")
    elif kind in (LIFE_BROWN, LIFE_PURPLE):
        pen.dot((0.0, 0.0), 0.2, "life " + ("brown" if kind == LIFE_BROWN else "purple"))


def _contents(pen: _Pen, tile, humans: int, alien, batteries: int, goods) -> None:
    """What the tile carries (GT-DM-11), in slots around its centre."""
    kind = tile.kind
    if kind in (CABIN, START_CABIN):
        pen.dot((0.0, 0.0), 0.24, "cabin-ring")
        if alien:
            pen.dot((0.0, 0.0), 0.13, "alien " + alien)
        for n in range(humans):
            pen.dot((-0.1 + 0.2 * n, 0.0), 0.08, "human")
    elif kind == BATTERY:
        slots = tile.capacity
        for n in range(slots):
            x = (n - (slots - 1) / 2) * 0.18
            pen.poly(_box(x, 0.0, 0.06, 0.16), "charge" if n < batteries else "charge spent")
    elif kind in (CARGO, SPECIAL_CARGO):
        slots = tile.capacity
        for n in range(slots):
            x = (n - (slots - 1) / 2) * 0.22
            style = GOOD_CLASSES.get(goods[n], "good-empty") if n < len(goods) else "good-empty"
            pen.poly(_box(x, 0.0, 0.08, 0.08), style)


def tile_shapes(
    tile_id: int,
    rot: int,
    x: float,
    y: float,
    size: float,
    contents: tuple = (0, None, 0, ()),
    colour: str | None = None,
) -> list[dict]:
    """The tile turned `rot` quarter turns, drawn in the square at (x, y)
    of side `size`; `contents` is (humans, alien, batteries, goods)."""
    tile = TILES[tile_id]
    pen = _Pen(x, y, size, rot)
    _connectors(pen, tile.conn)
    style = "tile-body kind-" + tile.kind.replace("_", "-")
    if tile.kind == START_CABIN:
        style += " cabin-" + (tile.colour or colour or "red")
    pen.poly(_box(0.0, 0.0, BODY, BODY), style)
    _features(pen, tile.kind)
    # Contents stay upright: a person reads the crew and goods, not the turn.
    upright = _Pen(x, y, size, 0)
    humans, alien, batteries, goods = contents
    _contents(upright, tile, humans or 0, alien, batteries or 0, goods or ())
    return pen.shapes + upright.shapes


# One sample of each kind for the legend, as printed.
LEGEND_TILES = (
    (34, N_("starting cabin")),
    (35, N_("cabin (crew: white, aliens: brown or purple)")),
    (89, N_("cannon (the barrel shows where it fires)")),
    (123, N_("double cannon")),
    (66, N_("engine (the exhaust must point to the rear)")),
    (81, N_("double engine")),
    (115, N_("shield generator (covers the two sides with the arc)")),
    (5, N_("battery (green: charged)")),
    (22, N_("cargo hold")),
    (58, N_("special cargo hold (red goods too)")),
    (50, N_("structural module")),
    (131, N_("brown life support")),
    (136, N_("purple life support")),
)
LEGEND_PIPES = (
    (1, N_("single connector: one pipe")),
    (2, N_("double connector: two pipes")),
    (3, N_("universal connector: three pipes")),
)


def legend(x: float, y: float, width: float, size: float = 26) -> tuple[list[dict], float]:
    """Every kind of tile and connector with its words, laid out in columns
    from (x, y) within `width`; the shapes and the height they take."""
    entries = _legend_drawn(size)
    column_width, line = 430.0, size + 6
    columns = max(1, int(width // column_width))
    rows = -(-len(entries) // columns)
    pictures: list[dict] = []
    shapes: list[dict] = [
        {
            "kind": "label",
            "x": x,
            "y": y + 8,
            "text": _("Legend"),
            "anchor": "start",
            "style": "legend-title",
        }  # fmt: skip
    ]
    for number, (drawn, words) in enumerate(entries):
        left = x + (number // rows) * column_width
        top = y + 20 + (number % rows) * line
        pictures += [_moved(s, left, top) for s in drawn]
        shapes.append({"kind": "label", "x": left + size + 8, "y": top + size / 2,
                       "text": words, "anchor": "start", "style": "legend"})  # fmt: skip
    return merged(pictures) + shapes, 20 + rows * line


def _moved(shape: dict, dx: float, dy: float) -> dict:
    moved = dict(shape)
    for key in ("x", "x1", "x2"):
        if key in moved:
            moved[key] = round(moved[key] + dx, 1)
    for key in ("y", "y1", "y2"):
        if key in moved:
            moved[key] = round(moved[key] + dy, 1)
    if "points" in moved:
        pairs = (p.split(",") for p in moved["points"].split())
        moved["points"] = " ".join(
            f"{round(float(a) + dx, 1)},{round(float(b) + dy, 1)}" for a, b in pairs
        )
    return moved


def legend_items(size: float = 40) -> list[dict]:
    """The legend as items of their own (a picture and its words), for
    pages that draw tiles in grids rather than in a scene."""
    return [{"shapes": merged(drawn), "words": words} for drawn, words in _legend_drawn(size)]


def _legend_drawn(size: float) -> list[tuple[list[dict], str]]:
    """Each legend entry's picture (in a box of `size` at the origin) and words."""
    entries = [(tile_shapes(t, 0, 0, 0, size), _(w)) for t, w in LEGEND_TILES]
    for value, words in LEGEND_PIPES:
        pen = _Pen(0, 0, size, 0)
        for offset in PIPES[value]:
            pen.line((offset, -0.3), (offset, 0.3), "pipe" if value != 3 else "pipe universal")
        entries.append((pen.shapes, _(words)))
    return entries


def merged(shapes: list[dict]) -> list[dict]:
    """Tiles' lines, polygons and dots as one `path` per style, layer by
    layer (each style where it first appears within its layer): a ship of
    thirty tiles is a few dozen elements for a page to draw, not a thousand."""
    paths: dict[str, list[str]] = {}
    for s in shapes:
        if s["kind"] == "line":
            d = f"M{s['x1']} {s['y1']}L{s['x2']} {s['y2']}"
        elif s["kind"] == "poly":
            d = "M" + "L".join(p.replace(",", " ") for p in s["points"].split()) + "Z"
        elif s["kind"] == "dot":
            x, r = round(s["x"] - s["r"], 1), s["r"]
            d = f"M{x} {s['y']}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0Z"
        else:
            raise ValueError(f"no path for a {s['kind']}")
        paths.setdefault(s["style"], []).append(d)
    ordered = sorted(paths.items(), key=lambda item: _layer(item[0]))  # stable: first seen first
    return [{"kind": "path", "d": "".join(ds), "style": style} for style, ds in ordered]


def _layer(style: str) -> int:
    """Pipes under the bodies, the bodies under their features (barrels,
    exhausts, arcs), what a tile carries on top."""
    if style.startswith("pipe"):
        return 0
    if style.startswith("tile-body"):
        return 1
    if style.split()[0] in ("barrel", "exhaust", "shield-arc", "strut", "life"):
        return 2
    return 3


@lru_cache(maxsize=4096)
def tile_picture(tile_id: int, rot: int, size: float, contents: tuple = (0, None, 0, ())) -> tuple:
    """A tile's picture in its own box (a grid cell, the tile in hand), as
    merged paths; the same tile turned and loaded the same way is drawn once
    (`contents` as a tuple: humans, alien, batteries, goods as a tuple)."""
    return tuple(merged(tile_shapes(tile_id, rot, 0, 0, size, contents)))
