"""Paths: legality of steps and the search over movement states (FD-B-6 to FD-B-9,
FD-B-12, FD-E-7).

A movement state is a small tuple, so the search keeps one canonical path per
state instead of enumerating raw paths (corners with arrows everywhere would
explode):

    (space, straight, lane_changes, lanes_left, lock, lap, pit_mode, overshoots, hazards,
     slide)

`lanes_left` holds (lane, rank) pairs left on the current straight (the
weaving rule FD-B-7.3 needs them), `lock` is the overshoot lane lock of
FD-B-8.7, `overshoots` the (corner, step) pairs where a corner owing stops was
left, and `hazards` the marked or zoned spaces entered (FD-E-7's hazard
signature) and `slide` whether the rain slide of FD-V-7.7 / FD-BGA-9 was
triggered within the first B spaces (the move then lasts B + S).
"""

from __future__ import annotations

from .track import PIT_BOX, PIT_LANE, TRACK, Track

ON_TRACK, TO_BOX, LEAVING = 0, 1, 2  # pit modes

SPACE, STRAIGHT, CHANGES, LEFT, LOCK, LAP, PIT, OVERS, HAZARDS, SLIDE = range(10)


class MoveRules:
    """What the legality of one move depends on; fixed while the move is searched."""

    __slots__ = (
        "track",
        "occupied",
        "car_ranks",
        "laps",
        "can_pit",
        "own_box",
        "own_box_free",
        "cleared",
        "slipstream",
        "hazard_spaces",
        "slide_b",
        "slide_owing_only",
        "li_row",
    )

    def __init__(
        self,
        track: Track,
        occupied: set[int],
        *,
        laps: int,
        can_pit: bool = False,
        own_box: int = -1,
        cleared: int = -1,
        slipstream: bool = False,
        hazard_spaces: frozenset[int] | set[int] = frozenset(),
    ):
        self.track = track
        self.occupied = occupied
        # (lane, rank) of cars on the main track, for the weaving test (FD-B-7.3)
        self.car_ranks = {
            (track.lane[s], track.rank[s]) for s in occupied if track.kind_of[s] == TRACK
        }
        self.laps = laps
        self.can_pit = can_pit
        self.own_box = own_box
        self.own_box_free = own_box >= 0 and own_box not in occupied
        self.cleared = cleared
        self.slipstream = slipstream
        self.hazard_spaces = hazard_spaces
        self.slide_b = 0  # B when a rain slide may trigger (FD-V-7.7)
        self.slide_owing_only = False  # FD-BGA-9
        self.li_row = False  # FD-V-12.1: rank L-1 is terminal for this car


def start_state(
    track: Track, space: int, lap: int, pit_mode: int, lock: bool = False, slide: bool = False
) -> tuple:
    return (space, track.straight[space], 0, (), lock, lap, pit_mode, (), (), slide)


def links(rules: MoveRules, state: tuple) -> tuple:
    """Forward links from a state's space; a car owed to its box reaches it from p_k too."""
    space = state[SPACE]
    t = rules.track
    if state[PIT] == TO_BOX and rules.own_box >= 0:
        k = t.pit_index[rules.own_box]
        if t.kind_of[space] == PIT_LANE and t.pit_index[space] == k:
            # FD-B-12.7: waiting beside an occupied box; it enters in a later turn
            return ((rules.own_box, False, False, False),)
    return t.next[space]


def step(rules: MoveRules, state: tuple, link: tuple, k: int) -> tuple | str:
    """The state after step number k along `link`, or the reason it is illegal.

    Returns (new_state, terminal) on success.
    """
    t = rules.track
    to, diagonal, crosses, pit_entry = link
    if to in rules.occupied:
        return f"space {t.ids[to]} is occupied"
    a, straight, changes, left, lock, lap, pit_mode, overs, hazards, slide = state
    kind_to = t.kind_of[to]
    terminal = False
    if pit_entry:
        if rules.slipstream:
            return "a slipstream never enters the pit lane"
        if not rules.can_pit or pit_mode != ON_TRACK:
            return "the pit lane is open only while completing a lap that is not the last"
        pit_mode = TO_BOX
    elif kind_to == PIT_BOX:
        if pit_mode != TO_BOX or to != rules.own_box:
            return f"{t.ids[to]} is not your pit box"
        terminal = True  # FD-B-12.6
    elif kind_to == PIT_LANE and pit_mode == TO_BOX and rules.own_box >= 0:
        k_box = t.pit_index[rules.own_box]
        here = t.pit_index[a] if t.kind_of[a] == PIT_LANE else 0
        if here >= k_box:
            return "a car in the pit lane must stop in its own box (FD-B-12.5)"
        if t.pit_index[to] == k_box and rules.own_box_free:
            return f"drive into your box {t.ids[rules.own_box]}"
    elif kind_to == TRACK and pit_mode != ON_TRACK:
        if pit_mode == TO_BOX:
            return "a car in the pit lane must stop in its own box (FD-B-12.5)"
        pit_mode = ON_TRACK
    if diagonal:
        if lock:
            return "after overshooting a corner the car must keep its lane (FD-B-8.7)"
        if not rules.slipstream and t.straight[a] >= 0:
            if changes >= 2:
                return "at most two lane changes on one straight (FD-B-7.2)"
            lane_to, rank_to = t.lane[to], t.rank[to]
            for lane, rank in left:
                if lane == lane_to and not any(
                    (lane, r) in rules.car_ranks for r in range(rank + 1, rank_to)
                ):
                    return f"no weaving: lane {lane} may be re-entered only to overtake (FD-B-7.3)"
            changes += 1
            left = (*left, (t.lane[a], t.rank[a]))
    corner_of = t.corner
    ca = corner_of[a]
    corner_to = corner_of[to]
    if ca >= 0 and corner_to != ca and ca != rules.cleared:
        if diagonal:
            return "an overshooting car keeps its lane as it leaves the corner (FD-B-8.7)"
        lock = True
        overs = (*overs, (ca, k))
    if t.straight[to] != straight:
        straight, changes, left = t.straight[to], 0, ()
    if rules.li_row and kind_to == TRACK and t.rank[to] == t.L - 1:
        terminal = True
    if crosses:
        if lap >= rules.laps:
            terminal = True  # FD-B-13.2: the move ends on the first space past the line
        lap += 1
    if to in rules.hazard_spaces:
        hazards = (*hazards, to)
    if not slide and k <= rules.slide_b and corner_to >= 0:
        # FD-V-7.7: a corner space among the first B; bga: only corners owing stops
        slide = not rules.slide_owing_only or corner_to != rules.cleared
    new = (to, straight, changes, left, lock, lap, pit_mode, overs, hazards, slide)
    if (
        not terminal
        and kind_to == PIT_LANE
        and not any(not isinstance(step(rules, new, ln, k + 1), str) for ln in links(rules, new))
    ):
        terminal = True  # FD-B-12.7: stops behind a pit-lane car at no cost
    return new, terminal


def walk(rules: MoveRules, state: tuple, path: list[int], k0: int = 0) -> tuple:
    """Follow a submitted path; return (states, ends_on_terminal) or raise ValueError."""
    states = [state]
    t = rules.track
    terminal = False
    for i, to in enumerate(path):
        if states[-1] is None:
            raise ValueError("the move ended before the path did")
        link = next((ln for ln in links(rules, states[-1]) if ln[0] == to), None)
        if link is None:
            raise ValueError(
                f"{t.ids[to]} is not a forward neighbour of {t.ids[states[-1][SPACE]]}"
            )
        got = step(rules, states[-1], link, k0 + i + 1)
        if isinstance(got, str):
            raise ValueError(got)
        new, terminal = got
        states.append(new)
        if terminal and i != len(path) - 1:
            raise ValueError(f"the move ends on {t.ids[to]}")
    return states, terminal


def is_stuck_terminal(rules: MoveRules, state: tuple, k: int) -> bool:
    """A pit-area start or pit-lane space with no legal step is a free stop."""
    if rules.track.kind_of[state[SPACE]] == TRACK:
        return False
    return not any(not isinstance(step(rules, state, ln, k + 1), str) for ln in links(rules, state))


def search(rules: MoveRules, start: tuple, max_steps: int, k0: int = 0, *, merge: bool = False):
    """Breadth-first over movement states.

    Returns (layers, terminals): layers[d] maps each distinct state reached with
    exactly d steps to its canonical path; terminals lists (d, state, path) of
    moves that end early on a terminal space.

    `merge` (bots) keeps one state per space, lap, pit mode, lock and
    overshoots: the one with the fewest hazards, then the fewest lane changes.
    Every path it keeps is legal; a few unusual ends may be missed.
    """
    layers: list[dict] = [{start: ()}]
    terminals: list[tuple] = []
    slide_b = rules.slide_b
    own_box = rules.own_box
    next_of = rules.track.next
    layer = layers[0]
    for d in range(1, max_steps + 1):
        k = k0 + d
        previous, layer = layer, {}
        best: dict = {}
        for state, path in previous.items():
            # `links(rules, state)`, inlined for the common case
            ln = links(rules, state) if own_box >= 0 and state[PIT] == TO_BOX else next_of[state[0]]
            for link in ln:
                got = step(rules, state, link, k)
                if got.__class__ is str:
                    continue
                new, terminal = got
                if slide_b and d > slide_b and not new[SLIDE]:
                    continue  # only a slide lengthens the move beyond B
                if terminal:
                    if d < max_steps:
                        terminals.append((d, new, (*path, link[0])))
                        continue
                if merge:
                    key = (new[0], new[4], new[5], new[6], new[7], new[9])
                    rank = (len(new[8]), new[2])
                    old = best.get(key)
                    if old is not None:
                        if rank >= old[0]:
                            continue
                        del layer[old[1]]
                    best[key] = (rank, new)
                    layer[new] = (*path, link[0])
                elif new not in layer:
                    layer[new] = (*path, link[0])
        layers.append(layer)
        if not layer:
            break
    return layers, terminals


def lane_changes(track: Track, start: int, path) -> int:
    lanes = [track.lane[start], *(track.lane[s] for s in path)]
    return sum(1 for x, y in zip(lanes, lanes[1:], strict=False) if x != y)
