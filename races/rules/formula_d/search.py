"""The search over movement states (FD-E-7): every state a move can reach, step
by step, with one canonical path per state; and the bots' merged search, which
keeps one state per end."""

from __future__ import annotations

from .steps import (
    CHANGES,
    HAZARDS,
    LAP,
    LEFT,
    LOCK,
    ON_TRACK,
    OVERS,
    PIT,
    SLIDE,
    SPACE,
    STRAIGHT,
    TO_BOX,
    MoveRules,
    advance,
    rich_links,
    step_links,
    weaving_lane,
)


def search(rules: MoveRules, start: tuple, max_steps: int, k0: int = 0, *, merge: bool = False):
    """Breadth-first over movement states.

    Returns (layers, terminals): layers[d] maps each distinct state reached with
    exactly d steps to its canonical path; terminals lists (d, state, path) of
    moves that end early on a terminal space.

    `merge` (bots) keeps one state per space, lap, pit mode, lock and
    overshoots: the one with the fewest hazards, then the fewest lane changes.
    Every path it keeps is legal; a few unusual ends may be missed. Its layers
    are lists of (state, trail) and its terminals (d, state, trail): a trail is
    a path kept as (trail before, space), read with `unwind`, since the bots
    need the path of one end only.
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


def _merged_search(rules: MoveRules, start: tuple, max_steps: int, k0: int):
    """`search(..., merge=True)`: the bots' search, run for every decision, so its
    plain steps (see `step_links`) skip `advance`."""
    layers: list[list] = [[(start, ())]]
    terminals: list[tuple] = []
    slide_b, slipstream = rules.slide_b, rules.slipstream
    boxed = rules.own_box >= 0
    occupied, hazard_spaces = rules.occupied, rules.hazard_spaces
    next_of = step_links(rules.track)
    layer = layers[0]
    # merge keys as ints: (lock, lap, pit mode, overshoots, slide) get a number
    # each, so a key is that number and the space; a state's rank is
    # 8 * hazards + lane changes (at most two lane changes count, FD-B-7.2).
    # Each state carries its key's number and its rank into the next layer
    # (`carried`, beside the layer), as a plain step changes neither the number
    # nor anything but the rank's own terms.
    rests: dict = {}
    n = len(rules.track.ids)
    rest = (start[LOCK], start[LAP], start[PIT], start[OVERS], start[SLIDE])
    carried = [(rests.setdefault(rest, 0) * n, 8 * len(start[HAZARDS]) + start[CHANGES])]
    for d in range(1, max_steps + 1):
        k = k0 + d
        kept: dict = {}  # merge key -> (rank, state, trail before it, key's number, rank0)
        for (state, trail), (base, rank0) in zip(layer, carried, strict=True):
            # the two common steps are taken here; `advance` takes the rest
            simple = not slide_b and not slipstream and state[PIT] == ON_TRACK
            ln = rich_links(rules, state) if boxed and state[PIT] == TO_BOX else next_of[state[0]]
            for link in ln:
                to = link[0]
                if simple and (link[10] or link[11]):
                    if to in occupied:
                        continue
                    key = base + to
                    marked = to in hazard_spaces
                    rank = rank0 + 8 if marked else rank0
                    if link[11]:  # a lane change on a straight (FD-B-7)
                        if state[LOCK] or state[CHANGES] >= 2:
                            continue
                        rank += 1
                    old = kept.get(key)
                    if old is not None and rank >= old[0]:
                        continue  # a state as good is kept already
                    if link[11]:
                        left = state[LEFT]
                        if left and weaving_lane(rules, left, link[7], link[8]) is not None:
                            continue
                        new = (
                            to,
                            state[STRAIGHT],
                            state[CHANGES] + 1,
                            (*left, link[12]),
                            *state[LOCK:HAZARDS],
                            (*state[HAZARDS], to) if marked else state[HAZARDS],
                            state[SLIDE],
                        )
                    elif marked:
                        new = (to, *state[1:HAZARDS], (*state[HAZARDS], to), state[SLIDE])
                    else:
                        new = (to, *state[1:])
                    new_base, new_rank0 = base, rank
                else:
                    got = advance(rules, state, link, k)
                    if got.__class__ is int:
                        continue
                    new, terminal = got
                    if slide_b and d > slide_b and not new[SLIDE]:
                        continue  # only a slide lengthens the move beyond B
                    if terminal and d < max_steps:
                        terminals.append((d, new, (trail, to)))
                        continue
                    rest = (new[LOCK], new[LAP], new[PIT], new[OVERS], new[SLIDE])
                    new_base = rests.setdefault(rest, len(rests)) * n
                    key = new_base + to
                    hazards = 8 * len(new[HAZARDS])
                    rank = hazards + min(new[CHANGES], 7)
                    old = kept.get(key)
                    if old is not None and rank >= old[0]:
                        continue
                    new_rank0 = hazards + new[CHANGES]
                if old is not None:
                    del kept[key]  # the better state takes the end of the layer
                kept[key] = (rank, new, trail, new_base, new_rank0)
        layer = [(new, (trail, new[SPACE])) for _rank, new, trail, _b, _r in kept.values()]
        carried = [(b, r) for _rank, _new, _trail, b, r in kept.values()]
        layers.append(layer)
        if not layer:
            break
    return layers, terminals


def unwind(trail: tuple) -> tuple:
    """The path (spaces in order) of a trail of the merged search."""
    spaces = []
    while trail:
        trail, space = trail
        spaces.append(space)
    return tuple(reversed(spaces))
