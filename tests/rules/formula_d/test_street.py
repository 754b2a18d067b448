"""Night street races, basic mode (FD-V-9, FD-V-10) and the bga switch (FD-BGA-16)."""

import pytest

from races.rules import ConfigError, IllegalAction, Seat, get_game

from .driving import act, events_of, gear, lane, move, scenario

GAME = get_game("formula_d")


def night(cars, dice, **config):
    return scenario(cars, track="lakeside_night", dice=dice, **config)


def test_nitro_adds_the_gear_and_must_be_used_in_full():
    """FD-X-50, FD-V-9.2, FD-V-9.3, FD-AMB-43: decided after the roll, one path of M."""
    race = night([{"seat": "A", "space": "r0l1", "gear": 3}], ["g3:6"])
    gear(race, "A", 3)
    assert race.pending[0].kind == "boost" and race.pending[0].options["nitro"]
    act(race, "A", "boost", nitro=True, soft=False)
    assert race.pending[0].options["m"] == 9
    with pytest.raises(IllegalAction, match="exactly 9"):
        move(race, "A", lane(1, 1, 8))
    move(race, "A", lane(1, 1, 9))
    assert race.state.by_seat["A"].nitro == 0


def test_nitro_is_not_offered_again_before_the_lap_is_complete():
    """FD-X-50, FD-V-9.4."""
    race = night([{"seat": "A", "space": "r0l1", "gear": 3}], ["g3:6"])
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 3)
    assert race.pending[0].kind == "move"


def test_completing_a_lap_restores_nitro_and_repairs_ten_wear_points():
    """FD-X-55, FD-V-9.4, FD-V-10.3."""
    for wp, after in ((5, 15), (12, 18)):
        race = night(
            [{"seat": "A", "space": "r118l1", "lap": 1, "gear": 2, "wear": {"WP": wp}}],
            ["g2:3"],
            laps=2,
        )
        race.state.by_seat["A"].nitro = 0
        gear(race, "A", 2)
        move(race, "A", ["r119l1", "r0l1", "r1l1"])
        car = race.state.by_seat["A"]
        assert car.wear["WP"] == after and car.nitro == 1


@pytest.mark.parametrize(
    ("space", "roll", "wp"), [("r52l1", 14, 16), ("r52l1", 10, 18), ("r86l2", 3, 17)]
)
def test_basic_zones_on_the_stopping_space(space, roll, wp):
    """FD-X-51, FD-V-10.4, FD-V-10.5."""
    rank, lane_no = int(space[1:].split("l")[0]), int(space.split("l")[1])
    race = night(
        [{"seat": "A", "space": f"r{rank - 2}l{lane_no}", "gear": 2}],
        ["g2:2", f"black:{roll}"],
    )
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 2)
    move(race, "A", lane(lane_no, rank - 1, rank))
    assert race.state.by_seat["A"].wear["WP"] == wp


def test_passing_a_basic_danger_space_rolls_nothing():
    """FD-X-51."""
    race = night([{"seat": "A", "space": "r85l2", "gear": 2}], ["g2:3"])
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 2)
    move(race, "A", ["r86l2", "r87l2", "r88l2"])
    assert events_of(race, "zone_check") == []


def test_the_fastest_through_the_police_station_gains_two_points():
    """FD-X-53, FD-V-10.6: equal speeds go to the earlier car."""
    race = night(
        [
            {"seat": "A", "space": "r17l1", "gear": 5},
            {"seat": "B", "space": "r40l0", "gear": 6, "wear": {"WP": 17}},
            {"seat": "C", "space": "r40l2", "gear": 6},
        ],
        ["g5:11"],
        order=["A", "B", "C"],
    )
    race.state.police = {1: {"B": (60, 40), "C": (60, 41)}}
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 5)
    move(race, "A", lane(1, 18, 28))
    assert events_of(race, "police_speed")[0]["speed"] == 50
    assert race.state.by_seat["B"].wear["WP"] == 18


def test_the_tunnel_links_entrance_and_exit_lane_by_lane():
    """FD-X-54, FD-V-10.7, FD-T-4.6."""
    race = night([{"seat": "A", "space": "r35l1", "gear": 2}], ["g2:2"])
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 2)
    with pytest.raises(IllegalAction):
        move(race, "A", ["r36l1", "r37l0"])
    move(race, "A", ["r36l1", "r37l1"])


def test_street_races_have_no_pit_lane_under_the_published_rules():
    """FD-O-3, FD-AMB-44."""
    race = night([{"seat": "A", "space": "r104l2", "lap": 1, "gear": 2}], ["g2:2"], laps=2)
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 2)
    with pytest.raises(IllegalAction, match="pit lane"):
        move(race, "A", ["r106l2", "p1"])


def test_bga_races_a_street_track_as_a_circuit():
    """FD-BGA-16: no zones, the pit lane is open and nitro is an option."""
    race = night(
        [{"seat": "A", "space": "r50l1", "gear": 2}], ["g2:2"], ruleset="bga", level="advanced"
    )
    assert not race.state.street_rules and not race.state.nitro_on
    gear(race, "A", 2)
    move(race, "A", lane(1, 51, 52))
    assert events_of(race, "zone_check") == []


def test_special_drivers_need_an_advanced_published_street_race():
    """FD-O-2, FD-BGA-16."""
    for config in (
        {"track": "paddock_ring", "level": "advanced", "special_drivers": True},
        {"track": "lakeside_night", "special_drivers": True},
        {"track": "lakeside_night", "level": "advanced", "ruleset": "bga", "special_drivers": True},
    ):
        with pytest.raises(ConfigError):
            GAME.start(config, [Seat("A", "A"), Seat("B", "B")], 1)


def test_published_street_races_are_one_or_two_laps():
    """FD-O-2."""
    with pytest.raises(ConfigError):
        GAME.start({"track": "lakeside_night", "laps": 3}, [Seat("A", "A"), Seat("B", "B")], 1)
