"""Tournament standings, seeding and round robin (issue 26): points per place
and for a bye, Median-Buchholz, Buchholz, head-to-head and seed tie-breaks
computed by hand; an order that is total and does not depend on how the
results are listed; seeded draws repeatable; round robin meeting everyone."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.tournament import (
    FillPolicy,
    RoundResult,
    Seats,
    TableResult,
    round_robin,
    seed_order,
    standings,
)

BGA = (6, 4, 2, 0)


def test_points_per_place_and_for_a_bye():
    results = [
        RoundResult((TableResult({"a": 1, "b": 2, "c": 3, "d": 4}),), byes=("e",)),
        RoundResult((TableResult({"e": 1, "a": 3, "b": 5}),), byes=("c", "d")),
    ]
    lines = {line.key: line for line in standings(results, BGA, bye_points=3)}
    assert lines["a"].score == 6 + 2
    assert lines["b"].score == 4 + 0  # fifth place: past the table, no points
    assert lines["c"].score == 2 + 3
    assert lines["e"].score == 3 + 6 and lines["e"].byes == 1 and lines["e"].played == 1


def test_tie_breaks_by_hand():
    """a and b level on 8 points. Scores: a 8, b 8, c 2, d 0, e 6, f 0, g 6.
    a met b, c, d (table 1) and e, f (table 2): 8 + 2 + 0 + 6 + 0, Buchholz
    16, Median-Buchholz 16 - 8 - 0 = 8. b met a, c, d and g, c again: 8 + 2 +
    0 + 6 + 2, Buchholz 18, Median-Buchholz 18 - 8 - 0 = 10: b is ahead."""
    results = [
        RoundResult((TableResult({"a": 1, "b": 2, "c": 3, "d": 4}),)),
        RoundResult(
            (
                TableResult({"e": 1, "a": 3, "f": 4}),
                TableResult({"g": 1, "b": 2, "c": 4}),
            )
        ),
    ]
    lines = standings(results, BGA)
    by_key = {line.key: line for line in lines}
    assert (by_key["a"].score, by_key["b"].score) == (8, 8)
    assert (by_key["a"].buchholz, by_key["a"].median_buchholz) == (16, 8)
    assert (by_key["b"].buchholz, by_key["b"].median_buchholz) == (18, 10)
    # e and g (6 each) met two opponents: nothing dropped, e 8 + 0, g 8 + 2.
    assert (by_key["e"].median_buchholz, by_key["g"].median_buchholz) == (8, 10)
    assert [line.key for line in lines][:4] == ["b", "a", "g", "e"]


def test_buchholz_decides_when_median_buchholz_is_level():
    """p and q both win a table of four (6 points). p's opponents end on
    10, 2 and 0 (Buchholz 12, Median-Buchholz 2); q's on 8, 2 and 0
    (Buchholz 10, Median-Buchholz 2): p is ahead on Buchholz."""
    results = [
        RoundResult(
            (
                TableResult({"p": 1, "a": 2, "b": 3, "c": 4}),
                TableResult({"q": 1, "d": 2, "e": 3, "f": 4}),
            )
        ),
        RoundResult((TableResult({"a": 1, "g": 2}), TableResult({"h": 1, "d": 2}))),
    ]
    lines = standings(results, BGA)
    by_key = {line.key: line for line in lines}
    assert by_key["p"].score == by_key["q"].score == 6
    assert by_key["p"].median_buchholz == by_key["q"].median_buchholz == 2
    assert (by_key["p"].buchholz, by_key["q"].buchholz) == (12, 10)
    order = [line.key for line in lines]
    assert order.index("p") < order.index("q")


def test_head_to_head_then_seed():
    """a and b meet twice, one win each, and end level on everything but
    seed (b is seeded 3, a 4); c and d never meet and split on seed too."""
    results = [
        RoundResult((TableResult({"a": 1, "b": 2}), TableResult({"c": 1, "x": 2}))),
        RoundResult((TableResult({"b": 1, "a": 2}), TableResult({"d": 1, "y": 2}))),
    ]
    lines = standings(results, (1, 0), seeds={"c": 2, "d": 1, "a": 4, "b": 3})
    by_key = {line.key: line for line in lines}
    assert by_key["a"].head_to_head == by_key["b"].head_to_head == 0
    assert [line.key for line in lines][:4] == ["b", "a", "d", "c"]


def test_head_to_head_decides_before_seed():
    """Everyone level on nothing scored: a beat b where they met, so a is
    ahead although b has the better seed."""
    results = [RoundResult((TableResult({"b": 2, "a": 1}),))]
    lines = standings(results, (0,), seeds={"b": 1, "a": 2})
    assert [(line.key, line.head_to_head) for line in lines] == [("a", 1), ("b", -1)]


@st.composite
def events(draw):
    keys = [f"k{i}" for i in range(draw(st.integers(1, 12)))]
    rounds = []
    for _ in range(draw(st.integers(0, 4))):
        shuffled = draw(st.permutations(keys))
        cut = draw(st.integers(0, len(keys)))
        tables, rest = [], list(shuffled[:cut])
        while rest:
            size = draw(st.integers(1, 4))
            group, rest = rest[:size], rest[size:]
            places = draw(st.lists(st.integers(1, 6), min_size=len(group), max_size=len(group)))
            tables.append(TableResult(dict(zip(group, places, strict=True))))
        rounds.append(RoundResult(tuple(tables), tuple(shuffled[cut:])))
    return keys, rounds


@settings(max_examples=200)
@given(events(), st.sampled_from([BGA, (1, 0.5, 0.25), (10, 7.5, 0.1)]), st.integers(0, 9))
def test_the_order_is_total_and_stable(event, points, shuffle_seed):
    keys, rounds = event
    seeds = {k: i + 1 for i, k in enumerate(keys)}
    lines = standings(rounds, points, 1.5, seeds=seeds)
    assert [line.place for line in lines] == list(range(1, len(keys) + 1))
    assert sorted(line.key for line in lines) == sorted(keys)
    rng = random.Random(shuffle_seed)
    relisted = [
        RoundResult(tuple(rng.sample(r.tables, len(r.tables))), r.byes)
        for r in rng.sample(rounds, len(rounds))
    ]
    assert standings(relisted, points, 1.5, seeds=seeds) == lines
    for better, worse in itertools.pairwise(lines):
        assert (better.score, better.median_buchholz, better.buchholz) >= (
            worse.score,
            worse.median_buchholz,
            worse.buchholz,
        )


@settings(max_examples=100)
@given(st.dictionaries(st.text("abc", min_size=1, max_size=4), st.floats(0, 3000), max_size=20))
def test_a_random_seeding_is_repeatable_from_its_recorded_seed(ratings):
    first = seed_order(ratings, "random")
    again = seed_order(ratings, "random", rng_seed=first.rng_seed)
    assert again == first and sorted(first.order) == sorted(ratings)
    assert seed_order(ratings, "random", rng_seed=7) == seed_order(ratings, "random", rng_seed=7)


def test_seeding_by_rating_qualifying_and_hand():
    ratings = {"a": 1500, "b": 1700, "c": 1600, "d": 1600}
    assert seed_order(ratings, "rating").order == ("b", "c", "d", "a")
    qualifying = seed_order(ratings, "qualifying", qualifying={"a": 61.2, "d": 60.9})
    assert qualifying.order == ("d", "a", "b", "c")
    assert seed_order(ratings, "hand", hand=["c", "a", "d", "b"]).seeds()["c"] == 1
    with pytest.raises(ValueError):
        seed_order(ratings, "hand", hand=["a", "b", "c"])
    with pytest.raises(ValueError):
        seed_order(ratings, "lottery")


@st.composite
def seat_ranges(draw):
    high = draw(st.integers(2, 4))
    low = draw(st.integers(1, high))
    return Seats(min=low, max=high, preferred=draw(st.integers(low, high)))


@settings(max_examples=80)
@given(st.integers(1, 12), seat_ranges(), st.sampled_from(FillPolicy))
def test_round_robin_meets_everyone(n, seats, fill):
    keys = [f"r{i}" for i in range(n)]
    schedule = round_robin(keys, seats, fill=fill)
    met = set()
    for pairing in schedule:
        seated = pairing.seated()
        assert sorted(seated + pairing.byes) == sorted(keys)
        for table in pairing.tables:
            assert table.players and len(table.players) <= seats.max and table.bots >= 0
            if fill is FillPolicy.BYES:
                assert len(table.players) >= seats.min
            met |= {frozenset(p) for p in itertools.combinations(table.players, 2)}
    if seats.preferred >= 2 and (n >= seats.min or fill is FillPolicy.BOTS):
        assert len(met) == n * (n - 1) // 2  # (tables of one: nobody meets)
    size = seats.max
    if n > 1 and fill is FillPolicy.BOTS and seats.preferred == size:
        assert len(schedule) <= 2 * ((n - 1 + size - 2) // (size - 1)) + 1


def test_round_robin_of_eight_heads_up_is_seven_rounds_each_pair_once():
    schedule = round_robin([f"r{i}" for i in range(8)], Seats(2, 2, 2))
    pairs = [frozenset(t.players) for p in schedule for t in p.tables]
    assert len(schedule) == 7 and len(pairs) == len(set(pairs)) == 28
