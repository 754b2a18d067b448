"""Squares, edges and courses composed from boards (RR-GEO, RR-BOARD, RR-COURSE).

A course is plain data: the squares on it with their floor, the walls as
canonical edges, pushers, laser emitters, docks and flags. Composition
copies every board, rotated, onto the course rectangle.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ...contract import ConfigError

DATA = Path(__file__).parent.parent / "data"
DIRS = ("N", "E", "S", "W")  # clockwise (RR-GEO-02)
VECTOR = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
Square = tuple[int, int]


def turn(facing: str, quarters: int) -> str:
    """`quarters` steps clockwise (negative: counter-clockwise)."""
    return DIRS[(DIRS.index(facing) + quarters) % 4]


def ahead(square: Square, d: str, n: int = 1) -> Square:
    dx, dy = VECTOR[d]
    return square[0] + dx * n, square[1] + dy * n


def edge(square: Square, d: str) -> tuple[int, int, str]:
    """The canonical key of the edge on side `d` of `square` (RR-GEO-04)."""
    x, y = square
    if d == "N" or d == "W":
        return x, y, d
    if d == "S":
        return x, y + 1, "N"
    return x + 1, y, "W"


def manhattan(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])  # RR-GEO-05


@dataclass
class Course:
    id: str
    name: str
    width: int
    height: int
    floor: dict[Square, dict] = field(default_factory=dict)  # every on-course square
    walls: set = field(default_factory=set)
    pushers: list[dict] = field(default_factory=list)
    lasers: list[dict] = field(default_factory=list)
    docks: dict[int, dict] = field(default_factory=dict)
    flags: list[Square] = field(default_factory=list)  # flag n at index n - 1
    max_robots: int = 8
    rules: dict = field(default_factory=dict)
    placements: list[dict] = field(default_factory=list)
    # sight lines asked again and again (every laser in every register),
    # kept: a course does not change once composed
    _sights: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def on_course(self, square: Square) -> bool:
        return square in self.floor  # RR-GEO-03

    def kind(self, square: Square) -> str:
        spot = self.floor.get(square)
        return spot["type"] if spot else "off"

    def is_pit(self, square: Square) -> bool:
        return self.kind(square) == "pit"

    def wall(self, square: Square, d: str) -> bool:
        return edge(square, d) in self.walls

    def sight(self, square: Square, d: str, k: int | None = None) -> tuple[Square, ...]:
        """RR-GEO-06: the squares ahead, cut before a wall or the course's end."""
        kept = self._sights.get((square, d, k))
        if kept is not None:
            return kept
        out, here = [], square
        while k is None or len(out) < k:
            if self.wall(here, d):
                break
            here = ahead(here, d)
            if not self.on_course(here):
                break
            out.append(here)
        kept = self._sights[square, d, k] = tuple(out)
        return kept

    def pusher_at(self, square: Square) -> dict | None:
        return next((p for p in self.pushers if (p["x"], p["y"]) == square), None)

    def flag_number(self, square: Square) -> int | None:
        return self.flags.index(square) + 1 if square in self.flags else None

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "width": self.width,
            "height": self.height,
            "flags": [list(f) for f in self.flags],
        }


def course_copy(course: Course) -> Course:
    """A course equal to `course` sharing nothing that could change with it
    (its floor's squares, walls, pushers, lasers, docks and lists), with the
    sight lines `course` has worked out: the same floor and walls see the same."""
    copied = Course(
        id=course.id,
        name=course.name,
        width=course.width,
        height=course.height,
        floor={square: _spot_copy(spot) for square, spot in course.floor.items()},
        walls=set(course.walls),
        pushers=[{**p, "registers": list(p["registers"])} for p in course.pushers],
        lasers=[dict(laser) for laser in course.lasers],
        docks={number: dict(dock) for number, dock in course.docks.items()},
        flags=list(course.flags),
        max_robots=course.max_robots,
        rules=dict(course.rules),
        placements=list(course.placements),
    )
    copied._sights.update(course._sights)
    return copied


def _spot_copy(spot: dict) -> dict:
    out = dict(spot)
    if "entries" in out:
        out["entries"] = list(out["entries"])
    return out


def _read(kind: str, name: str) -> dict:
    path = DATA / kind / f"{name}.json"
    if not path.is_file():
        raise ConfigError(f"unknown {kind[:-1]} {name!r}")
    return json.loads(path.read_text(encoding="utf-8"))


def course_ids() -> list[str]:
    return sorted(p.stem for p in (DATA / "courses").glob("*.json"))


def board_data(board_id: str) -> dict:
    return _read("boards", board_id)


def _rotate(x: int, y: int, w: int, h: int, rotation: int) -> Square:
    """RR-BOARD-08, clockwise rotation of a board of size w × h."""
    if rotation == 90:
        return h - 1 - y, x
    if rotation == 180:
        return w - 1 - x, h - 1 - y
    if rotation == 270:
        return y, w - 1 - x
    return x, y


def place_board(course: Course, board: dict, ox: int, oy: int, rotation: int) -> None:
    """Copy a board's squares, walls, pushers, lasers and docks (RR-COURSE-03)."""
    if rotation not in (0, 90, 180, 270):
        raise ConfigError(f"board {board['id']!r}: rotation must be 0, 90, 180 or 270")
    w, h, q = board["width"], board["height"], rotation // 90

    def at(x: int, y: int) -> Square:
        rx, ry = _rotate(x, y, w, h, rotation)
        return ox + rx, oy + ry

    def spin(d: str) -> str:
        return turn(d, q)

    special = {(s["x"], s["y"]): s for s in board.get("squares", [])}
    for y in range(h):
        for x in range(w):
            spot = dict(special.get((x, y), {"type": "floor"}))
            spot.pop("x", None), spot.pop("y", None)
            if "dir" in spot:
                spot["dir"] = spin(spot["dir"])
            if "entries" in spot:
                spot["entries"] = [spin(d) for d in spot["entries"]]
            spot["board"] = board["id"]
            course.floor[at(x, y)] = spot
    for wall in board.get("walls", []):
        course.walls.add(edge(at(wall["x"], wall["y"]), spin(wall["side"])))
    for p in board.get("pushers", []):
        x, y = at(p["x"], p["y"])
        course.pushers.append(
            {"x": x, "y": y, "dir": spin(p["dir"]), "registers": sorted(p["registers"])}
        )
    for laser in board.get("lasers", []):
        x, y = at(laser["x"], laser["y"])
        course.lasers.append({"x": x, "y": y, "dir": spin(laser["dir"]), "count": laser["count"]})
    for dock in board.get("docks", []):
        x, y = at(dock["x"], dock["y"])
        if dock["number"] in course.docks:
            raise ConfigError(f"dock {dock['number']} appears twice")
        course.docks[dock["number"]] = {"x": x, "y": y, "facing": spin(dock["facing"])}


def compose(data: dict, boards: dict[str, dict] | None = None) -> Course:
    """A course from its file (RR-COURSE-01..03); `boards` overrides the library."""
    course = Course(
        id=data["id"],
        name=data.get("name", data["id"]),
        width=data["width"],
        height=data["height"],
        max_robots=data.get("max_robots", 8),
        rules=dict(data.get("rules") or {}),
        placements=list(data["placements"]),
    )
    for placement in data["placements"]:
        board = (boards or {}).get(placement["board"]) or board_data(placement["board"])
        place_board(course, board, placement["x"], placement["y"], placement.get("rotation", 0))
    numbered = sorted(data.get("flags", []), key=lambda f: f["number"])
    course.flags = [(f["x"], f["y"]) for f in numbered]
    course.pushers.sort(key=lambda p: (p["y"], p["x"]))
    course.lasers.sort(key=lambda p: (p["y"], p["x"]))
    return course


@cache
def course_file(course_id: str) -> dict:
    return _read("courses", course_id)
