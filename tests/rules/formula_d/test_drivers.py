"""Advanced night street races (FD-V-11) and the special drivers (FD-V-12)."""

import pytest

from races.rules import Action, Seat, get_game
from races.rules.formula_d.chance import ScriptedDice
from races.rules.formula_d.rules.variants import abilities

from .driving import act, events_of, gear, lane, move, scenario

GAME = get_game("formula_d")


def street(cars, dice, **config):
    return scenario(cars, track="lakeside_night", dice=dice, level="advanced", **config)


def test_diane_wins_a_grid_tie_without_rerolling():
    """FD-X-04, FD-V-12.6 (b)."""
    seats = [
        Seat("A", "A", setup={"driver": "diane_montfort"}),
        Seat("B", "B", setup={"driver": "derek_manson"}),
        Seat("C", "C", setup={"driver": "jack_owens"}),
    ]
    race = GAME.start(
        {"track": "lakeside_night", "level": "advanced"},
        seats,
        0,
        dice=ScriptedDice(["black:15", "black:15", "black:9", *["black:1"] * 3]),
    )
    assert events_of(race, "grid_set")[0]["order"] == ["A", "B", "C"]
    assert len(events_of(race, "grid_roll")) == 3
    assert race.state.by_seat["B"].maxima == abilities.DRIVERS["derek_manson"]


def test_missing_drivers_are_dealt_from_a_seeded_shuffle():
    """FD-V-12.0, FD-E-11 (R1)."""
    seats = [Seat(s, s, kind="bot", bot="pro") for s in "ABCD"]
    one = GAME.start({"track": "lakeside_night", "level": "advanced"}, seats, 5)
    two = GAME.start({"track": "lakeside_night", "level": "advanced"}, seats, 5)
    dealt = [c.driver for c in one.state.cars]
    assert dealt == [c.driver for c in two.state.cars] and len(set(dealt)) == 4
    assert all(c.maxima == abilities.DRIVERS[c.driver] for c in one.state.cars)


@pytest.mark.parametrize(
    ("roll", "changes"), [(15, {}), (17, {"T": 8}), (19, {"Bo": 2}), (20, {"En": 3})]
)
def test_the_advanced_residential_table(roll, changes):
    """FD-X-52, FD-V-11.5."""
    race = street(
        [{"seat": "A", "space": "r50l1", "gear": 2, "driver": "frogger"}], ["g2:2", f"black:{roll}"]
    )
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 2)
    move(race, "A", lane(1, 51, 52))
    car = race.state.by_seat["A"]
    for cat, before in changes.items():
        assert car.wear[cat] == before - 1
    if changes.keys() & {"Bo", "En"}:
        assert race.state.markers == {race.state.track.index["r52l1"]: 1}


@pytest.mark.parametrize(("weather", "lost"), [("SUNNY", 1), ("RAIN", 2)])
def test_entering_an_advanced_danger_space_checks_suspension(weather, lost):
    """FD-X-52, FD-V-11.6, FD-AMB-47."""
    race = street(
        [{"seat": "A", "space": "r84l2", "gear": 2, "driver": "temana_matahi"}],
        ["g2:2", "black:4", "black:5"],
        weather=weather,
    )
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 2)
    move(race, "A", lane(2, 85, 86))
    assert race.state.by_seat["A"].wear["Su"] == 3 - lost


def test_the_advanced_street_lap_repair_restores_tyres_and_opens_a_repair():
    """FD-X-55, FD-V-11.4, and Jenny Slivers' own lap repair (FD-V-12.5)."""
    race = street(
        [
            {
                "seat": "A",
                "space": "r118l1",
                "lap": 1,
                "gear": 2,
                "driver": "jenny_slivers",
                "wear": {"T": 1, "Br": 2, "Bo": 1},
            }
        ],
        ["g2:3"],
        laps=2,
    )
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 2)
    move(race, "A", ["r119l1", "r0l1", "r1l1"])
    car = race.state.by_seat["A"]
    assert car.wear["T"] == 4
    first = race.pending[0]
    assert first.kind == "repair" and first.options["points"] == 2
    act(race, "A", "repair", repairs={"Br": 1, "Bo": 1})
    second = race.pending[0]
    assert second.kind == "repair" and second.options["points"] == 4
    act(race, "A", "repair", repairs={"Br": 3, "Bo": 1})
    assert (car.wear["Br"], car.wear["Bo"]) == (6, 3)


def test_dimitri_fails_engine_checks_only_on_one_to_three():
    """FD-X-56, FD-V-12.9."""
    race = street([{"seat": "A", "space": "r0l1", "driver": "dimitri_tzarof"}], [])
    car = race.state.by_seat["A"]
    assert abilities.engine_threshold(car, 4) == 3
    assert abilities.engine_threshold(car, 3) == 2


def test_derek_makes_the_other_car_roll_two_dice():
    """FD-X-56, FD-V-12.3, FD-AMB-51."""
    race = street(
        [
            {"seat": "A", "space": "r1l1", "gear": 2, "driver": "derek_manson"},
            {"seat": "B", "space": "r3l0", "gear": 1, "driver": "frogger"},
        ],
        ["g2:2", "black:1", "black:1", "black:10"],
        order=["A", "B"],
    )
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 2)
    move(race, "A", lane(1, 2, 3))
    checks = events_of(race, "collision_check")
    assert [c["seat"] for c in checks] == ["B", "B", "A"]
    assert race.state.by_seat["B"].wear["Bo"] == 0 or race.state.by_seat["B"].status == "eliminated"


def test_stanley_throws_the_radio_once_at_a_car_that_came_near():
    """FD-X-56, FD-V-12.7, FD-T-4.5, FD-AMB-53: decided after B's turn."""
    race = street(
        [
            {"seat": "B", "space": "r8l1", "gear": 2, "driver": "frogger"},
            {"seat": "S", "space": "r10l0", "gear": 1, "driver": "stanley_washington"},
        ],
        ["g2:3", "black:12"],
        order=["B", "S"],
    )
    race.state.by_seat["B"].nitro = 0
    gear(race, "B", 2)
    move(race, "B", lane(1, 9, 11))
    assert race.pending[0].kind == "radio" and race.pending[0].seat == "S"
    act(race, "S", "radio", throw=True)
    b = race.state.by_seat["B"]
    assert b.wear["Bo"] == 1 and race.state.markers.get(b.space) == 1
    assert race.state.by_seat["S"].extra["radio_used"]


def test_li_makes_others_stop_on_the_last_row_before_finishing():
    """FD-X-56, FD-V-12.1, FD-AMB-49: a terminal row, no overshoot penalty."""
    race = street(
        [
            {"seat": "A", "space": "r114l0", "lap": 1, "gear": 4, "driver": "frogger"},
            {"seat": "L", "space": "r40l0", "lap": 1, "gear": 1, "driver": "li_tzu_sin"},
        ],
        ["g4:12"],
        order=["A", "L"],
    )
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 4)
    move(race, "A", lane(0, 115, 119))
    car = race.state.by_seat["A"]
    assert race.state.track.ids[car.space] == "r119l0" and car.wear["Br"] == 4
    assert car.extra["li_done"]


def test_frogger_may_have_the_weather_rolled_again():
    """FD-X-56, FD-V-12.2 (a), FD-V-6.8."""
    seats = [
        Seat("F", "F", setup={"driver": "frogger"}),
        Seat("B", "B", setup={"driver": "derek_manson"}),
    ]
    race = GAME.start(
        {"track": "lakeside_night", "level": "advanced", "weather": True, "grid": ["F", "B"]},
        seats,
        0,
        dice=ScriptedDice(["black:3", "black:16", "black:1", "black:1"]),
    )
    assert race.pending[0].kind == "frogger_reroll"
    race.apply("F", Action("frogger_reroll", {"reroll": True}))
    assert race.state.weather == "SUNNY"
    assert events_of(race, "weather_rolled")[0]["rerolled"]


def test_frogger_slides_at_most_one_space():
    """FD-X-46, FD-V-12.2 (b)."""
    race = street(
        [{"seat": "A", "space": "r0l1", "driver": "frogger", "tires": "hard"}],
        [],
        weather=True,
        weather_state="RAIN",
    )
    from races.rules.formula_d.rules.pit import slide

    assert slide(race.state, race.state.by_seat["A"]) == 1


def test_jack_drifts_back_to_keep_his_corner_stop():
    """FD-X-56, FD-V-12.4, FD-AMB-52: the move starts inside the corner and still counts."""
    race = scenario(
        [
            {
                "seat": "A",
                "space": "r9l0",
                "gear": 2,
                "corner": "T1",
                "stops": 0,
                "driver": "jack_owens",
            }
        ],
        dice=["g2:3"],
        level="advanced",
    )
    gear(race, "A", 2)
    move(race, "A", lane(0, 10, 12))
    decision = race.pending[0]
    assert decision.kind == "drift"
    back = next(o for o in decision.options["options"] if o["direction"] == "back")
    assert back["to"] == "r11l0" and back["undoes_overshoot"]
    act(race, "A", "drift", to="r11l0")
    car = race.state.by_seat["A"]
    assert car.wear["T"] == 8 and car.stops == 1
    assert events_of(race, "overshoot") == []


def test_temana_drops_debris_behind_her_once_a_lap():
    """FD-V-12.8 (a), FD-AMB-54."""
    race = street([{"seat": "T", "space": "r0l1", "gear": 2, "driver": "temana_matahi"}], ["g2:3"])
    race.state.by_seat["T"].nitro = 0
    gear(race, "T", 2)
    move(race, "T", lane(1, 1, 3))
    decision = race.pending[0]
    assert decision.kind == "debris" and decision.options["spaces"] == ["r0l1", "r1l1", "r2l1"]
    act(race, "T", "debris", space="r2l1")
    assert race.state.markers == {race.state.track.index["r2l1"]: 1}
    assert race.state.by_seat["T"].extra["debris"] == 0


def test_temana_fails_marker_checks_only_on_one_or_two():
    """FD-X-28, FD-V-12.8 (b), FD-AMB-55."""
    race = street(
        [{"seat": "T", "space": "r0l1", "gear": 2, "driver": "temana_matahi"}],
        ["g2:2", "black:3"],
        markers={"r1l1": 1},
        weather="RAIN",
    )
    race.state.by_seat["T"].nitro = 0
    race.state.by_seat["T"].extra["debris"] = 0
    gear(race, "T", 2)
    move(race, "T", lane(1, 1, 2))
    assert race.state.by_seat["T"].wear["Su"] == 3


def test_montoya_gets_three_more_nitro_spaces():
    """FD-X-50, FD-V-12.10."""
    race = street([{"seat": "M", "space": "r0l1", "gear": 3, "driver": "montoya_cadena"}], ["g3:6"])
    gear(race, "M", 3)
    assert race.pending[0].options["nitro_spaces"] == 6
    act(race, "M", "boost", nitro=True, soft=False)
    assert race.pending[0].options["m"] == 12


def test_diane_plays_first_among_equal_progress():
    """FD-V-12.6 (a)."""
    race = street(
        [
            {"seat": "A", "space": "r5l1", "gear": 4, "driver": "frogger"},
            {"seat": "D", "space": "r5l0", "gear": 1, "driver": "diane_montfort"},
        ],
        [],
        round=5,
    )
    assert events_of(race, "round_started")[0]["order"] == ["D", "A"]
