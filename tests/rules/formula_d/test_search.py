"""The bots' merged search (FD-E-7's search over states, merged per end).

Its shortcuts for plain steps and lane changes must keep exactly what the
rules of `advance` keep: the same states, in the same order, with the same
paths, and every path must walk legally to its state.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from races.rules.formula_d.rules import steps
from races.rules.formula_d.rules.search import search, unwind
from races.rules.formula_d.rules.steps import (
    CHANGES,
    HAZARDS,
    LAP,
    LOCK,
    ON_TRACK,
    OVERS,
    PIT,
    SLIDE,
    MoveRules,
    start_state,
    walk,
)
from races.rules.formula_d.rules.track import TRACK, load_track


def reference_search(rules: MoveRules, start: tuple, depth: int):
    """The merged search written plainly: every step through `advance`."""
    layers = [[(start, ())]]
    terminals = []
    layer = {start: ()}
    for d in range(1, depth + 1):
        previous, layer, kept = layer, {}, {}
        for state, path in previous.items():
            for link in steps.rich_links(rules, state):
                got = steps.advance(rules, state, link, d)
                if isinstance(got, int):
                    continue
                new, terminal = got
                if terminal and d < depth:
                    terminals.append((d, new, (*path, link[0])))
                    continue
                key = (new[0], new[LOCK], new[LAP], new[PIT], new[OVERS], new[SLIDE])
                rank = (len(new[HAZARDS]), new[CHANGES])
                old = kept.get(key)
                if old is not None:
                    if rank >= old[0]:
                        continue
                    del layer[old[1]]
                kept[key] = (rank, new)
                layer[new] = (*path, link[0])
        layers.append(list(layer.items()))
        if not layer:
            break
    return layers, terminals


boards = st.fixed_dictionaries(
    {
        "track": st.sampled_from(["paddock_ring", "lakeside_gp", "lakeside_night"]),
        "start": st.integers(0, 10_000),
        # other cars and markers a few ranks ahead, in any lane, where they matter
        "cars": st.lists(st.tuples(st.integers(0, 14), st.integers(0, 2)), max_size=9),
        "markers": st.lists(st.tuples(st.integers(0, 14), st.integers(0, 2)), max_size=4),
        "depth": st.integers(1, 24),
        "lap": st.integers(1, 2),
        "can_pit": st.booleans(),
        "cleared": st.booleans(),
    }
)


def ahead(t, start: int, places) -> set[int]:
    """Spaces at (ranks ahead of `start`, lane) that exist on the track."""
    at = {(t.rank[i], t.lane[i]): i for i, kind in enumerate(t.kind_of) if kind == TRACK}
    out = set()
    for offset, lane in places:
        space = at.get(((t.rank[start] + offset) % t.L, lane))
        if space is not None:
            out.add(space)
    return out


@settings(max_examples=400, deadline=None)
@given(boards)
def test_merged_search_keeps_what_advance_keeps_and_every_path_walks(board):
    t = load_track(board["track"])
    on_track = [i for i, kind in enumerate(t.kind_of) if kind == TRACK]
    start = on_track[board["start"] % len(on_track)]
    occupied = ahead(t, start, board["cars"]) - {start}
    markers = ahead(t, start, board["markers"])
    corner = t.corner[start]
    rules = MoveRules(
        t,
        occupied,
        laps=2,
        can_pit=board["can_pit"] and board["lap"] < 2,
        own_box=t.boxes["red"] if t.has_pit else -1,
        cleared=corner if board["cleared"] else -1,
        hazard_spaces=markers,
    )
    state = start_state(t, start, board["lap"], ON_TRACK)
    layers, terminals = search(rules, state, board["depth"], merge=True)
    expected_layers, expected_terminals = reference_search(rules, state, board["depth"])
    # a kept entry is its own trail: (state, trail before, ...)
    assert [[(e[0], unwind(e)) for e in layer] for layer in layers] == expected_layers
    assert [(d, s, unwind(trail)) for d, s, trail in terminals] == expected_terminals
    for layer in layers:
        for entry in layer:
            states, _terminal = walk(rules, state, list(unwind(entry)))
            assert states[-1] == entry[0]
