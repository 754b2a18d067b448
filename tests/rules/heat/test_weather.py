"""Weather & Road Conditions (T-36..T-39; HEAT-WEATHER-01..13)."""

import pytest

from races.rules import Action
from races.rules.heat.chance import ScriptedChance
from races.rules.heat.race import HeatRace
from races.rules.heat.rules.legends import legend_target
from races.rules.heat.rules.track import load_track

from .scenario import (
    answer_defaults,
    events_of,
    park,
    plan,
    put,
    race,
    seats,
    setup_car,
)


@pytest.mark.parametrize(
    ("weather", "engine", "stress", "discard_heat", "deck_heat"),
    [
        ("fog", 7, 3, 0, 0),
        ("freezing", 5, 3, 0, 0),
        ("cloudy", 6, 2, 0, 0),
        ("sunny", 3, 3, 3, 0),
        ("rain", 3, 3, 0, 3),
        ("heavy_rain", 6, 4, 0, 0),
    ],
)
def test_t36_the_weather_changes_every_players_starting_cards(
    weather, engine, stress, discard_heat, deck_heat
):  # HEAT-WEATHER-03, section 12.8
    chance = ScriptedChance("w", {"weather": [[weather]]})
    r = HeatRace({"weather": True}, seats(None), "w", load_track("usa"), chance)
    car = r.state.cars[0]
    cards = car.deck + car.hand
    assert events_of(r, "weather_drawn")[0]["token"] == weather
    assert len(car.engine) == engine
    assert sum(".X" in c for c in cards) == stress
    assert sum(".H" in c for c in car.discard) == discard_heat
    assert sum(".H" in c for c in cards) == deck_heat


def _weathered(*bots, road, weather="cloudy", **config):
    return race(
        *bots, weather=True, laps=3, script={"weather": [[weather]], "road": [road]}, **config
    )


def test_road_tokens_go_one_per_corner_in_order():  # HEAT-WEATHER-04, -05
    r = _weathered(None, road=["corner_minus1.1", "sector_free_boost.2"])
    placed = events_of(r, "road_token_placed")
    assert [(p["corner"], p["token"]) for p in placed] == [
        (1, "corner_minus1"),
        (2, "sector_free_boost"),
    ]
    assert r.state.limit(r.state.track.corners[0]) == 2
    assert r.state.conditions.sectors == {2: "free_boost"}


def test_t37_a_slipstream_sector_token_applies_after_its_corner():  # HEAT-WEATHER-05, -10
    r = _weathered(None, None, road=["sector_slipstream.1", "corner_plus1.1"])
    assert r.state.conditions.sectors == {1: "slipstream_plus_1"}
    setup_car(r, "car2", p=10, rl=True)
    car = setup_car(r, "car1", p=9, gear=1, engine=6, hand=["U0", "S1"])
    park(r, "car2")
    plan(r, "car1", 1, [car.hand[0]])
    answer_defaults(r, "car2")
    r.apply("car1", Action("end_react"))
    assert r.pending[0].options["bonus"] == 1
    r.apply("car1", Action("slipstream", {"take": True}))
    assert car.p == 12  # 2 + 1 from space 9


def test_t38_a_limit_token_changes_the_corner_for_cars_and_legends():  # HEAT-WEATHER-09
    r = _weathered(None, "legend", road=["corner_plus1.1", "corner_plus1.2"])
    legend = put(r, "car2", 5)
    assert legend_target(r.state, legend, helmet=14, diamond=2) == 11
    put(r, "car2", 30)
    car = setup_car(r, "car1", p=6, gear=1, engine=6, hand=["S4"])
    plan(r, "car1", 1, list(car.hand))
    answer_defaults(r, "car1")
    check = events_of(r, "corner_checked", "car1")[0]
    assert (check["limit"], check["due"], check["paid"]) == (4, 0, 0)


def test_t39_overheat_adds_one_heat_only_when_over_the_limit():  # HEAT-WEATHER-09
    for played, due in ((["S4", "S1"], 3), (["S2", "S1"], 0)):
        r = _weathered(None, road=["corner_overheat.1", "corner_plus1.1"])
        car = setup_car(r, "car1", p=6, gear=2, engine=6, hand=played)
        plan(r, "car1", 2, list(car.hand))
        answer_defaults(r, "car1")
        assert events_of(r, "corner_checked", "car1")[0]["due"] == due
        assert len(car.engine) == 6 - due


def test_a_free_boost_sector_boosts_with_an_empty_engine():  # HEAT-WEATHER-11
    r = _weathered(None, None, road=["corner_plus1.1", "sector_free_boost.1"])
    setup_car(r, "car2", p=0)
    car = setup_car(r, "car1", p=13, gear=1, engine=0, hand=["S1"], deck=["S4", "S2"])
    park(r, "car2")
    plan(r, "car1", 1, list(car.hand))
    answer_defaults(r, "car2")
    assert r.pending[0].options["boost"] is True
    r.apply("car1", Action("boost"))
    assert car.p == 18 and events_of(r, "boost_done", "car1")[0]["heat"] == 0


def test_sector_cooldown_effects_add_one_or_block_all():  # HEAT-WEATHER-12
    for weather, allowance in (("rain", 4), ("cloudy", 0)):
        r = _weathered(None, None, road=["corner_plus1.1", "sector_weather.1"], weather=weather)
        setup_car(r, "car2", p=0)
        car = setup_car(r, "car1", p=13, gear=1, engine=1, hand=["S1", "H", "H", "H", "H", "H"])
        park(r, "car2")
        plan(r, "car1", 1, [car.hand[0]])
        answer_defaults(r, "car2")
        assert r.pending[0].options["cooldown_left"] == allowance
        counts = [a.params["count"] for a in r.legal_actions("car1") if a.kind == "cooldown"]
        assert counts == list(range(1, allowance + 1))


def test_fog_sectors_forbid_starting_a_slipstream():  # HEAT-WEATHER-10
    r = _weathered(None, None, road=["sector_weather.1", "corner_plus1.1"], weather="fog")
    setup_car(r, "car2", p=10, rl=True)
    car = setup_car(r, "car1", p=9, gear=1, engine=0, hand=["U0", "S1"])
    park(r, "car2")
    plan(r, "car1", 1, [car.hand[0]])
    answer_defaults(r, "car2")
    assert all(d.kind != "slipstream" for d in r.pending)
