"""Steps 1-3: shifting, playing, revealing and the "+" flips (T-01..T-08)."""

import pytest

from races.rules import Action, IllegalAction

from .scenario import events_of, plan, race, setup_car


def _far(r, seat="car1", **kw):
    """A car on space 12 of test20: 15 spaces before C1's line (no corner in reach)."""
    return setup_car(r, seat, p=12, **kw)


def test_t01_a_one_gear_shift_is_free():  # HEAT-B-022
    r = race(None)
    car = _far(r, gear=2, engine=6, hand=["S1", "S1", "S1", "S2", "S2", "S2", "S3"])
    plan(r, "car1", 3, car.hand[:3])
    assert car.gear == 3 and len(car.engine) == 6
    assert events_of(r, "gear_shifted")[-1] == {
        "start": 2,
        "gear": 3,
        "heat": 0,
        "flooded": False,
        "step": 1,
    }


def test_t02_a_two_gear_shift_costs_one_heat_to_the_discard():  # HEAT-B-023
    r = race(None)
    car = _far(r, gear=2, engine=6, hand=["S1", "S1", "S1", "S2", "S2", "S2", "S3"])
    plan(r, "car1", 4, car.hand[:4])
    assert car.gear == 4 and len(car.engine) == 5
    assert r.state.phase == "react"  # before step 9 moves the play area onto the discard pile
    assert ".H" in car.discard[-1]
    assert events_of(r, "heat_paid")[0]["reason"] == "shift"


def test_t03_three_gears_in_one_shift_is_impossible():  # HEAT-B-023
    r = race(None)
    car = _far(r, gear=1, engine=6, hand=["S1"] * 7)
    assert [a.params["gear"] for a in r.legal_actions("car1")] == [1, 2, 3]
    before = (car.gear, list(car.engine), len(r.events))
    with pytest.raises(IllegalAction):
        r.apply("car1", Action("shift_gear", {"gear": 4}))
    assert (car.gear, list(car.engine), len(r.events)) == before
    assert car.shift_to is None


def test_t04_an_empty_engine_allows_only_one_gear_shifts():  # HEAT-B-023
    r = race(None)
    _far(r, gear=2, engine=0, hand=["S1"] * 7)
    assert [a.params["gear"] for a in r.legal_actions("car1")] == [1, 2, 3]


def test_t05_a_hand_cluttered_with_heat_plays_heat_and_does_not_move():  # HEAT-B-025, -048
    r = race(None)
    car = _far(
        r,
        gear=2,
        engine=6,
        hand=["S2", "S3", "H", "H", "H", "H", "H"],
        deck=["S1", "S1", "S1", "S4"],
    )
    r.apply("car1", Action("shift_gear", {"gear": 3}))
    legal = r.legal_actions("car1")
    heat = sorted(c for c in car.hand if ".H" in c)
    assert [a.params["cards"] for a in legal] == [sorted(car.hand[:2] + heat[:1])]
    with pytest.raises(IllegalAction):
        r.apply("car1", Action("play_cards", {"cards": car.hand[:2] + heat[1:2]}))
    start = car.p
    r.apply("car1", legal[0])
    assert car.p == start
    assert car.gear == 1
    assert sorted(car.discard) == sorted(car.hand[:0] + legal[0].params["cards"])
    assert len(car.hand) == 7 and sum(".H" in c for c in car.hand) == 4
    assert events_of(r, "hand_replenished")[-1]["drawn"] == 3


def test_t06_a_stress_card_flips_until_a_speed_card():  # HEAT-B-031
    r = race(None)
    car = setup_car(
        r,
        "car1",
        p=0,
        gear=2,
        engine=6,
        hand=["S4", "X", "S1", "S1", "S1"],
        deck=["U5", "UH", "S3", "S1"],
    )
    plan(r, "car1", 2, car.hand[:2])
    u5, uh, s3 = "red.U5", "red.UH", "red.S3.1"
    assert car.discard[-2:] == [u5, uh]
    assert s3 in car.play
    assert car.speed == 7
    assert (car.p, car.spot) == (7, "RL")
    assert events_of(r, "plus_resolved")[0]["flipped"] == [u5, uh]


def test_t07_an_empty_deck_is_refilled_from_the_discard_pile():  # HEAT-B-032
    r = race(None)
    car = setup_car(r, "car1", p=12, gear=1, engine=6, hand=["X", "S1"], deck=[], discard=["S2"])
    stress = car.hand[0]
    plan(r, "car1", 1, [stress])
    shuffles = events_of(r, "deck_shuffled", "car1")
    assert shuffles[-1]["stream"] == "deck/red" and shuffles[-1]["order"] == ["red.S2.1"]
    assert shuffles[-1]["counter"] == 1  # the initial shuffle was counter 0
    assert car.speed == 2 and stress in car.play


def test_t08_a_plus_without_any_speed_card_is_worth_nothing():  # HEAT-B-032
    r = race(None)
    car = setup_car(
        r, "car1", p=12, gear=1, engine=6, hand=["X", "S1"], deck=[], discard=["H", "U0"]
    )
    plan(r, "car1", 1, [car.hand[0]])
    assert len(events_of(r, "deck_shuffled", "car1")) == 2  # setup, then exactly one
    assert car.speed == 0 and car.p == 12
    assert sorted(car.discard) == sorted(["red.U0", [c for c in car.discard if ".H" in c][0]])
