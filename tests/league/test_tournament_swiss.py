"""Swiss rounds for multiplayer tables (issue 26, "How it is checked"): every
active player plays every round or has a bye scored as configured; no two
players meet twice while a draw without repeats exists (checked against an
exhaustive search on small fields); tables within the game's seat range;
seeded draws repeatable."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.tournament import (
    FillPolicy,
    Player,
    RoundResult,
    Seats,
    TableResult,
    field_after,
    layout,
    standings,
    swiss_round,
)

SIX = Seats(min=2, max=6, preferred=6)


def field(n, *, rng_seed=0):
    rng = random.Random(rng_seed)
    return [Player(f"p{i:03d}", rating=rng.randrange(1000), seed=i + 1) for i in range(n)]


@st.composite
def seat_ranges(draw, most=6):
    low = draw(st.integers(1, most))
    high = draw(st.integers(low, most))
    return Seats(min=low, max=high, preferred=draw(st.integers(low, high)))


@st.composite
def histories(draw, most_players=10):
    """A field with a random history: scores, byes, dropped players and a
    symmetric set of earlier meetings."""
    n = draw(st.integers(0, most_players))
    keys = [f"k{i}" for i in range(n)]
    pairs = list(itertools.combinations(keys, 2))
    met_pairs = draw(st.sets(st.sampled_from(pairs), max_size=len(pairs))) if pairs else set()
    met = {k: set() for k in keys}
    for a, b in met_pairs:
        met[a].add(b)
        met[b].add(a)
    return [
        Player(
            key=k,
            score=draw(st.sampled_from([0, 2, 4, 6])),
            rating=draw(st.integers(0, 3)),
            seed=i + 1,
            opponents=frozenset(met[k]),
            byes=draw(st.integers(0, 2)),
            dropped=draw(st.booleans()) if n > 2 else False,
        )
        for i, k in enumerate(keys)
    ]


def met_of(players):
    return {p.key: p.opponents for p in players}


def without_repeats_exists(keys, sizes, met) -> bool:
    """Exhaustive: can `keys` sit at tables of `sizes` with no repeat?"""
    if not keys:
        return True
    first, rest = keys[0], keys[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            group = (first, *mates)
            if any(b in met[a] for a, b in itertools.combinations(group, 2)):
                continue
            if without_repeats_exists([k for k in rest if k not in mates], left, met):
                return True
    return False


@settings(max_examples=300)
@given(histories(), seat_ranges(), st.sampled_from(FillPolicy), st.integers(0, 3))
def test_everyone_active_plays_once_or_has_a_bye(players, seats, fill, rng_seed):
    pairing = swiss_round(players, seats, fill=fill, bye_points=3, rng_seed=rng_seed)
    active = {p.key for p in players if not p.dropped}
    seated = pairing.seated()
    assert len(seated) == len(set(seated))
    assert set(seated).isdisjoint(pairing.byes)
    assert set(seated) | set(pairing.byes) == active
    assert pairing.bye_points == 3
    assert [t.board for t in pairing.tables] == list(range(1, len(pairing.tables) + 1))
    for table in pairing.tables:
        if fill is FillPolicy.BOTS:
            assert table.seats == seats.preferred and table.players
        else:
            assert table.bots == 0 and seats.min <= len(table.players) <= seats.max
    if fill is FillPolicy.BOTS:
        assert not pairing.byes
    assert len(pairing.byes) == layout(len(active), seats, fill).byes


@settings(max_examples=300)
@given(histories(most_players=10), seat_ranges(most=4), st.sampled_from(FillPolicy))
def test_no_repeat_while_a_draw_without_repeats_exists(players, seats, fill):
    pairing = swiss_round(players, seats, fill=fill)
    met = met_of(players)
    sizes = [len(t.players) for t in pairing.tables]
    possible = without_repeats_exists(list(pairing.seated()), sizes, met)
    assert (pairing.repeats(met) == 0) == possible


@settings(max_examples=100)
@given(histories(), seat_ranges(), st.integers(0, 2**32))
def test_the_same_seed_draws_the_same_round_whatever_the_listing_order(players, seats, seed):
    first = swiss_round(players, seats, rng_seed=seed)
    assert swiss_round(list(reversed(players)), seats, rng_seed=seed) == first
    assert swiss_round(players, seats, rng_seed=seed) == first


@settings(max_examples=100)
@given(histories(), seat_ranges(), st.integers(0, 3))
def test_byes_go_to_the_fewest_byes_then_the_lowest_ranked(players, seats, rng_seed):
    pairing = swiss_round(players, seats, fill=FillPolicy.BYES, rng_seed=rng_seed)
    active = [p for p in players if not p.dropped]
    if pairing.byes:
        most_given = max(p.byes for p in active if p.key in pairing.byes)
        assert all(p.byes >= most_given for p in active if p.key in pairing.seated())


def test_leaders_sit_on_board_one_and_the_next_on_board_two():
    players = [Player(f"p{i:02d}", score=20 - i, seed=i + 1) for i in range(12)]
    pairing = swiss_round(players, SIX)
    assert pairing.tables[0].players == tuple(f"p{i:02d}" for i in range(6))
    assert pairing.tables[1].players == tuple(f"p{i:02d}" for i in range(6, 12))


def test_a_repeat_is_moved_to_the_neighbouring_table():
    players = [
        Player(
            f"p{i:02d}", score=20 - i, seed=i + 1, opponents=frozenset({"p00"} if i == 1 else ())
        )
        for i in range(12)
    ]
    players[0] = Player("p00", score=20, seed=1, opponents=frozenset({"p01"}))
    pairing = swiss_round(players, SIX)
    assert pairing.repeats(met_of(players)) == 0
    assert "p00" in pairing.tables[0].players


def test_one_player_sits_alone_with_bots_or_has_a_bye():
    alone = [Player("solo")]
    with_bots = swiss_round(alone, SIX, fill=FillPolicy.BOTS)
    assert with_bots.tables[0].players == ("solo",) and with_bots.tables[0].bots == 5
    with_byes = swiss_round(alone, SIX, fill=FillPolicy.BYES, bye_points=4)
    assert with_byes.tables == () and with_byes.byes == ("solo",)


def test_fewer_players_than_the_least_seats():
    three = field(3)
    seats = Seats(min=4, max=6, preferred=5)
    assert swiss_round(three, seats, fill=FillPolicy.BYES).byes == tuple(
        p.key for p in sorted(three, key=lambda p: -p.rating)
    )
    table = swiss_round(three, seats, fill=FillPolicy.BOTS).tables
    assert len(table) == 1 and table[0].bots == 2


def test_dropped_players_are_neither_drawn_nor_given_a_bye():
    players = field(8)
    players[3] = Player(players[3].key, dropped=True)
    pairing = swiss_round(players, SIX, fill=FillPolicy.BYES)
    assert players[3].key not in pairing.seated() + pairing.byes
    assert len(pairing.seated()) == 7


@pytest.mark.parametrize(
    ("fill", "sizes", "bots"),
    [
        (FillPolicy.BOTS, [6] * 9 + [5] * 2, [0] * 9 + [1] * 2),
        (FillPolicy.BYES, [6] * 9 + [5] * 2, [0] * 11),
    ],
)
def test_sixty_four_players_at_tables_of_six(fill, sizes, bots):
    pairing = swiss_round(field(64), SIX, fill=fill)
    assert [len(t.players) for t in pairing.tables] == sizes
    assert [t.bots for t in pairing.tables] == bots
    assert pairing.byes == ()


def test_a_sixty_four_player_event_of_five_rounds_has_no_repeat():
    """The end-to-end event's shape: 64 players, tables of six, bots filling,
    five rounds, random finishing orders."""
    rng = random.Random(26)
    players = field(64)
    seeds = {p.key: p.seed for p in players}
    ratings = {p.key: p.rating for p in players}
    results = []
    for number in range(5):
        pairing = swiss_round(players, SIX, rng_seed=number)
        assert pairing.repeats(met_of(players)) == 0
        tables = []
        for table in pairing.tables:
            order = list(table.players)
            rng.shuffle(order)
            tables.append(TableResult({k: place for place, k in enumerate(order, start=1)}))
        results.append(RoundResult(tuple(tables), pairing.byes))
        players = field_after(standings(results, (6, 4, 2, 0), seeds=seeds), ratings)
    lines = standings(results, (6, 4, 2, 0), seeds=seeds)
    assert Counter(line.played for line in lines) == Counter({5: 64})


def test_keys_must_be_distinct():
    with pytest.raises(ValueError):
        swiss_round([Player("a"), Player("a")], SIX)


@settings(max_examples=60)
@given(
    st.integers(1, 20),
    st.integers(1, 5),
    seat_ranges(),
    st.sampled_from(FillPolicy),
    st.integers(0, 2**16),
)
def test_a_whole_event_scores_every_round_of_every_active_player(n, rounds, seats, fill, seed):
    """Rounds drawn from the standings, players dropping out between rounds:
    each round every active player has a table or a bye, and the standings
    count a bye as `bye_points` and a table as its place's points."""
    rng = random.Random(seed)
    players = field(n, rng_seed=seed)
    seeds = {p.key: p.seed for p in players}
    ratings = {p.key: p.rating for p in players}
    dropped, results, expected = set(), [], Counter()
    for number in range(rounds):
        pairing = swiss_round(players, seats, fill=fill, bye_points=2.5, rng_seed=number)
        active = {p.key for p in players} - dropped
        assert set(pairing.seated()) | set(pairing.byes) == active
        tables = []
        for table in pairing.tables:
            order = list(table.players)
            rng.shuffle(order)
            places = {k: place for place, k in enumerate(order, start=1 + table.bots // 2)}
            tables.append(TableResult(places))
            expected.update({k: (6, 4, 2, 0)[p - 1] if p <= 4 else 0 for k, p in places.items()})
        expected.update(dict.fromkeys(pairing.byes, 2.5))
        results.append(RoundResult(tuple(tables), pairing.byes))
        if rng.random() < 0.5 and len(active) > 1:
            dropped.add(rng.choice(sorted(active)))
        lines = standings(results, (6, 4, 2, 0), bye_points=2.5, seeds=seeds)
        players = field_after(lines, ratings, dropped=dropped)
    for line in lines:
        assert line.score == expected[line.key]


def test_ten_thousand_players_all_have_a_table_of_six():
    players = [
        Player(f"p{i:05d}", score=(i * 7) % 13, rating=i % 97, seed=i + 1) for i in range(10_000)
    ]
    pairing = swiss_round(players, SIX, rng_seed=3)
    assert len(pairing.tables) == 1667 and sorted(pairing.seated()) == [p.key for p in players]
    assert all(t.seats == 6 for t in pairing.tables)
    best = max(p.score for p in players)
    leaders = {p.key for p in players if p.score == best}
    assert set(pairing.tables[0].players) <= leaders


DRAW_IN_A_FRESH_PROCESS = """
import random
from league.tournament import Player, Seats, swiss_round, round_robin
rng = random.Random(1)
keys = [f"p{i:02d}" for i in range(40)]
players = [
    Player(k, score=rng.choice([0, 6]), rating=rng.random(), seed=i,
           opponents=frozenset(rng.sample(keys, 12)) - {k})
    for i, k in enumerate(keys)
]
print(repr(swiss_round(players, Seats(2, 6, 6), rng_seed=9)))
print(repr(round_robin(keys[:11], Seats(2, 4, 4))))
"""


def test_a_draw_is_the_same_in_every_process():
    """Workers draw rounds in their own processes: the draw must not hang on
    the process's string hashing (PYTHONHASHSEED) or anything else of it."""
    root = Path(__file__).resolve().parents[2]
    outputs = {
        subprocess.run(
            [sys.executable, "-c", DRAW_IN_A_FRESH_PROCESS],
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in (1, 2, 3)
    }
    assert len(outputs) == 1 and "Pairing" in outputs.pop()
