"""Configuration, components and the engine contract, rule by rule (FD-O, FD-C, FD-E, FD-BGA)."""

import pytest

from races.rules import Seat, get_game, run_bot_race
from races.rules.formula_d.chance import GEAR_FACES, ScriptedDice

from .driving import events_of, gear, lane, move, scenario

GAME = get_game("formula_d")


def started(seats, dice, **config):
    return GAME.start({"track": "paddock_ring", **config}, seats, 0, dice=ScriptedDice(dice))


def colours(race) -> dict[str, str]:
    return {s["seat"]: s["box_colour"] for s in events_of(race, "session_started")[0]["seats"]}


def test_fd_c_2_seats_take_the_box_colours_in_list_order_and_wrap():
    """FD-C-2."""
    seats = [Seat(s, s) for s in "ABCDEF"]
    race = started(seats, ["black:1"] * 6, grid=list("ABCDEF"))
    assert colours(race) == {
        "A": "red",
        "B": "yellow",
        "C": "blue",
        "D": "green",
        "E": "white",
        "F": "red",
    }


def test_fd_c_2_teams_take_colours_in_order_of_first_appearance():
    """FD-C-2, FD-V-5.1."""
    seats = [Seat(s, s, team=t) for s, t in zip("ABCD", "YXYX", strict=True)]
    race = started(seats, ["black:1"] * 4, grid=list("ABCD"), team_race=True)
    assert colours(race) == {"A": "red", "B": "yellow", "C": "red", "D": "yellow"}


def test_fd_o_4_per_seat_choices_come_from_the_setup():
    """FD-O-4, FD-C-2: box colour and build from `Seat.setup`."""
    build = {"T": 8, "Br": 3, "Gb": 2, "Bo": 3, "En": 2, "Su": 2}
    seats = [
        Seat("A", "A", setup={"box_colour": "white", "build": build}),
        Seat("B", "B", setup={"build": build}),
    ]
    race = started(seats, ["black:1"] * 2, grid=["A", "B"], level="advanced", build_your_car=True)
    assert colours(race) == {"A": "white", "B": "yellow"}
    assert race.state.by_seat["A"].maxima == build


def test_fd_e_5_seat_order_drives_rolls_and_decisions():
    """FD-E-5: seats listed B, A roll the grid and open their tyre decisions as B, A."""
    seats = [Seat("B", "B"), Seat("A", "A")]
    race = started(
        seats, ["black:3", "black:9", "black:10"], level="advanced", weather=True, tire_choice=True
    )
    assert [e["seat"] for e in events_of(race, "grid_roll")] == ["B", "A"]
    assert [d.seat for d in race.pending] == ["B", "A"]


def test_fd_e_12_the_setup_rolls_come_in_procedure_order():
    """FD-E-12: R2 grid roll-off, R3 race weather, R4 start rolls, R5 gear die."""
    seats = [Seat("A", "A"), Seat("B", "B")]
    race = started(
        seats,
        ["black:12", "black:5", "black:20", "black:10", "g1:2", "black:1"],
        level="advanced",
        weather=True,
    )
    move(race, "A", ["r0l2", "r1l2"])
    purposes = [(e.seat, e.data["purpose"]) for e in race.events if "purpose" in e.data]
    assert purposes == [
        ("A", "grid"),
        ("B", "grid"),
        (None, "weather"),
        ("A", "start"),
        ("A", "move"),
        ("B", "start"),
    ]


def test_fd_e_16_the_events_of_an_apply_follow_it_in_order():
    """FD-E-16: the gear apply adds gear_selected then gear_rolled, numbered on."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 2}], dice=["g3:6"])
    before = len(race.events)
    gear(race, "A", 3)
    added = race.events[before:]
    assert [e.type for e in added] == ["gear_selected", "gear_rolled"]
    seqs = [e.seq for e in race.events]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))


def test_fd_e_18_and_v_4_11_the_qualifying_result_gives_the_race_grid():
    """FD-E-18, FD-V-4.11, FD-AMB-28: laps are driven in seat-list order."""
    seats = [Seat(s, s, kind="bot", bot="rookie") for s in "CAB"]
    quali, _ = run_bot_race(GAME, {"track": "paddock_ring", "mode": "qualifying"}, seats, 3)
    laps = [e.seat for e in quali.events if e.type == "qualifying_lap"]
    assert laps == ["C", "A", "B"]
    details = quali.result().details
    assert set(details) >= {"grid", "qualifying_ranks", "qualifying_weather"}
    grid = details["grid"]
    assert grid == [p.seat for p in quali.result().order]
    race = started(seats, ["black:1"] * 3, grid=grid)
    assert events_of(race, "grid_set")[0]["order"] == grid
    assert events_of(race, "grid_roll") == []
    assert not any(e.type == "qualifying_lap" for e in race.events)


def test_fd_bga_0_nothing_outside_the_switches_depends_on_the_ruleset():
    """FD-BGA-0: a plain move with a collision gives the same events under both rulesets."""

    def play(ruleset):
        race = scenario(
            [{"seat": "A", "space": "r1l1", "gear": 3}, {"seat": "B", "space": "r5l0", "gear": 1}],
            dice=["g3:4", "black:3", "black:12"],
            order=["A", "B"],
            ruleset=ruleset,
        )
        gear(race, "A", 3)
        move(race, "A", lane(1, 2, 5))
        return [(e.type, e.seat, dict(e.data)) for e in race.events if e.type != "session_started"]

    assert play("published") == play("bga")


def test_fd_bga_19_the_gear_six_die_has_thirty_faces_under_bga_too():
    """FD-BGA-19: 30 is a face of g6 under bga, and it is the maximum."""
    assert len(GEAR_FACES[6]) == 30
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 6}], dice=["g6:30"], ruleset="bga")
    gear(race, "A", 6)
    [rolled] = events_of(race, "gear_rolled")
    assert (rolled["value"], rolled["maximum"]) == (30, True)


@pytest.mark.parametrize(
    ("level", "weather", "threshold"),
    [("basic", "SUNNY", 4), ("advanced", "SUNNY", 1), ("advanced", "RAIN", 2)],
)
def test_fd_c_7_collision_thresholds(level, weather, threshold):
    """FD-C-7 (collision rows)."""
    race = scenario(
        [{"seat": "A", "space": "r1l1", "gear": 1}, {"seat": "B", "space": "r3l1", "gear": 1}],
        dice=["g1:1", "black:10", "black:10"],
        order=["A", "B"],
        level=level,
        weather=weather,
    )
    gear(race, "A", 1)
    move(race, "A", ["r2l1"])
    assert {c["threshold"] for c in events_of(race, "collision_check")} == {threshold}


@pytest.mark.parametrize(
    ("level", "weather", "threshold"),
    [("basic", "SUNNY", 4), ("advanced", "SUNNY", 4), ("advanced", "RAIN", 3)],
)
def test_fd_c_7_engine_thresholds(level, weather, threshold):
    """FD-C-7 (engine rows)."""
    race = scenario(
        [{"seat": "A", "space": "r106l1", "gear": 5}],
        track="lakeside_gp",
        laps=2,
        dice=["g5:20", "black:10"],
        level=level,
        weather=weather,
    )
    gear(race, "A", 5)
    move(race, "A", [*lane(1, 107, 119), *lane(1, 0, 6)])
    assert events_of(race, "engine_check")[0]["threshold"] == threshold


@pytest.mark.parametrize(("weather", "threshold"), [("SUNNY", 4), ("RAIN", 5)])
def test_fd_c_7_damage_marker_thresholds(weather, threshold):
    """FD-C-7 (damage-marker rows)."""
    race = scenario(
        [{"seat": "A", "space": "r12l1", "gear": 2}],
        dice=["g2:3", "black:10"],
        markers={"r14l1": 1},
        level="advanced",
        weather=weather,
    )
    gear(race, "A", 2)
    move(race, "A", lane(1, 13, 15))
    assert events_of(race, "marker_check")[0]["threshold"] == threshold
