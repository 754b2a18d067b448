"""Track generator: builds a track record from a segment table (FD-T-4.2, FD-T-5.3).

The shipped tracks (FD-T-13 to FD-T-15) were produced with this generator and
are stored as data in `data/`; tests build small fixture tracks with it
(FD-T-16).
"""

from __future__ import annotations

from dataclasses import dataclass, field

COLOURS = ("red", "yellow", "blue", "green", "white")
LANES = 3


@dataclass(frozen=True)
class S:
    """A straight of `depth` ranks."""

    depth: int


@dataclass(frozen=True)
class C:
    """A corner of `depth` ranks; `sizes` = spaces of outside, middle, inside lanes."""

    depth: int
    stops: int
    inside: str = "right"
    sizes: tuple[int, int, int] | None = None


@dataclass
class PitPlan:
    entry_rank: int  # the entry_from space is r{entry_rank}l2
    ranks: list[int]  # pit rank of p1..pn
    box_index: dict[str, int]  # colour -> attached pit-lane index k
    exit_rank: int  # pn exits to r{exit_rank}l2


@dataclass
class Plan:
    id: str
    name: str
    segments: list
    kind: str = "circuit"
    corner_prefix: str = "C"
    pit: PitPlan | None = None
    zones: dict[str, str] = field(default_factory=dict)  # space id -> zone


def sid(rank: int, lane: int) -> str:
    return f"r{rank}l{lane}"


def build(plan: Plan) -> dict:
    """Return the track record of FD-T-1 for a segment plan."""
    rank = 0
    lanes_at: dict[int, list[int]] = {}  # lane -> sorted ranks with a space
    corner_of: dict[str, str] = {}
    straight_of: dict[str, str] = {}
    corners = []
    straights = []
    for seg in plan.segments:
        if isinstance(seg, S):
            st_id = f"S{len(straights) + 1}"
            straights.append({"id": st_id, "ranks": [rank, rank + seg.depth - 1]})
            for r in range(rank, rank + seg.depth):
                for lane in range(LANES):
                    lanes_at.setdefault(lane, []).append(r)
                    straight_of[sid(r, lane)] = st_id
        else:
            c_id = f"{plan.corner_prefix}{len(corners) + 1}"
            sizes = seg.sizes or (seg.depth, seg.depth - 1, seg.depth - 2)
            inside_lane = 2 if seg.inside == "right" else 0
            outside_lane = 2 - inside_lane
            by_lane = {outside_lane: sizes[0], 1: sizes[1], inside_lane: sizes[2]}
            spaces = []
            for lane in range(LANES):
                n = by_lane[lane]
                for i in range(n):
                    r = rank + (i * seg.depth) // n
                    lanes_at.setdefault(lane, []).append(r)
                    corner_of[sid(r, lane)] = c_id
                    spaces.append(sid(r, lane))
            corners.append({"id": c_id, "stops": seg.stops, "inside": seg.inside, "spaces": spaces})
        rank += seg.depth
    length = rank
    records: dict[str, dict] = {}
    for lane, ranks in lanes_at.items():
        ranks.sort()
        for r in ranks:
            space = sid(r, lane)
            records[space] = {
                "id": space,
                "kind": "track",
                "lane": lane,
                "rank": r,
                "corner": corner_of.get(space),
                "straight": straight_of.get(space),
                "zone": plan.zones.get(space),
                "grid_slot": None,
                "next": [],
            }

    def successor(lane: int, r: int) -> tuple[int, bool] | None:
        ranks = lanes_at.get(lane)
        if not ranks:
            return None
        for candidate in ranks:
            if candidate > r:
                return candidate, False
        return ranks[0], True

    tunnel_entries = {s for s, z in plan.zones.items() if z == "tunnel_entry"}
    for space, rec in records.items():
        lane, r = rec["lane"], rec["rank"]
        if space in tunnel_entries:  # FD-T-4.6: straight link to the exit only
            nxt, wraps = successor(lane, r)
            rec["next"].append(_link(sid(nxt, lane), "straight", wraps))
            continue
        for to_lane in (lane, lane - 1, lane + 1):
            found = successor(to_lane, r)
            if found is None:
                continue
            nxt, wraps = found
            target = sid(nxt, to_lane)
            if to_lane != lane and plan.zones.get(target) == "tunnel_exit":
                continue
            rec["next"].append(_link(target, "straight" if to_lane == lane else "diagonal", wraps))
    for k in range(1, 11):
        lane = 2 if k % 2 else 0
        records[sid(length - k, lane)]["grid_slot"] = k
    track = {
        "id": plan.id,
        "name": plan.name,
        "kind": plan.kind,
        "L": length,
        "spaces": list(records.values()),
        "corners": corners,
        "straights": straights,
        "grid_slots": [sid(length - k, 2 if k % 2 else 0) for k in range(1, 11)],
        "qualifying_start": sid(length - 1, 1),
        "weather": {"rain_max": 7, "variable_max": 12},
    }
    if plan.pit:
        _add_pit(track, records, plan.pit)
    for corner in corners:
        corner["shortest"], corner["longest"] = corner_span(records, corner)
    return track


def _link(to: str, kind: str, crosses: bool) -> dict:
    link = {"to": to, "kind": kind}
    if crosses:
        link["crosses_line"] = True
    return link


def _add_pit(track: dict, records: dict, pit: PitPlan) -> None:
    n = len(pit.ranks)
    line_after = next(i for i in range(1, n) if pit.ranks[i] < pit.ranks[i - 1])
    lane = [f"p{i}" for i in range(1, n + 1)]
    entry = sid(pit.entry_rank, 2)
    records[entry]["next"].append({"to": "p1", "kind": "pit_entry", "pit_entry": True})
    for i, name in enumerate(lane, start=1):
        nxt = [{"to": f"p{i + 1}", "kind": "straight"}] if i < n else []
        if i == line_after:
            nxt[0]["crosses_line"] = True
        if i == n:
            nxt = [{"to": sid(pit.exit_rank, 2), "kind": "straight"}]
        records[name] = {
            "id": name,
            "kind": "pit_lane",
            "pit_index": i,
            "pit_rank": pit.ranks[i - 1],
            "next": nxt,
        }
    boxes = {}
    for colour, k in pit.box_index.items():
        box = f"box_{colour}"
        boxes[colour] = box
        records[box] = {
            "id": box,
            "kind": "pit_box",
            "pit_index": k,
            "pit_rank": pit.ranks[k - 1],
            "next": [{"to": f"p{k + 1}", "kind": "straight"}],
        }
        records[f"p{k - 1}"]["next"].append({"to": box, "kind": "pit_box"})
    track["spaces"] = list(records.values())
    track["pit"] = {
        "entry_from": [entry],
        "lane": lane,
        "boxes": boxes,
        "exit_to": [sid(pit.exit_rank, 2)],
        "line_after": line_after,
    }


def corner_span(records: dict, corner: dict) -> tuple[int, int]:
    """Fewest and most corner spaces on a path through the corner (FD-T-5.2)."""
    inside = set(corner["spaces"])
    preds: dict[str, list[str]] = {s: [] for s in inside}
    for rec in records.values():
        for link in rec.get("next", []):
            if link["to"] in inside:
                preds[link["to"]].append(rec["id"])
    memo: dict[str, tuple[int, int]] = {}

    def span(space: str) -> tuple[int, int]:
        # (shortest, longest) number of corner spaces from here to the corner's exit
        if space not in memo:
            outs = [ln["to"] for ln in records[space]["next"] if ln["to"] in inside]
            exits = any(ln["to"] not in inside for ln in records[space]["next"])
            options = [span(o) for o in outs]
            lo = min([o[0] for o in options] + ([0] if exits else []))
            hi = max([o[1] for o in options] + ([0] if exits else []))
            memo[space] = (lo + 1, hi + 1)
        return memo[space]

    entries = [s for s in corner["spaces"] if any(p not in inside for p in preds[s])]
    spans = [span(s) for s in entries]
    return min(s[0] for s in spans), max(s[1] for s in spans)


PADDOCK_RING = Plan(
    id="paddock_ring",
    name="Paddock Ring",
    corner_prefix="T",
    segments=[S(8), C(4, 1), S(8), C(4, 1), S(8), C(5, 2), S(7), C(4, 1), S(12)],
    pit=PitPlan(
        entry_rank=48,
        ranks=[*range(49, 60), 0, 1, 2],
        box_index={"red": 4, "yellow": 5, "blue": 6, "green": 7, "white": 8},
        exit_rank=3,
    ),
)

_LAKESIDE_SEGMENTS = [
    S(12),
    C(5, 2, "right"),
    S(14),
    C(3, 1, "left", (3, 3, 2)),
    S(8),
    C(4, 1, "right", (4, 3, 3)),
    S(18),
    C(7, 3, "left", (7, 5, 4)),
    S(8),
    C(5, 2, "right"),
    S(6),
    C(3, 1, "left", (3, 3, 2)),
    S(7),
    C(6, 2, "right", (6, 5, 4)),
    S(14),
]
_LAKESIDE_PIT = PitPlan(
    entry_rank=106,
    ranks=[*range(107, 120), *range(0, 7)],
    box_index={"red": 6, "yellow": 7, "blue": 8, "green": 9, "white": 10},
    exit_rank=7,
)
LAKESIDE_GP = Plan(
    id="lakeside_gp", name="Lakeside Grand Prix", segments=_LAKESIDE_SEGMENTS, pit=_LAKESIDE_PIT
)


def _night_zones() -> dict[str, str]:
    zones = {}
    for r in range(50, 58):
        for lane in range(LANES):
            zones[sid(r, lane)] = "residential"
    for i in range(4):  # C4's inside lane: 4 spaces over depth 7 (FD-T-5.3)
        zones[sid(64 + (i * 7) // 4, 0)] = "danger"
    for r in (85, 86, 87):
        zones[sid(r, 2)] = "danger"
    for lane in range(LANES):
        zones[sid(24, lane)] = "police"
        zones[sid(36, lane)] = "tunnel_entry"
        zones[sid(37, lane)] = "tunnel_exit"
    return zones


LAKESIDE_NIGHT = Plan(
    id="lakeside_night",
    name="Lakeside by Night",
    kind="street",
    segments=_LAKESIDE_SEGMENTS,
    pit=_LAKESIDE_PIT,
    zones=_night_zones(),
)

SHIPPED = (PADDOCK_RING, LAKESIDE_GP, LAKESIDE_NIGHT)
