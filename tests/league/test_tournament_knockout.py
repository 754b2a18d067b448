"""Knockout with heats and stages (issue 26): the advancing count equals the
configuration at every round, heats stay within the game's seat range, and a
knockout of 48 players in heats of six sending three through runs heats,
semi-finals and a final."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from league.tournament import (
    FillPolicy,
    RoundResult,
    Seats,
    TableResult,
    advancing,
    cut,
    heats_round,
    knockout_heats,
    knockout_plan,
    repechage_entrants,
    stage_plan,
    standings,
)

SIX = Seats(min=2, max=6, preferred=6)


@st.composite
def seat_ranges(draw):
    low = draw(st.integers(1, 8))
    high = draw(st.integers(max(low, 2), 10))
    return Seats(min=low, max=high, preferred=draw(st.integers(low, high)))


def run_knockout(entrants, seats, advance, repechage, rng, *, drops=False):
    """Play a whole knockout with random finishing orders (with `drops`, one
    player of each heat leaves the event during it); the field of each round
    as it was drawn."""
    plan = knockout_plan(entrants, seats, advance, repechage=repechage)
    players = [f"p{i:03d}" for i in range(entrants)]
    fields = []
    for rnd in plan:
        assert len(players) == rnd.entrants
        fields.append(players)
        pairing = knockout_heats(
            players, seats, tables=rnd.tables, advance=rnd.advance, repechage=rnd.repechage
        )
        orders = []
        for table in pairing.tables:
            assert 1 <= len(table.players) <= seats.max
            assert rnd.final or len(table.players) > rnd.advance
            order = list(table.players)
            rng.shuffle(order)
            orders.append(order)
        if rnd.final:
            break
        extra = repechage_entrants(orders, rnd.advance, seats) if rnd.repechage else []
        rng.shuffle(extra)
        players = advancing(orders, rnd.advance, repechage_result=extra, repechage=rnd.repechage)
        assert len(players) == rnd.advancing == rnd.tables * rnd.advance + rnd.repechage
    return plan, fields


@settings(max_examples=300)
@given(
    st.integers(1, 300),
    seat_ranges(),
    st.integers(1, 5),
    st.integers(0, 2),
    st.integers(0, 9),
)
def test_advancing_count_equals_the_configuration_at_every_round(
    entrants, seats, advance, repechage, seed
):
    try:
        knockout_plan(entrants, seats, advance, repechage=repechage)
    except ValueError:
        assume(False)
    plan, fields = run_knockout(entrants, seats, advance, repechage, random.Random(seed))
    assert plan[-1].final and plan[-1].entrants <= seats.max
    for before, after in zip(plan, plan[1:], strict=False):
        assert before.advancing == after.entrants < before.entrants
    assert all(len(set(f)) == len(f) for f in fields)


@settings(max_examples=100)
@given(st.integers(1, 200), seat_ranges(), st.integers(1, 5), st.integers(0, 9))
def test_drop_outs_during_a_heat_leave_the_advancing_count_unchanged(
    entrants, seats, advance, seed
):
    try:
        knockout_plan(entrants, seats, advance)
    except ValueError:
        assume(False)
    run_knockout(entrants, seats, advance, 0, random.Random(seed), drops=True)


def test_forty_eight_players_heats_of_six_three_through():
    plan = knockout_plan(48, SIX, 3)
    assert [(r.entrants, r.tables, r.advancing, r.final) for r in plan] == [
        (48, 8, 24, False),
        (24, 4, 12, False),
        (12, 2, 6, False),
        (6, 1, 0, True),
    ]
    plan_run, fields = run_knockout(48, SIX, 3, 0, random.Random(48))
    assert [len(f) for f in fields] == [48, 24, 12, 6]


def test_heats_are_dealt_in_a_snake():
    players = [f"s{i}" for i in range(1, 13)]
    pairing = knockout_heats(players, SIX, tables=3, advance=2)
    assert pairing.tables[0].players == ("s1", "s6", "s7", "s12")
    assert pairing.tables[2].players == ("s3", "s4", "s9", "s10")
    assert all(t.bots == 2 for t in pairing.tables)
    short = knockout_heats(players, SIX, tables=3, advance=2, fill=FillPolicy.BYES)
    assert all(t.bots == 0 for t in short.tables)


def test_winners_go_through_first_then_the_seconds():
    assert advancing([["a", "b", "c"], ["d", "e", "f"]], 2) == ["a", "d", "b", "e"]


def test_the_repechage_takes_the_best_of_the_rest():
    orders = [["a", "b", "c", "x"], ["d", "e", "f", "y"]]
    assert repechage_entrants(orders, 2, Seats(2, 3, 3)) == ["c", "f", "x"]
    assert advancing(orders, 2, repechage_result=["f", "c", "x"], repechage=1) == [
        "a", "d", "b", "e", "f",
    ]  # fmt: skip


def test_a_dropped_player_gives_their_place_to_the_next():
    orders = [["a", "b", "c", "x"], ["d", "e", "f", "y"]]
    assert advancing(orders, 2, dropped={"a"}) == ["b", "d", "c", "e"]
    assert repechage_entrants(orders, 2, Seats(2, 3, 3), dropped={"a", "f"}) == ["x", "y"]


def test_a_round_that_cannot_shrink_the_field_is_refused():
    with pytest.raises(ValueError):
        knockout_plan(12, Seats(2, 3, 3), 3)
    with pytest.raises(ValueError):
        knockout_plan(0, SIX, 3)
    with pytest.raises(ValueError):
        knockout_heats(["a", "b", "c", "d"], SIX, tables=2, advance=2)


def test_one_player_goes_straight_to_a_final_with_bots():
    (final,) = knockout_plan(1, SIX, 3)
    assert final.final and final.entrants == 1
    table = knockout_heats(["solo"], SIX, tables=1).tables[0]
    assert table.players == ("solo",) and table.bots == 5


def test_a_swiss_stage_then_a_knockout_of_the_best():
    swiss, knockout = stage_plan(64, SIX, first="swiss", rounds=5, best=12, advance=3)
    assert (swiss.kind, swiss.entrants, swiss.rounds) == ("swiss", 64, 5)
    assert (knockout.kind, knockout.entrants, knockout.rounds) == ("knockout", 12, 2)
    results = [RoundResult((TableResult({"a": 1, "b": 2, "c": 3}), TableResult({"d": 1, "e": 2})))]
    lines = standings(results, (6, 4, 2, 0))
    assert cut(lines, 3, dropped=["a"]) == ["d", "b", "e"]
    with pytest.raises(ValueError):
        stage_plan(10, SIX, first="ladder", rounds=2, best=4, advance=3)


def test_a_heats_stage_mixes_the_field_at_every_table():
    pairing = heats_round([f"s{i}" for i in range(1, 14)], SIX, fill=FillPolicy.BOTS)
    assert [len(t.players) for t in pairing.tables] == [5, 4, 4]
    assert [t.bots for t in pairing.tables] == [1, 2, 2]
    assert pairing.tables[0].players[0] == "s1" and pairing.tables[2].players[0] == "s3"
