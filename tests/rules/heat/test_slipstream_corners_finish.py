"""Slipstream, corner checks, spin-outs, the finish, discard and replenish (T-19..T-29)."""

import pytest

from races.rules import Action, IllegalAction
from races.rules.heat.rules.slipstream import slipstream_eligible

from .scenario import answer_defaults, events_of, park, plan, put, race, setup_car


@pytest.mark.parametrize(
    ("other", "eligible", "any_spot_ahead"),
    [
        ((6, False), True, True),
        ((7, True), True, True),
        ((7, False), False, True),
        ((8, True), False, False),
    ],
)
def test_t19_slipstream_needs_a_car_beside_or_straight_ahead(other, eligible, any_spot_ahead):
    # HEAT-B-041: the source's reading; the flag gives the alternative.
    for flag, expected in ((False, eligible), (True, any_spot_ahead)):
        r = race(None, None, slipstream_any_spot_ahead=flag)
        car = put(r, "car1", 6, True)
        put(r, "car2", *other)
        assert slipstream_eligible(r.state, car) is expected


def _slipstream_setup(r, blockers=()):
    setup_car(r, "car2", p=7, rl=True)
    for seat, (p, rl) in blockers:
        setup_car(r, seat, p=p, rl=rl)
    car = setup_car(r, "car1", p=1, gear=2, engine=6, hand=["S4", "S1"])
    for seat in ("car2", *(s for s, _ in blockers)):
        park(r, seat)
    plan(r, "car1", 2, list(car.hand))
    answer_defaults(r, "car2", *(s for s, _ in blockers))
    r.apply("car1", Action("end_react"))
    return car


def test_t20_slipstream_moves_two_and_its_corner_is_checked_at_speed():  # HEAT-B-042, -044
    r = race(None, None)
    car = _slipstream_setup(r)
    assert (car.p, car.speed) == (6, 5)
    assert [d.kind for d in r.pending] == ["slipstream"]
    r.apply("car1", Action("slipstream", {"take": True}))
    assert (car.p, car.spot) == (8, "RL")
    check = events_of(r, "corner_checked", "car1")[0]
    assert (check["corner"], check["speed"], check["due"], check["paid"]) == (1, 5, 2, 2)
    assert len(car.engine) == 4


def test_t21_a_blocked_slipstream_stops_short_and_is_not_offered_again():  # HEAT-B-042
    r = race(None, None, None, None)
    car = _slipstream_setup(r, blockers=[("car3", (8, True)), ("car4", (8, False))])
    r.apply("car1", Action("slipstream", {"take": True}))
    assert (car.p, car.spot) == (7, "OUT")
    assert not events_of(r, "corner_checked", "car1")
    assert all(d.kind != "slipstream" for d in r.pending)


def _corner_turn(r, p, gear, hand, engine):
    car = setup_car(r, "car1", p=p, gear=gear, engine=engine, hand=hand)
    plan(r, "car1", gear, list(car.hand))
    answer_defaults(r, "car1")
    return car


def test_t22_corners_are_paid_in_order_and_the_first_unpaid_one_spins():  # HEAT-B-044, -045
    r = race(None, laps=2)
    car = _corner_turn(r, 6, 3, ["S4", "S3", "S3"], 10)
    checks = events_of(r, "corner_checked", "car1")
    assert [(c["corner"], c["q"], c["due"], c["paid"]) for c in checks] == [
        (1, 8, 7, 7),
        (2, 12, 8, 3),
    ]
    spin = events_of(r, "spun_out", "car1")[0]
    assert spin["end"] == [11, "RL"] and len(spin["stress"]) == 2
    assert car.gear == 1 and car.engine == [] and car.spinouts == 1
    assert all(c in car.hand for c in spin["stress"])


def test_t23_a_spin_out_in_gear_two_takes_one_stress():  # HEAT-B-045
    r = race(None, laps=2)
    car = _corner_turn(r, 4, 2, ["S4", "S2"], 1)
    assert events_of(r, "heat_paid", "car1")[-1]["amount"] == 1
    spin = events_of(r, "spun_out", "car1")[0]
    assert spin["end"] == [7, "RL"] and len(spin["stress"]) == 1 and car.gear == 1


def test_t24_speed_at_the_limit_costs_nothing():  # HEAT-B-044
    r = race(None, laps=2)
    car = _corner_turn(r, 6, 1, ["S3"], 6)
    assert events_of(r, "corner_checked", "car1")[0]["due"] == 0
    assert len(car.engine) == 6 and not events_of(r, "heat_paid", "car1")


def test_t25_same_round_finishers_rank_by_space_then_race_line():  # HEAT-B-060..062
    r = race(None, None, None)
    a = setup_car(r, "car1", p=15, gear=2, engine=6, hand=["S4", "S3"])
    b = setup_car(r, "car2", p=14, gear=3, engine=6, hand=["S3", "S3", "S3"])
    c = setup_car(r, "car3", p=13, gear=3, engine=6, hand=["S4", "S3", "S2"])
    for car in (a, b, c):
        plan(r, car.seat, car.gear, list(car.hand))
    answer_defaults(r, "car1", "car2", "car3")
    assert (a.p, a.spot, b.p, b.spot, c.p, c.spot) == (22, "RL", 23, "RL", 22, "OUT")
    assert r.finished
    result = r.result()
    assert [p.seat for p in result.order] == ["car2", "car1", "car3"]
    assert [p.figures["tie_break"] for p in result.order] == ["progress", "race_line", "last"]


def test_t26_no_slipstream_across_the_final_finish_line():  # HEAT-B-043
    r = race(None, None)
    car = put(r, "car1", 18, True)
    put(r, "car2", 19, True)
    assert not slipstream_eligible(r.state, car)


def test_t27_corners_beyond_the_final_finish_line_are_not_checked():  # HEAT-B-044, -060
    r = race(None)
    car = _corner_turn(r, 18, 4, ["S4", "S4", "S2", "S2"], 0)
    assert car.p == 30 and car.finish_round == 1 and car.spinouts == 0
    crossed = events_of(r, "corner_crossed", "car1")
    assert [(c["corner"], c["q"], c["lap"]) for c in crossed] == [(1, 28, 2)]
    assert not events_of(r, "corner_checked", "car1")
    assert r.result().order[0].status == "finished"


def test_t28_heat_and_stress_cannot_be_discarded():  # HEAT-B-047, -008, -009
    r = race(None)
    car = setup_car(r, "car1", p=12, gear=1, engine=0, hand=["S2", "H", "X", "S1", "U0"])
    plan(r, "car1", 1, [car.hand[0]])
    answer_defaults(r, "car1", stop_at="discard")
    heat, stress, s1, u0 = car.hand
    for bad in ([heat], [stress]):
        with pytest.raises(IllegalAction):
            r.apply("car1", Action("discard", {"cards": bad}))
    r.apply("car1", Action("discard", {"cards": [s1, u0]}))
    assert events_of(r, "cards_discarded", "car1")[0]["cards"] == [s1, u0]


def test_t29_replenish_reshuffles_the_cards_just_played():  # HEAT-B-048, HEAT-B-032
    r = race(None)
    car = setup_car(
        r,
        "car1",
        p=12,
        gear=2,
        engine=0,
        hand=["S1", "S4", "H", "H", "H", "H", "H"],
        deck=[],
        discard=[],
    )
    played = car.hand[:2]
    plan(r, "car1", 2, played)
    r.apply("car1", Action("end_react"))
    assert len(car.hand) == 7 and all(c in car.hand for c in played)
    assert events_of(r, "hand_replenished", "car1")[-1]["drawn"] == 2
