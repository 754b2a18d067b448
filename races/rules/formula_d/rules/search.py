"""The search over movement states (FD-E-7): every state a move can reach, step
by step, with one canonical path per state; and the bots' merged search, which
keeps one state per end."""

from __future__ import annotations

from .steps import (
    CHANGES,
    HAZARDS,
    LAP,
    LOCK,
    ON_TRACK,
    OVERS,
    PIT,
    SLIDE,
    SPACE,
    TO_BOX,
    MoveRules,
    advance,
    rich_links,
    step_links,
    weaving_lane,
)
from .track import TRACK


def search(rules: MoveRules, start: tuple, max_steps: int, k0: int = 0, *, merge: bool = False):
    """Breadth-first over movement states.

    Returns (layers, terminals): layers[d] maps each distinct state reached with
    exactly d steps to its canonical path; terminals lists (d, state, path) of
    moves that end early on a terminal space.

    `merge` (bots) keeps one state per space, lap, pit mode, lock and
    overshoots: the one with the fewest hazards, then the fewest lane changes.
    Every path it keeps is legal; a few unusual ends may be missed. Its layers
    are sequences (a dict's values: iterate them, do not index them) of
    (state, entry before, rank, key number, rank0), the last three the
    search's own, and its terminals (d, state, trail). A trail is a path kept
    as (state, trail before, ...), read with `unwind`, since the bots need
    the path of one end only: a kept entry is its own trail (no tuple of its
    own per state kept); the start's entry, whose trail before is None, ends
    every trail, and () is the empty trail too.
    """
    if merge:
        return _merged_search(rules, start, max_steps, k0)
    layers: list[dict] = [{start: ()}]
    terminals: list[tuple] = []
    slide_b = rules.slide_b
    own_box = rules.own_box
    next_of = step_links(rules.track)
    layer = layers[0]
    for d in range(1, max_steps + 1):
        k = k0 + d
        previous, layer = layer, {}
        for state, path in previous.items():
            ln = (
                rich_links(rules, state)
                if own_box >= 0 and state[PIT] == TO_BOX
                else next_of[state[0]]
            )
            for link in ln:
                got = advance(rules, state, link, k)
                if got.__class__ is int:
                    continue
                new, terminal = got
                if slide_b and d > slide_b and not new[SLIDE]:
                    continue  # only a slide lengthens the move beyond B
                if terminal and d < max_steps:
                    terminals.append((d, new, (*path, link[0])))
                elif new not in layer:
                    layer[new] = (*path, link[0])
        layers.append(layer)
        if not layer:
            break
    return layers, terminals


# How the merged search takes a step along a link from the main track when
# nothing but the board can stop it (no pit mode, slide or slipstream): the
# kinds of `_step_kinds`; OTHER steps are `advance`'s.
OTHER, PLAIN, LANE_CHANGE, CORNER_LANE, BORDER = range(5)


def _step_kinds(track) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """Per space, (space entered, kind, corner left, link) for each of its
    `step_links`; the corner left (-1 on a straight) is read by BORDER steps
    (between a corner and a straight, or two corners). And the same without
    the diagonal steps, for a car whose overshoot locks its lane (FD-B-8.7):
    every diagonal step is illegal to it, so it need not try them. And the
    same with every kind OTHER, for a state whose steps `advance` takes all
    (a pit mode, a slide or a slipstream). Built once per track."""
    table = track.__dict__.get("_step_kinds")
    if table is not None:
        return table
    kinds, corner, straight = track.kind_of, track.corner, track.straight
    table = []
    for a, links in enumerate(step_links(track)):
        row = []
        for link in links:
            to, diagonal, crosses, pit_entry, kind_to, corner_to, straight_to = link[:7]
            if link[10]:
                kind = PLAIN
            elif link[11]:
                kind = LANE_CHANGE
            elif crosses or pit_entry or link[9] or kind_to != TRACK or kinds[a] != TRACK:
                kind = OTHER
            elif corner_to == corner[a] and straight_to == straight[a]:
                # a diagonal within one corner (a corner space is on no straight)
                kind = CORNER_LANE if diagonal and corner_to >= 0 and straight_to < 0 else OTHER
            elif straight_to != straight[a] or straight_to < 0:
                kind = BORDER
            else:
                kind = OTHER
            row.append((to, kind, corner[a], link))
        table.append(tuple(row))
    locked = [tuple(r for r in row if not r[3][1]) for row in table]
    by_advance = [tuple((to, OTHER, -1, link) for to, _k, _c, link in row) for row in table]
    track._step_kinds = table, locked, by_advance
    return table, locked, by_advance


def _merged_search(rules: MoveRules, start: tuple, max_steps: int, k0: int):
    """`search(..., merge=True)`: the bots' search, run for every decision, so its
    steps on the main track (see `_step_kinds`) are taken here, not by `advance`,
    with the same outcome."""
    terminals: list[tuple] = []
    slide_b, slipstream = rules.slide_b, rules.slipstream
    boxed = rules.own_box >= 0
    cleared = rules.cleared
    occupied, hazard_spaces = rules.occupied, rules.hazard_spaces
    step_kinds, locked_kinds, by_advance = _step_kinds(rules.track)
    # merge keys as ints: (lock, lap, pit mode, overshoots, slide) get a number
    # each, so a key is that number and the space; a state's rank is
    # 8 * hazards + lane changes (at most two lane changes count, FD-B-7.2).
    # Each kept state carries its key's number and its rank into the next
    # layer, as most steps change neither the number nor anything but the
    # rank's own terms.
    # the spaces a step must look at twice (occupied, or marked by a hazard):
    # most steps enter neither, and are cleared by one set lookup
    special = occupied | hazard_spaces if hazard_spaces else occupied
    rests: dict = {}
    n = len(rules.track.ids)
    rest = (start[LOCK], start[LAP], start[PIT], start[OVERS], start[SLIDE])
    # a layer: (state, entry before it, rank, key's number, rank with every lane
    # change) of each state kept
    rank0 = 8 * len(start[HAZARDS]) + start[CHANGES]
    kept_states = [(start, None, 0, rests.setdefault(rest, 0) * n, rank0)]
    layers: list = [kept_states]
    free = not slide_b and not slipstream
    # the step kinds as locals: read for every step tried
    plain_step, lane_change, border = PLAIN, LANE_CHANGE, BORDER
    for d in range(1, max_steps + 1):
        k = k0 + d
        kept: dict = {}  # merge key -> (state, entry before, rank, key's number, rank0)
        for entry in kept_states:  # each entry is the trail of the states it reaches
            state, _before, _rank, base, rank0 = entry
            # the state's fields once, not a subscript per step tried: a new
            # state is built from them, which is cheaper than slicing
            space0, straight0, changes0, left0, lock0, lap, pit, overs0, hazards0, slide = state
            # the common steps are taken here; `advance` takes the rest, and
            # every step of a state in a pit mode or of a search with a slide
            # or a slipstream (its steps are all OTHER)
            if pit == ON_TRACK and free:
                ln = (locked_kinds if lock0 else step_kinds)[space0]
            elif boxed and pit == TO_BOX:
                ln = tuple((link[0], OTHER, -1, link) for link in rich_links(rules, state))
            else:
                ln = by_advance[space0]
            for to, kind, corner_from, link in ln:
                marked = False
                if to in special:
                    if to in occupied:
                        continue  # `advance` says OCCUPIED first, whatever the step
                    marked = True
                if kind:
                    if kind == plain_step:
                        # straight ahead: only the space changes (and a marked space is noted)
                        key = base + to
                        rank = rank0 + 8 if marked else rank0
                        if key in kept:  # `in`, not get: most keys are new
                            if rank >= kept[key][2]:
                                continue  # a state as good is kept already
                            del kept[key]  # the better state takes the end of the layer
                        new = (
                            to,
                            straight0,
                            changes0,
                            left0,
                            lock0,
                            lap,
                            pit,
                            overs0,
                            hazards0 + (to,) if marked else hazards0,
                            slide,
                        )
                        kept[key] = (new, entry, rank, base, rank)
                        continue
                    # `!=` first, so its jump over the shorter branch needs no
                    # extended argument, which would keep the compare from being
                    # specialised: it is made for most steps that are not plain
                    if kind != border:
                        key = base + to
                        rank = rank0 + 8 if marked else rank0
                        if kind == lane_change:  # a lane change on a straight (FD-B-7)
                            if changes0 >= 2:  # a locked state has no lane change
                                continue
                            rank += 1
                        old = kept.get(key)
                        if old is not None and rank >= old[2]:
                            continue  # a state as good is kept already
                        changes, left = changes0, left0
                        if kind == lane_change:
                            if left0 and weaving_lane(rules, left0, link[7], link[8]) is not None:
                                continue
                            changes, left = changes0 + 1, left0 + (link[12],)
                        new = (
                            to,
                            straight0,
                            changes,
                            left,
                            lock0,
                            lap,
                            pit,
                            overs0,
                            hazards0 + (to,) if marked else hazards0,
                            slide,
                        )
                        new_base, new_rank0 = base, rank
                    else:
                        # `advance` for a step between a corner and a straight
                        lock, overs = lock0, overs0
                        # a diagonal: never from a locked state (its table has none)
                        if link[1]:
                            if straight0 >= 0:
                                if changes0 >= 2:
                                    continue  # TWO_CHANGES
                                if (
                                    left0
                                    and weaving_lane(rules, left0, link[7], link[8]) is not None
                                ):
                                    continue  # WEAVING
                        if corner_from >= 0 and link[5] != corner_from and corner_from != cleared:
                            if link[1]:
                                continue  # LOCKED_EXIT
                            lock = True
                            overs = overs + ((corner_from, k),)
                        hazards = hazards0 + (to,) if marked else hazards0
                        if link[6] != straight0:
                            straight, changes, left = link[6], 0, ()
                        else:
                            straight, changes, left = straight0, changes0, left0
                        if lock is lock0 and overs is overs0:
                            new_base = base
                        else:
                            rest = (lock, lap, pit, overs, slide)
                            new_base = rests.setdefault(rest, len(rests)) * n
                        key = new_base + to
                        new_rank0 = 8 * len(hazards) + changes
                        # min(changes, 7), without a call
                        rank = 8 * len(hazards) + (changes if changes < 7 else 7)
                        old = kept.get(key)
                        if old is not None and rank >= old[2]:
                            continue
                        new = (to, straight, changes, left, lock, lap, pit, overs, hazards, slide)
                else:
                    got = advance(rules, state, link, k)
                    if got.__class__ is int:
                        continue
                    new, terminal = got
                    if slide_b and d > slide_b and not new[SLIDE]:
                        continue  # only a slide lengthens the move beyond B
                    if terminal and d < max_steps:
                        terminals.append((d, new, (new, entry)))
                        continue
                    rest = (new[LOCK], new[LAP], new[PIT], new[OVERS], new[SLIDE])
                    new_base = rests.setdefault(rest, len(rests)) * n
                    key = new_base + to
                    hazards = 8 * len(new[HAZARDS])
                    changes = new[CHANGES]
                    rank = hazards + (changes if changes < 7 else 7)  # min(changes, 7)
                    old = kept.get(key)
                    if old is not None and rank >= old[2]:
                        continue
                    new_rank0 = hazards + changes
                if old is not None:
                    del kept[key]  # the better state takes the end of the layer
                kept[key] = (new, entry, rank, new_base, new_rank0)
        # the layer is the kept dict's values, in the order kept: the dict is
        # not changed again, so no list need copy them
        kept_states = kept.values()
        layers.append(kept_states)
        if not kept_states:
            break
    return layers, terminals


def unwind(trail: tuple) -> tuple:
    """The path (spaces in order) of a trail of the merged search."""
    spaces = []
    while trail and trail[1] is not None:
        spaces.append(trail[0][SPACE])
        trail = trail[1]
    return tuple(reversed(spaces))
