"""Placement, turn order, Adrenaline and React (T-09..T-18)."""

import pytest

from races.rules import Action, IllegalAction
from races.rules.heat.state import turn_order

from .scenario import answer_defaults, events_of, park, plan, put, race, setup_car


def test_t09_a_blocked_target_takes_the_first_free_spot_behind():  # HEAT-B-050
    r = race(None, None, None, None)
    put(r, "car2", 10, True)
    put(r, "car3", 10, False)
    put(r, "car4", 9, True)
    car = put(r, "car1", 3, True)
    r.state.board.move(car, 7)
    assert (car.p, car.spot) == (9, "OUT")


def test_t10_an_empty_target_space_gives_the_race_line():  # HEAT-B-050
    r = race(None)
    car = put(r, "car1", 3, False)
    r.state.board.move(car, 4)
    assert (car.p, car.spot) == (7, "RL")


def test_t11_turn_order_is_progress_then_race_line():  # HEAT-B-021
    r = race(None, None, None)
    x = put(r, "car1", 5, False)
    y = put(r, "car2", 5, True)
    z = put(r, "car3", 7, True)
    assert turn_order([x, y, z]) == [z, y, x]


def _fix_order(r, seats_in_order):
    for i, seat in enumerate(seats_in_order):
        if r.state.by_seat[seat].legend:
            put(r, seat, 15 - i)
        else:
            setup_car(r, seat, p=15 - i)
    for seat in seats_in_order:
        if not r.state.by_seat[seat].legend:
            park(r, seat)
    return events_of(r, "turn_order_fixed")[-1]


def test_t12_an_adrenaline_slot_falling_on_a_legend_is_lost():  # HEAT-B-034, HEAT-LEGEND-03
    r = race(None, None, None, None, "legend")
    fixed = _fix_order(r, ["car1", "car2", "car3", "car4", "car5"])
    assert fixed["order"] == ["car1", "car2", "car3", "car4", "car5"]
    assert fixed["adrenaline"] == ["car4"]


def test_t13_with_four_cars_the_only_slot_can_fall_on_a_legend():  # HEAT-B-034
    r = race(None, None, None, "legend")
    fixed = _fix_order(r, ["car1", "car2", "car3", "car4"])
    assert fixed["adrenaline"] == []


def test_t14_the_number_of_adrenaline_slots_stays_as_at_the_start():  # HEAT-B-034, -063
    r = race(None, None, None, None, None)
    for seat in ("car4", "car5"):
        car = r.state.by_seat[seat]
        car.finish_round = 0
        r.state.board.lift(car)
    fixed = _fix_order(r, ["car1", "car2", "car3"])
    assert fixed["order"] == ["car1", "car2", "car3"]
    assert fixed["adrenaline"] == ["car2", "car3"]


def _react_car(r, **kw):
    """car1 far ahead, car2 parked behind it and last (so car1 has no Adrenaline)."""
    setup_car(r, "car2", p=0)
    car = setup_car(r, "car1", p=12, **kw)
    park(r, "car2")
    return car


def test_t15_cooldown_is_one_allowance_and_only_from_the_hand():  # HEAT-B-037, HEAT-B-006
    r = race(None, None)
    car = _react_car(r, gear=1, engine=0, hand=["S1", "H", "H", "H", "H"], discard=["H", "H"])
    plan(r, "car1", 1, [car.hand[0]])
    answer_defaults(r, "car2")
    r.apply("car1", Action("cooldown", {"count": 3}))
    assert len(car.engine) == 3
    assert sum(".H" in c for c in car.hand) == 1
    assert sum(".H" in c for c in car.discard) == 2
    with pytest.raises(IllegalAction):
        r.apply("car1", Action("cooldown", {"count": 1}))


def test_t16_boost_pays_one_heat_and_flips_for_a_speed_card_once_a_turn():  # HEAT-B-038
    r = race(None, None)
    car = _react_car(r, gear=1, engine=2, hand=["S1", "S2"], deck=["X", "S4", "S1"])
    plan(r, "car1", 1, [car.hand[0]])
    answer_defaults(r, "car2")
    stress, s4 = car.deck[0], car.deck[1]
    r.apply("car1", Action("boost"))
    assert len(car.engine) == 1
    assert car.discard[-1] == stress and s4 in car.play
    assert car.speed == 1 + 4 and car.p == 12 + 1 + 4
    with pytest.raises(IllegalAction):
        r.apply("car1", Action("boost"))


def test_t17_no_boost_is_offered_with_an_empty_engine():  # HEAT-B-038, HEAT-B-ENG-05
    r = race(None, None)
    car = _react_car(r, gear=1, engine=0, hand=["S1", "S2", "H"])
    plan(r, "car1", 1, [car.hand[0]])
    answer_defaults(r, "car2")
    kinds = {a.kind for a in r.legal_actions("car1")}
    assert "boost" not in kinds and "cooldown" in kinds


def test_t18_adrenaline_and_boost_are_separate_movements():  # HEAT-B-039, HEAT-B-040
    r = race(None, None, None)
    setup_car(r, "car2", p=11, rl=True)
    setup_car(r, "car3", p=11, rl=False)
    car = setup_car(r, "car1", p=5, gear=2, engine=6, hand=["S2", "S3"], deck=["S3", "S1"])
    park(r, "car2")
    park(r, "car3")
    plan(r, "car1", 2, list(car.hand))
    answer_defaults(r, "car2", "car3")
    assert (car.p, car.spot, car.speed) == (10, "RL", 5)
    r.apply("car1", Action("adrenaline_move"))
    assert (car.p, car.spot, car.speed) == (10, "RL", 6)
    r.apply("car1", Action("boost"))
    boost = [m for m in events_of(r, "moved", "car1") if m["reason"] == "boost"][0]
    assert boost["start"] == [10, "RL"] and boost["end"] == [13, "RL"]
    assert car.speed == 9
    # Step 7 then checks C1 (and C2, crossed by the Boost) with Speed 9 (HEAT-B-044).
    assert events_of(r, "corner_checked", "car1")[0]["speed"] == 9
    assert (2, 12) in car.crossings
