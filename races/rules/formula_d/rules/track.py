"""Track loading and validation (FD-T-1 to FD-T-11).

A track file is plain JSON (the record of FD-T-1). `load_track` validates it
and turns it into a `Track` of small-int tables, so the movement search works
on list lookups instead of dicts of strings.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from ...contract import ConfigError
from .layout import corner_span

DATA = Path(__file__).parents[1] / "data"
COLOURS = ("red", "yellow", "blue", "green", "white")
TRACK, PIT_LANE, PIT_BOX = 0, 1, 2
_KINDS = {"track": TRACK, "pit_lane": PIT_LANE, "pit_box": PIT_BOX}
ZONES = (None, "residential", "danger", "police", "tunnel_entry", "tunnel_exit")


class TrackError(ConfigError):
    """A track file that breaks an FD-T rule; the message names the space or corner."""


class Corner:
    __slots__ = (
        "index",
        "id",
        "stops",
        "inside",
        "inside_lane",
        "spaces",
        "shortest",
        "longest",
        "first",
        "last",
    )

    def __init__(self, index: int, data: dict):
        self.index = index
        self.id = data["id"]
        self.stops = data["stops"]
        self.inside = data["inside"]
        self.inside_lane = 0 if data["inside"] == "left" else 2
        self.spaces = data["spaces"]
        self.shortest = data["shortest"]
        self.longest = data["longest"]


class Track:
    """A validated track as integer tables indexed by space number."""

    def __init__(self, data: dict):
        self.data = data
        self.id = data["id"]
        self.name = data["name"]
        self.kind = data.get("kind", "circuit")
        self.L = data["L"]
        spaces = data["spaces"]
        self.ids = [s["id"] for s in spaces]
        self.index = {name: i for i, name in enumerate(self.ids)}
        self.corners = [Corner(i, c) for i, c in enumerate(data["corners"])]
        corner_index = {c.id: c.index for c in self.corners}
        straight_index = {s["id"]: i for i, s in enumerate(data["straights"])}
        self.straight_ids = [s["id"] for s in data["straights"]]
        n = len(spaces)
        self.kind_of = [_KINDS[s["kind"]] for s in spaces]
        self.lane = [s.get("lane", -1) for s in spaces]
        self.rank = [s["rank"] if "rank" in s else s["pit_rank"] for s in spaces]
        self.corner = [corner_index.get(s.get("corner"), -1) for s in spaces]
        self.straight = [straight_index.get(s.get("straight"), -1) for s in spaces]
        self.zone = [s.get("zone") for s in spaces]
        self.pit_index = [s.get("pit_index", 0) for s in spaces]
        # next[i]: tuples (to, diagonal, crosses_line, pit_entry)
        self.next: list[tuple[tuple[int, bool, bool, bool], ...]] = []
        self.ahead = [-1] * n
        for i, s in enumerate(spaces):
            links = []
            for link in s["next"]:
                to = self.index[link["to"]]
                diagonal = link["kind"] == "diagonal"
                links.append(
                    (to, diagonal, bool(link.get("crosses_line")), bool(link.get("pit_entry")))
                )
                if (
                    link["kind"] == "straight"
                    and self.kind_of[i] == TRACK
                    and self.kind_of[to] == TRACK
                ):
                    self.ahead[i] = to
            self.next.append(tuple(links))
        by_rank_lane = {
            (self.rank[i], self.lane[i]): i for i in range(n) if self.kind_of[i] == TRACK
        }
        self.at = by_rank_lane
        self.sides = [
            tuple(
                by_rank_lane[(self.rank[i], self.lane[i] + d)]
                for d in (-1, 1)
                if (self.rank[i], self.lane[i] + d) in by_rank_lane
            )
            if self.kind_of[i] == TRACK
            else ()
            for i in range(n)
        ]
        self.grid_slots = [self.index[g] for g in data["grid_slots"]]
        self.qualifying_start = self.index[data["qualifying_start"]]
        weather = data.get("weather") or {}
        self.rain_max = weather.get("rain_max", 7)
        self.variable_max = weather.get("variable_max", 12)
        # Reference corner per rank for the inner-lane tie-break (FD-B-3.3):
        # the corner containing the rank, else the next corner ahead.
        rank_corner = [-1] * self.L
        for i in range(n):
            if self.kind_of[i] == TRACK and self.corner[i] >= 0:
                rank_corner[self.rank[i]] = self.corner[i]
        self.reference_corner = [-1] * self.L
        for r in range(self.L):
            for k in range(self.L):
                c = rank_corner[(r + k) % self.L]
                if c >= 0:
                    self.reference_corner[r] = c
                    break
        pit = data.get("pit")
        self.has_pit = pit is not None
        self.boxes: dict[str, int] = {}
        self.pit_entry = -1
        if pit:
            self.boxes = {colour: self.index[box] for colour, box in pit["boxes"].items()}
            self.pit_entry = self.index[pit["lane"][0]]
        for c in self.corners:
            ranks = [self.rank[self.index[sp]] for sp in c.spaces]
            c.first, c.last = min(ranks), max(ranks)
        self.box_lane_space = {
            box: self.index[f"p{self.pit_index[box]}"] for box in self.boxes.values()
        }

    def near(self, space: int) -> frozenset[int]:
        """FD-T-4.5 (Stanley Washington's radio): sides, ahead, behind and diagonals."""
        if not hasattr(self, "_near"):
            behind: dict[int, list[int]] = {}
            diag_in: dict[int, list[int]] = {}
            for i, links in enumerate(self.next):
                for to, diagonal, _c, _p in links:
                    (diag_in if diagonal else behind).setdefault(to, []).append(i)
            self._near = [
                frozenset(
                    [
                        *self.sides[i],
                        *([self.ahead[i]] if self.ahead[i] >= 0 else []),
                        *behind.get(i, ()),
                        *(to for to, d, _c, _p in self.next[i] if d),
                        *diag_in.get(i, ()),
                    ]
                )
                for i in range(len(self.ids))
            ]
        return self._near[space]

    def index_corner(self, corner_id: str) -> int:
        return next(c.index for c in self.corners if c.id == corner_id)

    def corner_of(self, space: int) -> Corner | None:
        c = self.corner[space]
        return self.corners[c] if c >= 0 else None

    def summary(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "length": self.L,
            "corners": len(self.corners),
            "stops": [c.stops for c in self.corners],
            "pit_lane": self.has_pit,
        }


def validate_track(data: dict) -> None:
    """Raise TrackError naming the first broken FD-T rule of a track record."""
    for key in ("id", "name", "L", "spaces", "corners", "straights", "grid_slots"):
        if key not in data:
            raise TrackError(f"track file misses {key!r}")
    name = data["id"]
    spaces = {}
    for s in data["spaces"]:
        if s.get("id") in spaces:
            raise TrackError(f"track {name}: space {s.get('id')!r} is listed twice")
        spaces[s.get("id")] = s
    corner_ids = {c["id"] for c in data["corners"]}
    straight_ids = {s["id"] for s in data["straights"]}
    crossings = 0
    for sid, s in spaces.items():
        if s.get("kind") not in _KINDS:
            raise TrackError(f"track {name}: space {sid} has unknown kind {s.get('kind')!r}")
        if not s.get("next"):
            raise TrackError(f"track {name}: space {sid} has no forward neighbour")
        for link in s["next"]:
            if link.get("to") not in spaces:
                raise TrackError(
                    f"track {name}: space {sid} links to missing space {link.get('to')!r}"
                )
            crossings += bool(link.get("crosses_line"))
        if s["kind"] == "track":
            if not 0 <= s.get("rank", -1) < data["L"]:
                raise TrackError(f"track {name}: space {sid} has a rank outside 0..{data['L'] - 1}")
            if (s.get("corner") is None) == (s.get("straight") is None):
                raise TrackError(
                    f"track {name}: space {sid} must be in exactly one corner or straight"
                )
            if s.get("corner") is not None and s["corner"] not in corner_ids:
                raise TrackError(f"track {name}: space {sid} names missing corner {s['corner']!r}")
            if s.get("straight") is not None and s["straight"] not in straight_ids:
                raise TrackError(
                    f"track {name}: space {sid} names missing straight {s['straight']!r}"
                )
            if s.get("zone") not in ZONES:
                raise TrackError(f"track {name}: space {sid} has unknown zone {s['zone']!r}")
        elif "pit_index" not in s or "pit_rank" not in s:
            raise TrackError(f"track {name}: pit space {sid} needs pit_index and pit_rank")
    if crossings == 0:
        raise TrackError(f"track {name}: no step crosses the finish line")
    for c in data["corners"]:
        if c.get("stops") not in (1, 2, 3):
            raise TrackError(f"track {name}: corner {c['id']} must require 1, 2 or 3 stops")
        if not c.get("spaces"):
            raise TrackError(f"track {name}: corner {c['id']} has no spaces")
        for sid in c["spaces"]:
            if spaces.get(sid, {}).get("corner") != c["id"]:
                raise TrackError(f"track {name}: corner {c['id']} lists {sid}, which is not in it")
    if len(data["grid_slots"]) != 10 or any(g not in spaces for g in data["grid_slots"]):
        raise TrackError(f"track {name}: grid_slots must name 10 track spaces")
    if data.get("qualifying_start") not in spaces:
        raise TrackError(f"track {name}: qualifying_start is missing")
    pit = data.get("pit")
    if pit:
        for colour in COLOURS:
            box = pit.get("boxes", {}).get(colour)
            if box not in spaces or spaces[box]["kind"] != "pit_box":
                raise TrackError(f"track {name}: pit box for {colour} is missing")
        for sid in pit.get("lane", []):
            if sid not in spaces:
                raise TrackError(f"track {name}: pit lane space {sid} is missing")
    _check_loop(name, data, spaces)
    _check_corner_signs(name, data, spaces)


def _check_loop(name: str, data: dict, spaces: dict) -> None:
    """FD-T-3.1: straight steps from any main-track space return to it."""
    start = next(s for s in spaces.values() if s["kind"] == "track")
    here, steps = start["id"], 0
    while True:
        straight = [ln["to"] for ln in spaces[here]["next"] if ln["kind"] == "straight"]
        if not straight:
            raise TrackError(f"track {name}: space {here} has no straight successor")
        here, steps = straight[0], steps + 1
        if here == start["id"]:
            return
        if steps > len(spaces):
            raise TrackError(f"track {name}: lane of {start['id']} does not loop")


def _check_corner_signs(name: str, data: dict, spaces: dict) -> None:
    for c in data["corners"]:
        shortest, longest = corner_span(spaces, c)
        if (c.get("shortest"), c.get("longest")) != (shortest, longest):
            raise TrackError(
                f"track {name}: corner {c['id']} signs say {c.get('shortest')}/{c.get('longest')}"
                f" spaces, the paths give {shortest}/{longest}"
            )


def track_ids() -> list[str]:
    return sorted(p.stem for p in DATA.glob("*.json"))


@cache
def load_track(track_id: str) -> Track:
    path = DATA / f"{track_id}.json"
    if not isinstance(track_id, str) or not track_id.isidentifier() or not path.exists():
        raise ConfigError(f"unknown track {track_id!r}; tracks: {', '.join(track_ids())}")
    data = json.loads(path.read_text(encoding="utf-8"))
    validate_track(data)
    return Track(data)


def track_from_data(data: dict) -> Track:
    validate_track(data)
    return Track(data)
