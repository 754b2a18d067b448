"""Further rules: setup values, grid and order, eliminations, pit details, team pool,
weather tables, setup decisions (IDs in each docstring)."""

import pytest

from races.rules import Action, Seat, get_game
from races.rules.formula_d.chance import ScriptedDice

from .driving import act, events_of, gear, lane, move, scenario

GAME = get_game("formula_d")
AB = [Seat("A", "A"), Seat("B", "B")]


def started(config, dice, seats=AB):
    return GAME.start(
        {"track": "paddock_ring", "grid": [s.id for s in seats], **config},
        seats,
        0,
        dice=ScriptedDice(dice),
    )


@pytest.mark.parametrize(
    ("level", "maxima"),
    [("basic", {"WP": 18}), ("advanced", {"T": 6, "Br": 3, "Gb": 3, "Bo": 3, "En": 3, "Su": 2})],
)
def test_cars_start_with_the_standard_dashboard_in_gear_one(level, maxima):
    """FD-B-1.1, FD-A-1.1, FD-C-5."""
    race = started({"level": level}, ["black:1", "black:1"])
    seats = events_of(race, "session_started")[0]["seats"]
    assert all(s["maxima"] == maxima for s in seats)
    assert all(c.gear == 1 and c.wear == maxima for c in race.state.cars)


def test_the_grid_puts_slot_k_on_the_tracks_grid_space_k():
    """FD-B-2.4, FD-T-8.1, FD-T-13.3."""
    race = started({}, ["black:1", "black:1"])
    assert events_of(race, "grid_set")[0]["spaces"] == ["r59l2", "r58l0"]


def test_round_one_follows_the_grid_then_progress_decides():
    """FD-B-3.1, FD-B-3.2: an overtake changes the order from the next round."""
    race = started({}, ["black:1", "black:17"], seats=[Seat("A", "A"), Seat("B", "B")])
    assert events_of(race, "round_started")[0]["order"] == ["A", "B"]
    move(race, "B", ["r59l0", "r0l0", "r1l0", "r2l0"])
    assert events_of(race, "round_started")[1]["order"] == ["B", "A"]


def test_a_stalled_car_keeps_gear_one_and_rolls_no_start_roll_again():
    """FD-B-4.2, FD-B-4.6."""
    race = started({}, ["black:1", "black:1"])
    assert [e["seat"] for e in events_of(race, "start_roll")] == ["A", "B"]
    assert race.pending[0].kind == "gear"
    assert all(c.gear == 1 and c.stalled for c in race.state.cars)


def test_no_nitro_on_a_great_start():
    """FD-V-9.6, FD-AMB-42."""
    race = GAME.start(
        {"track": "lakeside_night", "grid": ["A", "B"]}, AB, 0, dice=ScriptedDice(["black:17"])
    )
    assert race.pending[0].kind == "move" and race.pending[0].options["m"] == 4


def test_a_basic_car_at_zero_wear_points_is_eliminated_and_leaves_the_board():
    """FD-B-14.1, FD-B-14.3, FD-AMB-21."""
    race = scenario(
        [
            {"seat": "A", "space": "r5l0", "gear": 3, "wear": {"WP": 2}},
            {"seat": "B", "space": "r14l0", "gear": 1},
        ],
        dice=["g3:8"],
        order=["A", "B"],
    )
    gear(race, "A", 3)
    move(race, "A", lane(0, 6, 13))
    car = race.state.by_seat["A"]
    assert car.status == "eliminated" and car.eliminated_at["cause"] == "wear"
    assert car.space not in race.state.occupied()


@pytest.mark.parametrize(("cat", "cause"), [("Bo", "collision"), ("Su", "suspension")])
def test_body_or_suspension_at_zero_eliminates(cat, cause):
    """FD-A-7.2, FD-A-9.5, FD-A-12."""
    if cat == "Bo":
        race = scenario(
            [
                {"seat": "A", "space": "r1l1", "gear": 2, "wear": {"Bo": 1}},
                {"seat": "B", "space": "r3l0", "gear": 1},
            ],
            dice=["g2:2", "black:10", "black:1"],
            order=["A", "B"],
            level="advanced",
        )
        gear(race, "A", 2)
        move(race, "A", lane(1, 2, 3))
    else:
        race = scenario(
            [{"seat": "A", "space": "r12l1", "gear": 2, "wear": {"Su": 1}}],
            dice=["g2:3", "black:2"],
            markers={"r13l1": 1},
            level="advanced",
        )
        gear(race, "A", 2)
        move(race, "A", lane(1, 13, 15))
        assert race.state.track.ids[race.state.by_seat["A"].space] == "r13l1"  # its move ends there
    assert race.state.by_seat["A"].eliminated_at["cause"] == cause


def test_no_collision_checks_in_the_pit_lane():
    """FD-B-10.5, FD-B-12.10."""
    race = scenario(
        [
            {"seat": "A", "space": "r48l2", "lap": 1, "gear": 2, "colour": "red"},
            {"seat": "B", "space": "r49l2", "lap": 1, "gear": 1},
            {"seat": "C", "space": "r50l1", "lap": 1, "gear": 1},
        ],
        dice=["g2:3"],
        laps=2,
        order=["A", "B", "C"],
    )
    gear(race, "A", 2)
    move(race, "A", ["p1", "p2", "p3"])
    assert events_of(race, "collision_check") == []
    assert race.state.by_seat["A"].pit == "lane"


def test_the_finish_line_crosses_the_pit_lane():
    """FD-B-12.12, FD-T-9.1."""
    race = scenario(
        [{"seat": "A", "space": "p10", "lap": 1, "gear": 2, "pit": "exit", "entry_progress": 48}],
        dice=["g2:3"],
        laps=2,
    )
    gear(race, "A", 2)
    move(race, "A", ["p11", "p12", "p13"])
    assert race.state.by_seat["A"].lap == 2


def test_a_three_lap_race_opens_the_pit_lane_after_lap_two():
    """FD-V-2.1."""
    race = scenario(
        [{"seat": "A", "space": "r48l2", "lap": 2, "gear": 2, "colour": "red"}],
        dice=["g2:2"],
        laps=3,
    )
    gear(race, "A", 2)
    move(race, "A", ["p1", "p2"])
    assert race.state.by_seat["A"].pit == "lane"


def test_a_team_spends_its_shared_repair_pool_at_a_stop():
    """FD-V-5.3, FD-AMB-34."""
    race = scenario(
        [
            {
                "seat": "A",
                "space": "r48l2",
                "lap": 1,
                "gear": 3,
                "colour": "red",
                "wear": {"Bo": 1, "Br": 1},
            },
            {"seat": "B", "space": "r20l0", "lap": 1, "gear": 1},
            {"seat": "C", "space": "r20l2", "lap": 1, "gear": 1},
            {"seat": "D", "space": "r30l0", "lap": 1, "gear": 1},
        ],
        dice=["g3:5", "black:15"],
        level="advanced",
        team_race=True,
        order=["A", "B", "C", "D"],
    )
    race.state.team_pools = {"X": 4}
    for seat in ("A", "D"):
        race.state.by_seat[seat].team = "X"
    gear(race, "A", 3)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    decision = race.pending[0]
    assert decision.kind == "pit_service" and decision.options["budget"] == 4
    act(race, "A", "pit_service", stop="tyre", repairs={"Bo": 2, "Br": 2})
    assert race.state.team_pools["X"] == 0
    assert race.state.by_seat["A"].wear["Bo"] == 3


@pytest.mark.parametrize(("roll", "state"), [(5, "RAIN"), (10, "CLOUDY"), (15, "SUNNY")])
def test_the_race_weather_roll(roll, state):
    """FD-V-6.1, FD-V-6.3, FD-T-11.1."""
    race = started({"level": "advanced", "weather": True}, [f"black:{roll}", "black:1", "black:1"])
    assert race.state.weather == state
    assert events_of(race, "weather_rolled")[0]["phase"] == "race"


def test_without_weather_the_race_is_sunny():
    """FD-V-6.7."""
    race = started({"level": "advanced"}, ["black:1", "black:1"])
    assert race.state.weather == "SUNNY" and events_of(race, "weather_rolled") == []


def test_tyre_decisions_open_for_every_seat_at_once_after_the_weather_roll():
    """FD-V-7.2, FD-E-2, FD-E-9."""
    race = started({"level": "advanced", "tire_choice": True}, ["black:1", "black:1"])
    assert sorted(d.seat for d in race.pending) == ["A", "B"]
    assert all(d.kind == "tires" and d.default.params == {"type": "hard"} for d in race.pending)
    race.apply("B", Action("tires", {"type": "soft"}))
    assert [d.seat for d in race.pending] == ["A"]
    race.apply("A", Action("tires", {"type": "rain"}))
    assert (race.state.by_seat["A"].tires, race.state.by_seat["B"].tires) == ("rain", "soft")


def test_an_unspent_reserve_stays_for_later_stops():
    """FD-V-8.5."""
    race = scenario(
        [
            {
                "seat": "A",
                "space": "r48l2",
                "lap": 1,
                "gear": 5,
                "colour": "red",
                "wear": {"Br": 2},
                "reserve": 2,
            }
        ],
        dice=["g5:11"],
        level="advanced",
        technical_pit_stops=True,
        laps=3,
    )
    gear(race, "A", 5)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    act(race, "A", "pit_service", stop="technical", repairs={"Br": 1})
    assert race.state.by_seat["A"].reserve == 1


def test_a_car_whose_space_changed_gets_a_new_arrival_stamp():
    """FD-E-6."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 2, "arrival": 3}], dice=["g2:2"])
    race.state.arrivals = 10
    gear(race, "A", 2)
    move(race, "A", lane(1, 1, 2))
    assert race.state.by_seat["A"].arrival == 11
