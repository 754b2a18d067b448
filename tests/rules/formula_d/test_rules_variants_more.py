"""Variants, rule by rule (FD-V-1 to FD-V-11)."""

import pytest

from races.rules import ConfigError, IllegalAction, Seat, get_game
from races.rules.formula_d.chance import ScriptedDice
from races.rules.formula_d.rules.variants.abilities import DRIVERS

from .driving import events_of, gear, lane, move, scenario
from .scenario import qualifying_scenario

GAME = get_game("formula_d")
AB = [Seat("A", "A"), Seat("B", "B")]


def started(config: dict, dice=(), seats=AB):
    config = {"track": "paddock_ring", "grid": [s.id for s in seats], **config}
    return GAME.start(config, seats, 0, dice=ScriptedDice(list(dice)))


def test_fd_v_1_1_a_basic_two_lap_race_opens_the_pit_after_lap_one():
    """FD-V-1.1: the box gives back every lost WP."""
    race = scenario(
        [{"seat": "A", "space": "r48l2", "lap": 1, "gear": 3, "colour": "red", "wear": {"WP": 4}}],
        dice=["g3:6"],
        laps=2,
    )
    gear(race, "A", 3)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    assert race.state.by_seat["A"].wear["WP"] == 18


@pytest.mark.parametrize(("lap", "status"), [(1, "racing"), (2, "finished")])
def test_fd_v_1_3_the_two_lap_race_ends_after_lap_two(lap, status):
    """FD-V-1.3."""
    race = scenario(
        [{"seat": "A", "space": "r57l1", "lap": lap, "gear": 2}],
        dice=["g2:4"],
        laps=2,
        turns=None if status == "finished" else 1,
    )
    gear(race, "A", 2)
    move(race, "A", ["r58l1", "r59l1", "r0l1", *(["r1l1"] if lap == 1 else [])])
    assert race.state.by_seat["A"].status == status
    assert bool(events_of(race, "session_ended")) is (status == "finished")


def test_fd_v_3_4_a_missing_build_offers_the_standard_car():
    """FD-V-3.4, FD-V-3.3."""
    race = started({"level": "advanced", "build_your_car": True}, ["black:10"])
    decision = race.pending[0]
    assert decision.kind == "build" and decision.seat == "A"
    standard = {"T": 6, "Br": 3, "Gb": 3, "Bo": 3, "En": 3, "Su": 2}
    assert decision.options["standard"] == standard


def test_fd_v_4_2_qualifying_weather_is_rolled_before_the_tyre_choices():
    """FD-V-4.2."""
    race = started(
        {
            "mode": "qualifying",
            "level": "advanced",
            "weather": True,
            "tire_choice": True,
            "grid": None,
        },
        ["black:10"],
    )
    [rolled] = events_of(race, "weather_rolled")
    assert rolled["phase"] == "qualifying"
    assert [(d.kind, d.seat) for d in race.pending] == [("tires", "A"), ("tires", "B")]


def test_fd_v_4_5_the_qualifying_lap_ends_at_the_second_crossing():
    """FD-V-4.5: crossing right after the start begins the lap; the next one ends it."""
    start = qualifying_scenario({"seat": "A", "space": "r119l1", "lap": 0}, dice=["g1:2"])
    gear(start, "A", 1)
    move(start, "A", ["r0l1", "r1l1"])
    assert start.state.by_seat["A"].lap == 1 and events_of(start, "qualifying_lap") == []
    end = qualifying_scenario({"seat": "A", "space": "r117l1", "lap": 1, "gear": 3}, dice=["g3:4"])
    gear(end, "A", 3)
    move(end, "A", ["r118l1", "r119l1", "r0l1"])
    assert len(events_of(end, "qualifying_lap")) == 1


def test_fd_v_5_1_team_mates_share_a_colour():
    """FD-V-5.1."""
    seats = [Seat(s, s, team=t) for s, t in zip("ABCD", "XYYX", strict=True)]
    race = started({"team_race": True}, ["black:1"] * 4, seats=seats)
    colours = {s: race.state.by_seat[s].colour for s in "ABCD"}
    assert colours["A"] == colours["D"] and colours["B"] == colours["C"]
    assert colours["A"] != colours["B"]


def test_fd_v_5_1_a_team_race_needs_teams_of_two():
    """FD-V-5.1."""
    seats = [Seat(s, s, team=t) for s, t in zip("ABC", "XXX", strict=True)]
    with pytest.raises(ConfigError):
        started({"team_race": True}, ["black:1"] * 3, seats=seats)


def test_fd_v_7_1_without_tyre_choice_rain_brings_no_slide_and_no_multiplier():
    """FD-V-7.1: weather on, tyre choice off: the car has no tyre type."""
    race = scenario(
        [{"seat": "A", "space": "r5l0", "gear": 3}],
        dice=["g3:8"],
        level="advanced",
        weather=True,
        weather_state="RAIN",
    )
    gear(race, "A", 3)
    assert race.state.by_seat["A"].tires is None
    assert race.pending[0].options["m"] == 8
    move(race, "A", lane(0, 6, 13))
    assert race.state.by_seat["A"].wear["T"] == 4


def test_fd_v_7_8_tyre_effects_need_advanced_mode():
    """FD-V-7.8."""
    with pytest.raises(ConfigError, match="tire_choice"):
        started({"tire_choice": True}, ["black:1"] * 2)


@pytest.mark.parametrize(("ruleset", "reserve"), [("published", 2), ("bga", 2)])
def test_fd_v_8_1_each_car_has_a_repair_reserve_of_two(ruleset, reserve):
    """FD-V-8.1."""
    race = started(
        {"level": "advanced", "technical_pit_stops": True, "ruleset": ruleset}, ["black:1"] * 2
    )
    assert [s["reserve"] for s in events_of(race, "session_started")[0]["seats"]] == [reserve] * 2


@pytest.mark.parametrize(
    ("track", "ruleset", "nitro", "ok"),
    [
        ("lakeside_night", "published", None, True),
        ("paddock_ring", "published", True, False),
        ("paddock_ring", "bga", True, True),
    ],
)
def test_fd_v_9_1_nitro_comes_with_published_street_races_or_the_bga_option(
    track, ruleset, nitro, ok
):
    """FD-V-9.1."""
    config = {"track": track, "ruleset": ruleset, "nitro": nitro}
    if ok:
        assert GAME.options.validate(config)["nitro"] is True
    else:
        with pytest.raises(ConfigError, match="nitro"):
            GAME.options.validate(config)


def test_fd_v_10_1_and_10_2_a_basic_street_race_is_basic_mode_with_nitro():
    """FD-V-10.1, FD-V-10.2."""
    cfg = GAME.options.validate({"track": "lakeside_night"})
    assert (cfg["level"], cfg["street"], cfg["nitro"], cfg["laps"]) == ("basic", True, True, 1)
    race = started({"track": "lakeside_night"}, ["black:1"] * 2)
    assert all(c.maxima == {"WP": 18} for c in race.state.cars)


def test_fd_v_11_1_and_11_3_advanced_street_cars_drive_their_driver_cards_with_nitro():
    """FD-V-11.1, FD-V-11.3."""
    seats = [
        Seat("A", "A", setup={"driver": "frogger"}),
        Seat("B", "B", setup={"driver": "li_tzu_sin"}),
    ]
    cfg = GAME.options.validate({"track": "lakeside_night", "level": "advanced"})
    assert cfg["special_drivers"] is True and cfg["nitro"] is True
    race = started({"track": "lakeside_night", "level": "advanced"}, ["black:1"] * 2, seats)
    assert race.state.by_seat["A"].maxima == DRIVERS["frogger"]
    assert race.state.by_seat["B"].maxima == DRIVERS["li_tzu_sin"]


def test_fd_v_11_8_the_tunnel_works_the_same_in_advanced_mode():
    """FD-V-11.8, FD-V-10.7."""
    race = scenario(
        [{"seat": "A", "space": "r35l1", "gear": 2}],
        track="lakeside_night",
        dice=["g2:2"],
        level="advanced",
        special_drivers=False,
    )
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 2)
    with pytest.raises(IllegalAction):
        move(race, "A", ["r36l1", "r37l0"])
    move(race, "A", ["r36l1", "r37l1"])
    assert race.state.track.ids[race.state.by_seat["A"].space] == "r37l1"
