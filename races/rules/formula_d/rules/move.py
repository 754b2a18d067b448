"""One move: the legal ends of a movement total, previews and path checks (FD-B-6 to
FD-B-9, FD-B-12, FD-E-7, FD-E-9.1)."""

from __future__ import annotations

from collections.abc import Mapping

from ..state import BOX_STATES, PIT_EXIT, PIT_LANE, RACING, Car
from . import damage
from .search import search
from .steps import (
    LAP,
    LEAVING,
    ON_TRACK,
    OVERS,
    PIT,
    SLIDE,
    SPACE,
    TO_BOX,
    MoveRules,
    is_stuck_terminal,
    lane_changes,
    start_state,
    walk,
)
from .track import PIT_BOX, TRACK
from .track import PIT_LANE as PIT_LANE_SPACE
from .variants.abilities import li_blocks


def pit_mode(car: Car) -> int:
    if car.pit == PIT_LANE:
        return TO_BOX
    if car.pit in BOX_STATES or car.pit == PIT_EXIT:
        return LEAVING
    return ON_TRACK


def rules_for(rs, car: Car, *, slipstream: bool = False) -> MoveRules:
    t = rs.track
    cleared = -1
    if car.corner >= 0 and car.stops >= t.corners[car.corner].stops:
        cleared = car.corner
    occupied = set()  # rs.occupied(car), without a comprehension's own frame
    for c in rs.cars:
        if c.status == RACING and c is not car:
            occupied.add(c.space)
    # positional (see `MoveRules`): by keyword, a class call gathers them in
    # a dict for __init__ and spreads them out again
    rules = MoveRules(
        t,
        occupied,
        rs.laps,
        rs.pit_stops_allowed and 1 <= car.lap < rs.laps,  # can_pit
        t.boxes.get(car.colour, -1) if t.has_pit else -1,  # own_box
        cleared,
        slipstream,
        rs.markers.keys(),  # hazard_spaces
    )
    if rs.drivers_on:  # li_blocks is False for every car otherwise (FD-V-12.1)
        rules.li_row = li_blocks(rs, car)
    return rules


class _OnFirstRead:
    """A plan's field worked out on its first read by the plan's method named
    `fill`, which sets it (maybe with others). A non-data descriptor: the
    value set on the plan hides it from then on. Not a `__getattr__`: a class
    with one has none of its attribute reads specialised by the interpreter,
    and checking a move reads many."""

    def __init__(self, fill: str):
        self.fill = fill

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, plan, owner=None):
        if plan is None:
            return self
        getattr(plan, self.fill)()
        return plan.__dict__[self.name]


class MovePlan:
    """Everything the `move` decision of one main or fast-exit move needs.

    `m` is B, the total before any rain slide; a path whose first B spaces
    trigger the slide must travel `m + slide` (FD-V-7.7, FD-BGA-9).
    """

    # not keyword-only, as `MoveRules`: one plan a move
    def __init__(self, rs, car: Car, m: int, kind: str, may_brake: bool = True, slide: int = 0):
        self.rs = rs
        self.car = car
        self.m = m
        self.slide = slide
        self.kind = kind
        self.may_brake = may_brake and not rs.qualifying  # FD-V-4.3
        self.rules = rules_for(rs, car)
        t = rs.track
        start_slide = False
        if slide:
            self.rules.slide_b = m
            self.rules.slide_owing_only = rs.bga
            # FD-BGA-9 (a): starting in a corner that still owes stops
            start_slide = rs.bga and car.corner >= 0 and car.corner != self.rules.cleared
        self.start = start_state(t, car.space, car.lap, pit_mode(car), slide=start_slide)
        self._candidates = None
        self._checked: tuple | None = None  # (path, states, terminal) of the last good path

    # The search runs only when a decision needs it (a shorter path, the
    # previews): a full-length path is checked by walking it alone.
    layers = _OnFirstRead("_search")
    terminals = _OnFirstRead("_search")
    blocked = _OnFirstRead("_search")
    d_max = _OnFirstRead("_search")
    farthest = _OnFirstRead("_search")
    # Likewise only a path shorter than the roll asks whether the start is a
    # free stop; the answer depends only on the rules and the start, both
    # fixed when the plan is made.
    stuck = _OnFirstRead("_find_stuck")

    def _find_stuck(self) -> None:
        self.stuck = is_stuck_terminal(self.rules, self.start, 0)

    def _search(self) -> None:
        t, m, slide = self.rs.track, self.m, self.slide
        top = m + slide
        self.layers, self.terminals = search(self.rules, self.start, top)
        self.terminals = [x for x in self.terminals if x[0] <= self.m_of(x[1])]
        exact = [
            s for d in {m, top} if d < len(self.layers) for s in self.layers[d] if self.m_of(s) == d
        ]
        self.blocked = not exact and not self.terminals and not self.stuck
        self.d_max = 0
        kinds = t.kind_of
        for d in range(min(top, len(self.layers) - 1), 0, -1):
            if any(kinds[s[SPACE]] == TRACK and d < self.m_of(s) for s in self.layers[d]):
                self.d_max = d
                break
        # FD-BGA-12: the farthest space a pit-lane move could reach
        ends = [d for d, _s, _p in self.terminals]
        if exact:
            ends.append(m)
        self.farthest = max(ends, default=0)

    def m_of(self, state: tuple) -> int:
        return self.m + self.slide if state[SLIDE] else self.m

    # ----- pricing -----------------------------------------------------------
    def braking(self, d: int, terminal: bool, state: tuple) -> tuple[str, int]:
        m = self.m_of(state)
        if d >= m or terminal or (self.stuck and d == 0):
            return "none", 0
        if self.rs.bga and self.rs.track.kind_of[state[SPACE]] != TRACK:
            return "voluntary", max(0, self.farthest - d)
        if self.blocked and d == self.d_max:
            return "forced", m - d
        return "voluntary", m - d

    def end_error(self, d: int, state: tuple, terminal: bool) -> str | None:
        """Why a path of d steps ending in `state` is not a legal end, or None."""
        rs, car = self.rs, self.car
        m = self.m_of(state)
        if d > m:
            return f"you may travel at most {m} spaces"
        kind, b = self.braking(d, terminal, state)
        if kind == "none":
            return None
        if rs.track.kind_of[state[SPACE]] != TRACK and not rs.bga:
            return (
                "the pit move is automatic: go as far as your box, the car ahead or your roll"
                " allows (FD-B-12.7)"
            )
        if kind == "forced":
            return None
        if not self.may_brake:
            return f"braking is not allowed here: the path must have exactly {m} spaces"
        if not damage.can_pay_voluntary(rs, car, {"Br": b}):
            have = car.wear[damage.category(rs, "Br")]
            what = "brake points" if rs.advanced else "wear points (one must remain)"
            return (
                f"you must travel {m} spaces or brake; braking {b} spaces needs {b}"
                f" {what}, you have {have}"
            )
        return None

    def check_path(self, path: list[int]) -> tuple[list[tuple], bool]:
        """The states of a submitted path; raises ValueError with a player's message."""
        key = tuple(path)
        if self._checked is not None and self._checked[0] == key:
            # validated a moment ago (the move is checked, then applied)
            return list(self._checked[1]), self._checked[2]
        states, terminal = walk(self.rules, self.start, path)
        error = self.end_error(len(path), states[-1], terminal)
        if error:
            raise ValueError(error)
        self._checked = (key, tuple(states), terminal)
        return states, terminal

    # ----- candidates for the decision ---------------------------------------
    def candidates(self) -> list[dict]:
        """One canonical path per final space and hazard signature (FD-E-7)."""
        if self._candidates is not None:
            return self._candidates
        t = self.rs.track
        found: dict[tuple, tuple] = {}

        def consider(d: int, state: tuple, path: tuple, terminal: bool) -> None:
            if self.end_error(d, state, terminal):
                return
            key = (state[SPACE], state[LAP], state[OVERS], state[-1], d)
            rank = (lane_changes(t, self.start[SPACE], path), [t.lane[s] for s in path])
            if key not in found or rank < found[key][0]:
                found[key] = (rank, d, state, path, terminal)

        if self.stuck:
            consider(0, self.start, (), True)
        for d in range(len(self.layers) - 1, -1, -1):
            if d < self.m and not (self.blocked or self.may_brake):
                for state, path in self.layers[d].items():
                    if d == self.m_of(state):
                        consider(d, state, path, False)
                break
            for state, path in self.layers[d].items():
                consider(d, state, path, False)
        for d, state, path in self.terminals:
            consider(d, state, path, True)
        self._candidates = [
            self.preview(d, state, path, terminal)
            for _, d, state, path, terminal in sorted(found.values(), key=lambda v: -v[1])
        ]
        return self._candidates

    def preview(self, d: int, state: tuple, path: tuple, terminal: bool) -> dict:
        rs, car, t = self.rs, self.car, self.rs.track
        kind, b = self.braking(d, terminal, state)
        overs = []
        for corner, k in state[OVERS]:
            c = t.corners[corner]
            made = car.stops if corner == car.corner else 0
            overs.append({"corner": c.id, "distance": d - k + 1, "missing": c.stops - made})
        end = state[SPACE]
        return {
            "path": [t.ids[s] for s in path],
            "to": t.ids[end],
            "travelled": d,
            "braking": b,
            "brake_kind": kind,
            "overshoots": overs,
            "eliminated": any(o["missing"] >= 2 for o in overs),
            "stop_in": t.corners[t.corner[end]].id if t.corner[end] >= 0 else None,
            "finish": terminal and state[LAP] > rs.laps,
            "pit_box": t.kind_of[end] == PIT_BOX,
            "pit_lane": t.kind_of[end] == PIT_LANE_SPACE,
            "markers": sum(1 for s in path if s in rs.markers),
            "slide": self.slide if state[SLIDE] else 0,
        }


class MoveOptions(Mapping):
    """Decision options of a move whose candidate list is built on first use, so a
    bot that searches for itself never pays for the previews."""

    def __init__(self, plan: MovePlan, fixed: dict):
        self._plan = plan
        self._fixed = fixed

    # a set: every read asks whether its key is one of these
    LAZY = frozenset(("paths", "legal", "blocked", "d_max"))

    def _full(self) -> dict:
        if "paths" not in self._fixed:
            paths = self._plan.candidates()
            self._fixed["paths"] = paths
            self._fixed["legal"] = [{"path": c["path"]} for c in paths]
            self._fixed["blocked"] = self._plan.blocked
            self._fixed["d_max"] = self._plan.d_max
        return self._fixed

    def __getitem__(self, key):
        if key in self.LAZY:
            return self._full()[key]
        return self._fixed[key]

    def get(self, key, default=None):
        # Mapping.get's answer in one call, not through __getitem__ and a
        # KeyError: a bot asks for the slide and the braking of every move
        if key in self.LAZY:
            return self._full().get(key, default)
        return self._fixed.get(key, default)

    def __iter__(self):
        return iter(self._full())

    def __len__(self) -> int:
        return len(self._full())


def entry_progress(rs, states: list[tuple]) -> int | None:
    """E of FD-B-3.4: progress of the space the car left into the pit lane."""
    for before, after in zip(states, states[1:], strict=False):
        if before[PIT] == ON_TRACK and after[PIT] == TO_BOX:
            return (before[LAP] - 1) * rs.track.L + rs.track.rank[before[SPACE]]
    return None
