"""The Garage module (T-30, T-47..T-49; HEAT-GARAGE-01..18)."""

import pytest

from races.rules import Action, IllegalAction

from .scenario import answer_defaults, events_of, park, plan, race, setup_car


def _garage(*bots, **config):
    return race(*bots, garage=True, garage_draft=False, laps=3, **config)


def test_t30_the_draft_runs_reverse_forward_reverse_and_legends_never_pick():
    # HEAT-GARAGE-03
    r = race(None, None, None, "legend", garage=True)
    order = []
    while r.state.phase == "draft":
        decision = r.pending[0]
        assert len(decision.options["row"]) + len(order) % 3 == 6
        order.append(decision.seat)
        r.apply(decision.seat, Action("draft_pick", {"card": decision.options["row"][0]["id"]}))
    assert order == ["car3", "car2", "car1", "car1", "car2", "car3", "car3", "car2", "car1"]
    rows = events_of(r, "upgrade_row_revealed")
    assert [len(row["cards"]) for row in rows] == [6, 6, 6]
    assert all(len(r.state.by_seat[s].upgrades) == 3 for s in ("car1", "car2", "car3"))
    assert r.state.by_seat["car4"].upgrades == []
    # HEAT-GARAGE-05: the upgrades join the 12 speed cards; no starting upgrades.
    car = r.state.by_seat["car1"]
    cards = car.deck + car.hand
    assert all(u in cards for u in car.upgrades) and not any(".U" in c for c in cards)


def test_the_quick_deal_gives_three_upgrades_each_in_grid_order():  # HEAT-GARAGE-04
    r = race(None, None, garage=True, garage_draft=False)
    dealt = [e.seat for e in r.events if e.type == "upgrade_dealt"]
    assert dealt == ["car1", "car2"] * 3 and r.state.phase == "plan"


def test_t47_an_unpayable_heat_cost_card_becomes_a_random_speed():  # HEAT-GARAGE-07
    r = _garage(None)
    car = setup_car(r, "car1", p=12, gear=2, engine=0, hand=["B11", "S2", "S1"], deck=["S4"])
    b11 = car.hand[0]
    plan(r, "car1", 2, car.hand[:2])
    decision = r.pending[0]
    assert decision.kind == "convert_unpayable" and decision.default.params["card"] == b11
    r.apply("car1", decision.default)
    assert b11 in car.discard and car.speed == 6 and "red.S4.1" in car.play
    assert car.cooldown_left == 1 + 1  # gear 2 and Adrenaline only: B11's Cooldown is lost


def test_t48_a_heat_cost_paid_by_cooling_down_first():  # HEAT-GARAGE-07, HEAT-B-ENG-05
    r = _garage(None)
    car = setup_car(r, "car1", p=12, gear=1, engine=0, hand=["B11", "H", "S1"])
    plan(r, "car1", 1, car.hand[:1])
    assert r.state.phase == "react" and car.speed == 6 and car.heat_owed == 1
    with pytest.raises(IllegalAction, match="pay"):
        r.apply("car1", Action("end_react"))
    r.apply("car1", Action("cooldown", {"count": 1}))
    assert "boost" not in {a.kind for a in r.legal_actions("car1")}
    with pytest.raises(IllegalAction):
        r.apply("car1", Action("boost"))
    r.apply("car1", Action("pay_heat_cost", {"count": 1}))
    assert car.heat_owed == 0 and car.engine == []
    assert "end_react" in {a.kind for a in r.legal_actions("car1")}


def test_t49_accelerate_adds_one_per_plus_as_its_own_movement():  # HEAT-GARAGE-11
    r = _garage(None)
    car = setup_car(r, "car1", p=12, gear=2, engine=0, hand=["A47", "X", "S1"], deck=["S2", "S1"])
    a47 = car.hand[0]
    plan(r, "car1", 2, car.hand[:2])
    assert (car.speed, car.p) == (3, 15)
    r.apply("car1", Action("accelerate", {"card": a47}))
    assert (car.speed, car.p) == (5, 17)
    assert "accelerate" not in {a.kind for a in r.legal_actions("car1")}


def test_speed_choices_are_made_after_the_plus_cards():  # HEAT-GARAGE-18, HEAT-B-030
    r = _garage(None)
    car = setup_car(r, "car1", p=12, gear=2, engine=6, hand=["B09", "X", "S1"], deck=["S3"])
    b09 = car.hand[0]
    plan(r, "car1", 2, car.hand[:2])
    decision = r.pending[0]
    assert decision.kind == "choose_speed" and decision.options["choices"] == [2, 4]
    assert decision.options["speed_so_far"] == 3  # the Stress already found S3
    with pytest.raises(IllegalAction):
        r.apply("car1", Action("choose_speed", {"card": b09, "value": 3}))
    r.apply("car1", Action("choose_speed", {"card": b09, "value": 4}))
    assert car.speed == 7 and car.p == 19


def test_scrap_is_mandatory_and_discards_the_top_of_the_deck():  # HEAT-GARAGE-13
    r = _garage(None)
    car = setup_car(r, "car1", p=12, gear=1, engine=0, hand=["A21", "S1"], deck=["S3", "S4", "S2"])
    a21 = car.hand[0]
    plan(r, "car1", 1, car.hand[:1])
    with pytest.raises(IllegalAction, match="scrap"):
        r.apply("car1", Action("end_react"))
    r.apply("car1", Action("scrap", {"card": a21}))
    assert car.discard[-2:] == ["red.S3.1", "red.S4.1"] and car.deck == ["red.S2.1"]


def test_reduce_stress_discards_stress_from_the_hand():  # HEAT-GARAGE-15
    r = _garage(None)
    car = setup_car(r, "car1", p=12, gear=1, engine=0, hand=["B06", "X", "X", "X", "X"])
    b06, stress = car.hand[0], car.hand[1:]
    plan(r, "car1", 1, [b06])
    with pytest.raises(IllegalAction):
        r.apply("car1", Action("reduce_stress", {"card": b06, "stress": stress}))
    r.apply("car1", Action("reduce_stress", {"card": b06, "stress": stress[:3]}))
    assert car.hand == stress[3:] and all(c in car.discard for c in stress[:3])


def test_salvage_shuffles_chosen_discards_into_the_deck():  # HEAT-GARAGE-14
    r = _garage(None)
    car = setup_car(
        r,
        "car1",
        p=12,
        gear=1,
        engine=0,
        hand=["A22", "S1"],
        deck=["S1"],
        discard=["S4", "S3", "S2"],
    )
    a22 = car.hand[0]
    plan(r, "car1", 1, [a22])
    assert len(r.pending[0].options["discard_pile"]) == 3  # visible while salvaging
    r.apply("car1", Action("salvage", {"card": a22, "cards": ["red.S4.1", "red.S3.1"]}))
    assert sorted(car.deck) == ["red.S1.2", "red.S3.1", "red.S4.1"]
    assert car.discard == ["red.S2.1"]


def test_refresh_puts_the_card_back_on_top_of_the_deck():  # HEAT-GARAGE-12
    r = _garage(None)
    car = setup_car(r, "car1", p=12, gear=1, engine=0, hand=["A34", "H"], deck=["S1"] * 7)
    a34 = car.hand[0]
    plan(r, "car1", 1, [a34])
    answer_defaults(r, "car1", stop_at="refresh")
    assert r.pending[0].kind == "refresh"
    r.apply("car1", Action("refresh", {"cards": [a34]}))
    assert a34 in car.hand  # it was on top of the deck when the hand was refilled


def test_direct_play_in_step_5_is_a_separate_movement():  # HEAT-GARAGE-09
    r = _garage(None, None)
    setup_car(r, "car2", p=0)
    car = setup_car(r, "car1", p=12, gear=1, engine=0, hand=["S1", "A26"], deck=["S2"] * 4)
    a26 = car.hand[1]
    park(r, "car2")
    plan(r, "car1", 1, car.hand[:1])
    answer_defaults(r, "car2")
    r.apply("car1", Action("direct_play", {"card": a26}))
    assert (car.speed, car.p) == (4, 16)
    assert [m["reason"] for m in events_of(r, "moved", "car1")] == ["reveal", "direct_play"]
    assert car.scrap_owed == [a26]


def test_adjust_limit_changes_only_this_cars_corner_checks():  # HEAT-GARAGE-17
    r = _garage(None)
    car = setup_car(r, "car1", p=4, gear=1, engine=6, hand=["A41"], deck=["S2", "S3"])
    plan(r, "car1", 1, list(car.hand))
    assert car.speed == 5
    answer_defaults(r, "car1", stop_at="discard")
    check = events_of(r, "corner_checked", "car1")[0]
    assert (check["limit"], check["due"]) == (3 + 2, 0)
    assert r.state.limit(r.state.track.corners[0]) == 3  # the corner itself is unchanged for others


def test_a_slipstream_bonus_card_lengthens_the_slipstream():  # HEAT-GARAGE-16
    r = _garage(None, None)
    setup_car(r, "car2", p=13, rl=True)
    car = setup_car(r, "car1", p=11, gear=1, engine=0, hand=["B14", "S1"])
    park(r, "car2")
    plan(r, "car1", 1, car.hand[:1])
    answer_defaults(r, "car2")
    r.apply("car1", Action("end_react"))
    assert r.pending[0].options["bonus"] == 2
    r.apply("car1", Action("slipstream", {"take": True}))
    assert car.p == 12 + 4
