"""Heavy Rain (T-40, T-41, T-46; HEAT-RAIN-01..10) and the 1964 events (section 12.7)."""

import json
from pathlib import Path

import pytest

from races.rules import Action, ConfigError, Seat, get_game
from races.rules.heat.rules.legends import legend_target
from races.rules.heat.rules.track import track_from_data

from .scenario import answer_defaults, events_of, park, plan, put, race, setup_car

GAME = get_game("heat")


def _track(**changes):
    data = json.loads(Path(__file__).with_name("test20.json").read_text())
    for key, value in changes.items():
        data[key] = value
    return track_from_data(data)


def test_t40_a_flooded_start_makes_shifting_down_cost_heat():  # HEAT-RAIN-02
    r = race(None, track=_track(flooded=[12]))
    setup_car(r, "car1", p=12, gear=3, engine=2, hand=["S1"] * 7)
    gears = r.pending[0].options["gears"]
    assert gears == [
        {"gear": 1, "heat": 2},
        {"gear": 2, "heat": 1},
        {"gear": 3, "heat": 0},
        {"gear": 4, "heat": 0},
    ]
    setup_car(r, "car1", engine=0)
    assert [a.params["gear"] for a in r.legal_actions("car1")] == [3, 4]


def test_t41_each_chicane_corner_is_checked_and_spins_before_its_own_line():  # HEAT-RAIN-06
    corners = [
        {"id": 1, "position": 8, "limit": 4, "legend_threshold": 4, "chicane": [1, 2]},
        {"id": 2, "position": 9, "limit": 4, "legend_threshold": 0, "chicane": [1, 2]},
    ]
    r = race(None, track=_track(corners=corners))
    car = setup_car(r, "car1", p=4, gear=2, engine=3, hand=["S4", "S2"])
    plan(r, "car1", 2, list(car.hand))
    answer_defaults(r, "car1")
    checks = events_of(r, "corner_checked", "car1")
    assert [(c["corner"], c["due"], c["paid"]) for c in checks] == [(1, 2, 2), (2, 2, 1)]
    spin = events_of(r, "spun_out", "car1")[0]
    assert spin["corner"] == 2 and spin["end"] == [8, "RL"] and car.gear == 1


def test_t46_super_cool_moves_heat_from_the_discard_pile_to_the_engine():  # HEAT-RAIN-09
    r = race(None, garage=True, garage_draft=False, heavy_rain=True, laps=3)
    car = setup_car(r, "car1", p=12, gear=1, engine=0, hand=["SP85", "S1"], discard=["H", "H", "H"])
    sp85 = car.hand[0]
    car.sponsorships = [sp85]
    plan(r, "car1", 1, [sp85])
    decision = r.pending[0]
    assert decision.options["super_cool"] == [[sp85, 2]]
    r.apply("car1", Action("super_cool", {"card": sp85, "count": 2}))
    assert len(car.engine) == 2 and sum(".H" in c for c in car.discard) == 1
    assert "super_cool" not in {a.kind for a in r.legal_actions("car1")}


def test_an_aggressive_legend_may_cross_one_more_corner_line():  # HEAT-RAIN-08
    corners = [
        {"id": 1, "position": 8, "limit": 3, "legend_threshold": 4, "aggressive_spaces": [7]},
        {"id": 2, "position": 12, "limit": 2, "legend_threshold": 3},
    ]
    for heavy_rain, expected in ((False, 11), (True, 7 + 3 + 3)):
        r = race("legend", laps=3, heavy_rain=heavy_rain, track=_track(corners=corners))
        car = put(r, "car1", 7)
        assert legend_target(r.state, car, helmet=14, diamond=3) == expected


def test_heavy_rain_allows_a_seventh_car_in_orange():  # HEAT-RAIN-01, HEAT-RAIN-10
    seats = [Seat(f"c{i}", "C", "bot", "pro") for i in range(7)]
    with pytest.raises(ConfigError, match="at most 6"):
        GAME.start({"track": "japan"}, seats, 1)
    r = GAME.start({"track": "japan", "heavy_rain": True}, seats, 1)
    assert sorted(c.colour for c in r.state.cars)[4] == "orange" and r.state.adrenaline_slots == 2


def test_the_air_intake_cards_join_the_advanced_pool_only_with_heavy_rain():  # HEAT-GARAGE-01
    from races.rules.heat.rules.cards import sponsorship_pool, upgrade_pool

    assert not any(".A49." in c for c in upgrade_pool("advanced"))
    assert sum(".A49." in c for c in upgrade_pool("advanced", heavy_rain=True)) == 2
    assert len(sponsorship_pool()) == 35 and len(sponsorship_pool(heavy_rain=True)) == 42


def test_event_1964_2_allows_slipstream_only_in_gears_3_and_4():
    r = race(None, None, laps=3)
    r.state.event_rules = {"slipstream_gears": (3, 4)}
    setup_car(r, "car2", p=13, rl=True)
    car = setup_car(r, "car1", p=10, gear=2, engine=0, hand=["S1", "S1", "S2"])
    park(r, "car2")
    plan(r, "car1", 2, car.hand[:2])
    answer_defaults(r, "car2")
    r.apply("car1", Action("end_react"))
    assert car.p == 12 and all(d.kind != "slipstream" for d in r.pending)


def test_event_1964_3_lets_heat_be_discarded():
    r = race(None, laps=3)
    r.state.event_rules = {"discard_heat": True}
    car = setup_car(r, "car1", p=12, gear=1, engine=0, hand=["S1", "H", "X"])
    heat = car.hand[1]
    plan(r, "car1", 1, car.hand[:1])
    answer_defaults(r, "car1", stop_at="discard")
    assert r.pending[0].options["discardable"] == [heat]
    r.apply("car1", Action("discard", {"cards": [heat]}))
    assert heat in car.discard or heat in car.hand + car.deck


def test_event_1964_4_gives_nobody_adrenaline():
    r = race(None, None, laps=3)
    r.state.event_rules = {"no_adrenaline": True}
    park(r, "car1")
    park(r, "car2")
    assert events_of(r, "turn_order_fixed")[-1]["adrenaline"] == []


def test_the_1964_season_uses_its_fixed_weather_and_double_press_cards():  # section 12.7
    seats = [Seat("a", "A", "bot", "pro"), Seat("b", "B", "bot", "pro")]
    r = GAME.start({"season": "1964", "season_race": 1}, seats, 2)
    assert (
        r.state.phase == "draft" and r.state.conditions is None
    )  # HEAT-CHAMP-07: car design first
    while r.state.phase == "draft":
        d = r.pending[0]
        r.apply(d.seat, GAME.bot("pro", seed=2, seat=d.seat).choose(r.view(d.seat), d))
    assert (
        r.state.heavy_rain and r.state.track.id == "japan" and r.state.conditions.weather == "rain"
    )
    assert r.state.event_rules["press_cards"] == 2 and r.state.press
