"""Steps: movement states and the legality of each step (FD-B-6 to FD-B-9,
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

    # Not keyword-only: the rules are made for every move and every bot
    # decision, and a class called with keywords has them gathered in a dict
    # for __init__, then spread out again (some 0.25 us a call in 3.11)
    def __init__(
        self,
        track: Track,
        occupied: set[int],
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
        self.car_ranks = None  # made on first use by the weaving test
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


def step_links(track: Track) -> list[tuple]:
    """Per space, its forward links with what `step` reads of the space entered:
    (to, diagonal, crosses, pit_entry, kind, corner, straight, lane, rank, last_rank,
    plain, lane_change, (lane, rank) of the space left).

    `plain` marks a step that changes nothing but the space: straight ahead on
    the main track, within one straight or one corner, no line, no pit lane.
    `lane_change` marks a diagonal step along one straight that changes nothing
    else (FD-B-7).
    Built once per track, so a step reads one tuple instead of a dozen tables.
    """
    table = track.__dict__.get("_step_links")
    if table is None:
        table = track._step_links = _step_link_table(track)
    return table


def _step_link_table(track: Track) -> list[tuple]:
    # apart from `step_links`, which a search and a walk call: its comprehension
    # would make a closure cell of the track on every call
    return [
        tuple(_rich_link(track, *link, source=a) for link in links)
        for a, links in enumerate(track.next)
    ]


def _rich_link(
    track: Track, to: int, diagonal: bool, crosses: bool, pit_entry: bool, source: int = -1
) -> tuple:
    kind, rank = track.kind_of[to], track.rank[to]
    last_rank = kind == TRACK and rank == track.L - 1
    simple = (
        source >= 0
        and not (crosses or pit_entry or last_rank)
        and kind == TRACK
        and track.kind_of[source] == TRACK
        and track.corner[to] == track.corner[source]
        and track.straight[to] == track.straight[source]
    )
    plain = simple and not diagonal
    lane_change = simple and diagonal and track.corner[to] < 0 and track.straight[to] >= 0
    return (
        to,
        diagonal,
        crosses,
        pit_entry,
        kind,
        track.corner[to],
        track.straight[to],
        track.lane[to],
        rank,
        last_rank,
        plain,
        lane_change,
        (track.lane[source], track.rank[source]) if source >= 0 else None,
    )


def links(rules: MoveRules, state: tuple) -> tuple:
    """Forward links (to, diagonal, crosses, pit_entry) from a state's space; a car
    owed to its box reaches it from p_k too."""
    return tuple(link[:4] for link in rich_links(rules, state))


def rich_links(rules: MoveRules, state: tuple) -> tuple:
    """`links` as `step_links` gives them."""
    space = state[SPACE]
    t = rules.track
    if state[PIT] == TO_BOX and rules.own_box >= 0:
        k = t.pit_index[rules.own_box]
        if t.kind_of[space] == PIT_LANE and t.pit_index[space] == k:
            # FD-B-12.7: waiting beside an occupied box; it enters in a later turn
            return (_rich_link(t, rules.own_box, False, False, False),)
    return step_links(t)[space]


# Why a step is illegal: `advance` returns one of these codes, `step` the sentence
# (the search meets thousands of illegal steps and never reads why).
(
    OCCUPIED,
    SLIP_PIT,
    PIT_CLOSED,
    NOT_OWN_BOX,
    OWN_BOX_ONLY,
    INTO_BOX,
    KEEP_LANE,
    TWO_CHANGES,
    WEAVING,
    LOCKED_EXIT,
) = range(10)


def step(rules: MoveRules, state: tuple, link: tuple, k: int) -> tuple | str:
    """The state after step number k along `link` (one of `links`), or the reason
    it is illegal.

    Returns (new_state, terminal) on success.
    """
    link = next(ln for ln in rich_links(rules, state) if ln[:4] == tuple(link))
    got = advance(rules, state, link, k)
    return _reason(rules, state, link, got) if got.__class__ is int else got


_REASONS = {
    OCCUPIED: "space {to} is occupied",
    SLIP_PIT: "a slipstream never enters the pit lane",
    PIT_CLOSED: "the pit lane is open only while completing a lap that is not the last",
    NOT_OWN_BOX: "{to} is not your pit box",
    OWN_BOX_ONLY: "a car in the pit lane must stop in its own box (FD-B-12.5)",
    INTO_BOX: "drive into your box {box}",
    KEEP_LANE: "after overshooting a corner the car must keep its lane (FD-B-8.7)",
    TWO_CHANGES: "at most two lane changes on one straight (FD-B-7.2)",
    WEAVING: "no weaving: lane {lane} may be re-entered only to overtake (FD-B-7.3)",
    LOCKED_EXIT: "an overshooting car keeps its lane as it leaves the corner (FD-B-8.7)",
}


def _reason(rules: MoveRules, state: tuple, link: tuple, code: int) -> str:
    ids = rules.track.ids
    return _REASONS[code].format(
        to=ids[link[0]],
        box=ids[rules.own_box] if rules.own_box >= 0 else "",
        lane=weaving_lane(rules, state[LEFT], link[7], link[8]) if code == WEAVING else "",
    )


def weaving_lane(rules: MoveRules, left: tuple, lane_to: int, rank_to: int) -> int | None:
    """The lane left earlier on this straight that a step would re-enter without
    overtaking in between (FD-B-7.3), or None."""
    car_ranks = rules.car_ranks
    L = rules.track.L
    if car_ranks is None:
        # each car on the main track as lane * L + rank (ranks run below L):
        # an int, so the test below builds no tuple per rank
        t = rules.track
        lanes, ranks, kinds = t.lane, t.rank, t.kind_of
        car_ranks = set()
        for s in rules.occupied:
            if kinds[s] == TRACK:
                car_ranks.add(lanes[s] * L + ranks[s])
        rules.car_ranks = car_ranks
    for lane, rank in left:
        if lane == lane_to:
            # a plain loop: the bots' search asks this for most lane changes
            at = lane * L
            for r in range(rank + 1, rank_to):
                if at + r in car_ranks:
                    break  # overtook a car there: not weaving
            else:
                return lane
    return None


def _pit_step(rules: MoveRules, a: int, link: tuple, pit_mode: int):
    """The pit-lane rules of one step (FD-B-12): (pit_mode, terminal) or a code."""
    to, _diagonal, _crosses, pit_entry, kind_to = link[:5]
    t = rules.track
    if pit_entry:
        if rules.slipstream:
            return SLIP_PIT
        if not rules.can_pit or pit_mode != ON_TRACK:
            return PIT_CLOSED
        return TO_BOX, False
    if kind_to == PIT_BOX:
        if pit_mode != TO_BOX or to != rules.own_box:
            return NOT_OWN_BOX
        return pit_mode, True  # FD-B-12.6
    if kind_to == PIT_LANE and pit_mode == TO_BOX and rules.own_box >= 0:
        k_box = t.pit_index[rules.own_box]
        here = t.pit_index[a] if t.kind_of[a] == PIT_LANE else 0
        if here >= k_box:
            return OWN_BOX_ONLY
        if t.pit_index[to] == k_box and rules.own_box_free:
            return INTO_BOX
        return pit_mode, False
    if kind_to == TRACK and pit_mode != ON_TRACK:
        if pit_mode == TO_BOX:
            return OWN_BOX_ONLY
        return ON_TRACK, False
    return pit_mode, False


def advance(rules: MoveRules, state: tuple, link: tuple, k: int, look_ahead: bool = True):
    """`step` without the sentence: (new_state, terminal), or an int code when illegal.

    `look_ahead=False` skips the pit-lane stop test of the space entered, for
    callers that only ask whether the step is legal."""
    to = link[0]
    if to in rules.occupied:
        return OCCUPIED
    if link[10] and state[PIT] == ON_TRACK and not rules.slide_b:
        # a plain step: only the space changes (and a marked space is noted)
        if to in rules.hazard_spaces:
            return (to,) + state[1:HAZARDS] + (state[HAZARDS] + (to,), state[SLIDE]), False
        return (to,) + state[1:], False
    (
        to,
        diagonal,
        crosses,
        pit_entry,
        kind_to,
        corner_to,
        straight_to,
        lane_to,
        rank_to,
        last,
        _plain,
        _lane_change,
        _left,
    ) = link
    a, straight, changes, left, lock, lap, pit_mode, overs, hazards, slide = state
    terminal = False
    if pit_entry or kind_to != TRACK or pit_mode != ON_TRACK:
        got = _pit_step(rules, a, link, pit_mode)
        if got.__class__ is int:
            return got
        pit_mode, terminal = got
    if diagonal:
        if lock:
            return KEEP_LANE
        # a state's straight is always its space's straight
        if not rules.slipstream and straight >= 0:
            if changes >= 2:
                return TWO_CHANGES
            if left and weaving_lane(rules, left, lane_to, rank_to) is not None:
                return WEAVING
            t = rules.track
            changes += 1
            left = left + ((t.lane[a], t.rank[a]),)
    ca = rules.track.corner[a]
    if ca >= 0 and corner_to != ca and ca != rules.cleared:
        if diagonal:
            return LOCKED_EXIT
        lock = True
        overs = overs + ((ca, k),)
    if straight_to != straight:
        straight, changes, left = straight_to, 0, ()
    if last and rules.li_row:
        terminal = True
    if crosses:
        if lap >= rules.laps:
            terminal = True  # FD-B-13.2: the move ends on the first space past the line
        lap += 1
    if to in rules.hazard_spaces:
        hazards = hazards + (to,)
    if not slide and k <= rules.slide_b and corner_to >= 0:
        # FD-V-7.7: a corner space among the first B; bga: only corners owing stops
        slide = not rules.slide_owing_only or corner_to != rules.cleared
    new = (to, straight, changes, left, lock, lap, pit_mode, overs, hazards, slide)
    if look_ahead and not terminal and kind_to == PIT_LANE and _pit_lane_stuck(rules, new, k):
        terminal = True  # FD-B-12.7: stops behind a pit-lane car at no cost
    return new, terminal


def _pit_lane_stuck(rules: MoveRules, state: tuple, k: int) -> bool:
    """No legal step on from `state` (whether that step would stop is no matter,
    so it is not asked: asking made a pit-lane move cost its length squared)."""
    return all(
        advance(rules, state, ln, k + 1, False).__class__ is int for ln in rich_links(rules, state)
    )


def walk(rules: MoveRules, state: tuple, path: list[int], k0: int = 0) -> tuple:
    """Follow a submitted path; return (states, ends_on_terminal) or raise ValueError."""
    states = [state]
    t = rules.track
    terminal = False
    last = len(path) - 1
    boxed = rules.own_box >= 0
    next_of = step_links(t)
    # `advance`'s plain step taken here, without a call: most steps of a path
    plain_ok = not rules.slide_b
    occupied, hazard_spaces = rules.occupied, rules.hazard_spaces
    for i, to in enumerate(path):
        ln = rich_links(rules, state) if boxed and state[PIT] == TO_BOX else next_of[state[SPACE]]
        for link in ln:
            if link[0] == to:
                break
        else:
            raise ValueError(f"{t.ids[to]} is not a forward neighbour of {t.ids[state[SPACE]]}")
        if link[10] and plain_ok and state[PIT] == ON_TRACK and to not in occupied:
            if to in hazard_spaces:
                state = (to,) + state[1:HAZARDS] + (state[HAZARDS] + (to,), state[SLIDE])
            else:
                state = (to,) + state[1:]
            states.append(state)
            terminal = False
            continue
        got = advance(rules, state, link, k0 + i + 1)
        if got.__class__ is int:
            raise ValueError(_reason(rules, state, link, got))
        state, terminal = got
        states.append(state)
        if terminal and i != last:
            raise ValueError(f"the move ends on {t.ids[to]}")
    return states, terminal


def is_stuck_terminal(rules: MoveRules, state: tuple, k: int) -> bool:
    """A pit-area start or pit-lane space with no legal step is a free stop."""
    if rules.track.kind_of[state[SPACE]] == TRACK:
        return False
    return _pit_lane_stuck(rules, state, k)


def lane_changes(track: Track, start: int, path) -> int:
    lanes = [track.lane[start], *(track.lane[s] for s in path)]
    return sum(1 for x, y in zip(lanes, lanes[1:], strict=False) if x != y)
