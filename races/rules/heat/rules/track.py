"""Tracks as immutable data, their derived geometry, and the validator (HEAT-B-TRK-01..12).

Everything a rule asks of the board is computed from progress (HEAT-B-TRK-03), never from
space indices, so laps and the final finish line are handled the same way everywhere.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ...contract import ConfigError

DATA = Path(__file__).resolve().parents[1] / "data"


@dataclass(frozen=True)
class Corner:
    id: int
    position: int  # the line lies between space position-1 and space position
    limit: int
    legend_threshold: int
    chicane: tuple[int, int] | None = None
    aggressive_spaces: tuple[int, ...] = ()


@dataclass(frozen=True)
class Track:
    id: str
    name: str
    laps: int
    length: int
    heat: int
    stress: int
    corners: tuple[Corner, ...]
    grid: tuple[tuple[int, bool], ...]  # slot g (1-based) -> (space, race line)
    flooded: frozenset[int] = frozenset()
    podium_points: tuple[int, ...] = (9, 6, 4, 3, 2, 1)
    press_letters: tuple[tuple[str, tuple[int, ...]], ...] = ()
    # space just after a corner line -> that corner; derived once, for speed
    lines: dict = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    # space -> (next corner, spaces from that space to the first space after its line)
    ahead: list = field(default_factory=list, init=False, repr=False, compare=False, hash=False)

    # spaces marked ∧ from which an aggressive Legend may cross one more line (HEAT-RAIN-08)
    aggressive: set = field(default_factory=set, init=False, repr=False, compare=False, hash=False)

    # (laps, final finish line) -> progress * 2 + race line -> what a decision says of that
    # place under printed limits (rules/decisions.py _where); filled as cars reach places
    places: dict = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        self.lines.update({c.position: c for c in self.corners})
        self.aggressive.update(s for c in self.corners for s in c.aggressive_spaces)
        for space in range(self.length):
            step = 1
            while (space + step) % self.length not in self.lines and step <= self.length:
                step += 1
            corner = self.lines.get((space + step) % self.length)
            self.ahead.append((corner, step))

    def corner_at(self, space: int) -> Corner | None:
        """The corner whose line lies just before `space` (HEAT-B-TRK-04)."""
        return self.lines.get(space % self.length)

    def crossings(self, p1: int, p2: int) -> list[tuple[Corner, int]]:
        """Corner lines crossed moving from p1 to p2, in order: (corner, q) (HEAT-B-TRK-04)."""
        # From line to line by the `ahead` table: a move crosses a line or two, over many
        # spaces, and every move asks this.
        ahead, length = self.ahead, self.length
        out = []
        corner, step = ahead[p1 % length]
        q = p1 + step
        while q <= p2:
            out.append((corner, q))
            corner, step = ahead[q % length]
            q += step
        return out

    def next_line(self, p: int) -> tuple[Corner, int]:
        """The next corner line ahead of progress p and the progress q just after it."""
        corner, step = self.ahead[p % self.length]
        return corner, p + step

    def countdown(self, p: int) -> int:
        """Whole spaces between p and the next corner line (HEAT-B-TRK-05)."""
        return self.next_line(p)[1] - p - 1

    def to_public(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "laps": self.laps,
            "length": self.length,
            "corners": [[c.id, c.position, c.limit] for c in self.corners],
        }


def track_from_data(data: dict[str, Any]) -> Track:
    """Build a track from a record of `data/tracks.json` and validate it (HEAT-B-TRK-12)."""
    try:
        corners = tuple(
            Corner(
                id=int(c["id"]),
                position=int(c["position"]),
                limit=int(c["limit"]),
                legend_threshold=int(c["legend_threshold"]),
                chicane=tuple(c["chicane"]) if c.get("chicane") else None,
                aggressive_spaces=tuple(c.get("aggressive_spaces") or ()),
            )
            for c in data["corners"]
        )
        grid = tuple(
            (int(g["space"]), bool(g["race_line"]))
            for g in sorted(data["grid"], key=lambda g: g["slot"])
        )
        track = Track(
            id=str(data["id"]),
            name=str(data["name"]),
            laps=int(data["laps"]),
            length=int(data["length"]),
            heat=int(data["heat"]),
            stress=int(data["stress"]),
            corners=corners,
            grid=grid,
            flooded=frozenset(int(s) for s in data.get("flooded") or ()),
            podium_points=tuple(data.get("podium_points") or (9, 6, 4, 3, 2, 1)),
            press_letters=tuple(
                (k, tuple(v)) for k, v in sorted((data.get("press_letters") or {}).items())
            ),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ConfigError(f"broken track file: {error!r}") from error
    problems = track_problems(track)
    if problems:
        raise ConfigError(f"broken track {track.id!r}: {problems[0]}")
    return track


def track_problems(track: Track) -> list[str]:
    """Every reason the track cannot be raced on (HEAT-B-TRK-12); empty when it is sound."""
    problems = []
    length = track.length
    if length < 2:
        problems.append("a lap needs at least 2 spaces")
    if track.laps < 1:
        problems.append("a race needs at least 1 lap")
    if not track.corners:
        problems.append("a track needs at least one corner")
    positions = [c.position for c in track.corners]
    if any(b <= a for a, b in zip(positions, positions[1:], strict=False)):
        problems.append("corner positions must strictly increase")
    for c in track.corners:
        if not 1 <= c.position <= length - 1:
            problems.append(f"corner {c.id} must lie between space 1 and {length - 1}")
        if c.limit < 0 or c.legend_threshold < 0:
            problems.append(f"corner {c.id} has a negative limit or legend threshold")
    if [c.id for c in track.corners] != list(range(1, len(track.corners) + 1)):
        problems.append("corners must be numbered 1..n in race order")
    if problems:
        return problems
    sectors = [
        (positions[(i + 1) % len(positions)] - positions[i]) % length or length
        for i in range(len(positions))
    ]
    if len(positions) > 1 and sum(sectors) != length:
        problems.append("sector lengths do not add up to the lap length")
    by_id = {c.id: c for c in track.corners}
    for c in track.corners:
        if c.chicane is None:
            continue
        a, b = c.chicane
        if b != a + 1 or a not in by_id or b not in by_id:
            problems.append(f"chicane {c.chicane} must be two consecutive corners")
        elif by_id[a].limit != by_id[b].limit:
            problems.append(f"chicane {c.chicane} must have equal speed limits")
    last = positions[-1]
    for slot, (space, _) in enumerate(track.grid, start=1):
        if not 0 <= space < length or not (space >= last or space < positions[0]):
            problems.append(f"grid slot {slot} must lie in the last sector")
    if len(track.grid) < 2:
        problems.append("the grid needs slots")
    if any(not 0 <= s < length for s in track.flooded):
        problems.append("flooded spaces must lie on the track")
    return problems


@cache
def _track_file() -> dict[str, dict]:
    with open(DATA / "tracks.json", encoding="utf-8") as handle:
        return {t["id"]: t for t in json.load(handle)["tracks"]}


@cache
def load_track(track_id: str) -> Track:
    records = _track_file()
    if track_id not in records:
        raise ConfigError(f"unknown track {track_id!r}; tracks: {', '.join(records)}")
    return track_from_data(records[track_id])


def track_ids() -> list[str]:
    return list(_track_file())
