"""Ambiguity resolutions (FD-AMB-nn, section 12.1), each checked where it decides something."""

import pytest

from races.rules import IllegalAction, Seat, get_game
from races.rules.formula_d.chance import ScriptedDice
from races.rules.formula_d.race import FormulaDRace
from races.rules.formula_d.rules import qualifying

from .driving import act, events_of, gear, lane, move, scenario

GAME = get_game("formula_d")
QUIET = ["black:10"] * 6


def wall(rank: int) -> list[dict]:
    return [{"seat": f"W{i}", "space": f"r{rank}l{i}", "gear": 1} for i in range(3)]


def test_amb_02_inner_lane_means_the_inside_of_the_corner_the_cars_are_in():
    """FD-AMB-02, FD-B-3.3: C2 of lakeside_gp turns left, so lane 0 plays first there."""
    race = scenario(
        [
            {"seat": "A", "space": "r31l2", "lap": 1, "gear": 3},
            {"seat": "B", "space": "r31l0", "lap": 1, "gear": 3},
        ],
        track="lakeside_gp",
        round=4,
    )
    assert events_of(race, "round_started")[0]["order"] == ["B", "A"]


def test_amb_04_a_blocked_great_start_pays_ordinary_forced_braking():
    """FD-AMB-04: M = 4 with only one free space costs 3 WP."""
    race = scenario(
        [{"seat": "A", "space": "r57l1", "lap": 0}, *[dict(w, lap=0) for w in wall(59)]],
        dice=["black:17", *QUIET],
        order=["A", "W0", "W1", "W2"],
        round=1,
    )
    assert race.pending[0].options["m"] == 4
    move(race, "A", ["r58l1"])
    assert race.state.by_seat["A"].wear["WP"] == 15
    assert events_of(race, "braking_paid")[0]["kind"] == "forced"


def test_amb_05_a_voluntary_cost_that_would_eliminate_is_illegal():
    """FD-AMB-05, FD-B-5.6: 1 WP left, so skipping a gear (1 WP) is not offered."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 4, "wear": {"WP": 1}}])
    offered = [g["gear"] for g in race.pending[0].options["gears"]]
    assert 3 in offered and 2 not in offered
    with pytest.raises(IllegalAction):
        gear(race, "A", 2)


def test_amb_08_a_turn_of_no_spaces_in_a_corner_counts_as_a_stop():
    """FD-AMB-08: blocked at once in T3, the car still makes its second stop."""
    race = scenario(
        [
            {"seat": "A", "space": "r33l1", "gear": 1, "corner": "T3", "stops": 1},
            {"seat": "B", "space": "r34l1", "gear": 1},
            {"seat": "C", "space": "r34l0", "gear": 1},
            {"seat": "D", "space": "r35l2", "gear": 1},
        ],
        dice=["g1:1", *QUIET],
        order=["A", "B", "C", "D"],
    )
    gear(race, "A", 1)
    move(race, "A", [])
    assert race.state.by_seat["A"].stops == 2
    assert events_of(race, "corner_stop")[-1]["stops"] == 2


def test_amb_12_a_car_that_does_not_move_makes_no_collision_check():
    """FD-AMB-12, FD-AMB-11: stuck behind B it pays braking but rolls nothing."""
    race = scenario(
        [
            {"seat": "A", "space": "r4l1", "gear": 1},
            {"seat": "B", "space": "r5l1", "gear": 1},
            {"seat": "C", "space": "r5l0", "gear": 1},
            {"seat": "D", "space": "r5l2", "gear": 1},
        ],
        dice=["g1:1"],
        order=["A", "B", "C", "D"],
    )
    gear(race, "A", 1)
    move(race, "A", [])
    assert events_of(race, "collision_check") == []
    assert race.state.by_seat["A"].wear["WP"] == 17


def test_amb_11_and_13_collision_neighbours_roll_in_round_turn_order():
    """FD-AMB-11, FD-AMB-13: ahead and sides are hit; they roll in the round's order."""
    race = scenario(
        [
            {"seat": "A", "space": "r1l1", "gear": 3},
            {"seat": "B", "space": "r5l0", "gear": 1},
            {"seat": "C", "space": "r6l1", "gear": 1},
            {"seat": "D", "space": "r5l2", "gear": 1},
        ],
        dice=["g3:4", *["black:10"] * 6],
        order=["A", "D", "C", "B"],
    )
    gear(race, "A", 3)
    move(race, "A", lane(1, 2, 5))
    checks = events_of(race, "collision_check")
    assert [c["seat"] for c in checks] == ["D", "C", "B", "A", "A", "A"]


def test_fd_b_9_4_a_nitro_move_allows_no_voluntary_braking():
    """FD-B-9.4, FD-V-9.3: with nitro the car may not stop short by choice."""
    race = scenario(
        [{"seat": "A", "space": "r0l1", "gear": 3}], track="lakeside_night", dice=["g3:6"]
    )
    gear(race, "A", 3)
    act(race, "A", "boost", nitro=True, soft=False)
    with pytest.raises(IllegalAction, match="exactly 9"):
        move(race, "A", lane(1, 1, 7))


def test_amb_07_a_move_over_two_straights_may_change_lanes_twice_on_each():
    """FD-AMB-07, FD-B-7.2: two changes on S5, two more on S1 after the line."""
    race = scenario([{"seat": "A", "space": "r56l0", "lap": 1, "gear": 3}], dice=["g3:6"], laps=2)
    gear(race, "A", 3)
    with pytest.raises(IllegalAction, match="two lane changes on one straight"):
        move(race, "A", ["r57l1", "r58l2", "r59l1", "r0l1", "r1l1", "r2l1"])
    move(race, "A", ["r57l1", "r58l2", "r59l2", "r0l2", "r1l1", "r2l0"])
    assert race.state.track.ids[race.state.by_seat["A"].space] == "r2l0"
    assert race.state.by_seat["A"].wear["WP"] == 18


def test_amb_24_a_braked_slipstream_needs_only_its_own_spaces_free():
    """FD-AMB-24: every third space is taken, the two-step shapes are still offered."""
    race = scenario(
        [
            {"seat": "A", "space": "r46l1", "gear": 4},
            {"seat": "B", "space": "r55l1", "gear": 4},
            *[{"seat": f"C{k}", "space": f"r57l{k}", "gear": 1} for k in range(3)],
        ],
        track="lakeside_gp",
        dice=["g4:8", *QUIET],
        order=["A", "B", "C0", "C1", "C2"],
        level="advanced",
    )
    gear(race, "A", 4)
    move(race, "A", lane(1, 47, 54))
    paths = [p["path"] for p in race.pending[0].options["paths"]]
    assert ["r55l0", "r56l0"] in paths and not any(len(p) == 3 for p in paths)
    act(race, "A", "slipstream", path=["r55l0", "r56l0"])
    assert race.state.by_seat["A"].wear["Br"] == 2


def test_amb_40_only_the_first_b_spaces_trigger_the_slide():
    """FD-AMB-40, FD-V-7.7: five straight spaces from r2l0 never reach T1, so no slide."""
    race = scenario(
        [{"seat": "A", "space": "r2l0", "gear": 3, "tires": "hard"}],
        dice=["g3:5"],
        level="advanced",
        tire_choice=True,
        weather="RAIN",
    )
    gear(race, "A", 3)
    with pytest.raises(IllegalAction):
        move(race, "A", lane(0, 3, 10))
    move(race, "A", lane(0, 3, 7))
    [moved] = events_of(race, "moved")
    assert (moved["m"], moved["slide"]) == (5, 0)


def test_amb_41_a_slide_may_be_braked_at_the_normal_price():
    """FD-AMB-41: M = 4 + 3 slide; stopping after 5 costs 2 brake points."""
    race = scenario(
        [{"seat": "A", "space": "r5l0", "gear": 3, "tires": "hard"}],
        dice=["g3:4"],
        level="advanced",
        tire_choice=True,
        weather="RAIN",
    )
    gear(race, "A", 3)
    move(race, "A", lane(0, 6, 10))
    assert events_of(race, "braking_paid")[0]["costs"] == {"Br": 2}
    assert race.state.by_seat["A"].wear["Br"] == 1 and race.state.by_seat["A"].stops == 1


def test_amb_48_li_holds_nobody_at_the_end_of_a_lap_that_is_not_the_last():
    """FD-AMB-48, FD-V-12.1: in a 2-lap race A crosses the line after lap 1 freely."""
    race = scenario(
        [
            {"seat": "A", "space": "r114l0", "lap": 1, "gear": 4, "driver": "frogger"},
            {"seat": "L", "space": "r40l0", "lap": 1, "gear": 1, "driver": "li_tzu_sin"},
        ],
        track="lakeside_night",
        dice=["g4:7"],
        order=["A", "L"],
        level="advanced",
        laps=2,
    )
    race.state.by_seat["A"].nitro = 0
    gear(race, "A", 4)
    move(race, "A", [*lane(0, 115, 119), "r0l0", "r1l0"])
    car = race.state.by_seat["A"]
    assert race.state.track.ids[car.space] == "r1l0" and car.lap == 2
    assert car.wear["Br"] == 4


def test_amb_46_advanced_street_cars_race_on_hard_tyres_without_a_choice():
    """FD-AMB-46, FD-V-11.2."""
    seats = [
        Seat("A", "A", setup={"driver": "jack_owens"}),
        Seat("B", "B", setup={"driver": "li_tzu_sin"}),
    ]
    race = GAME.start(
        {"track": "lakeside_night", "level": "advanced", "weather": True, "grid": ["A", "B"]},
        seats,
        0,
        dice=ScriptedDice(["black:10", "black:10", "g1:1"]),
    )
    assert {s: c.tires for s, c in race.state.by_seat.items()} == {"A": "hard", "B": "hard"}
    assert not any(d.kind == "tires" for d in race.pending)


def bare_race(seats: str, dice=(), **config) -> FormulaDRace:
    cfg = GAME.options.validate({"track": "lakeside_gp", **config})
    return FormulaDRace(
        cfg, [Seat(s, s) for s in seats], 0, dice=ScriptedDice(list(dice)), begin=False
    )


def test_amb_32_equal_score_and_time_fewer_turns_first_and_unclassified_roll_off():
    """FD-AMB-32, FD-V-4.8."""
    race = bare_race("ABCD", ["black:3", "black:15"], mode="qualifying")
    for seat, turns, over in (("A", 19, 0), ("B", 18, 1)):
        car = race.state.by_seat[seat]
        car.q_turns, car.q_seconds, car.q_overshoot = turns, 300, over
    race.state.by_seat["C"].q_failed = race.state.by_seat["D"].q_failed = True
    assert [c.seat for c in qualifying.rank(race.state, race.dice, race.emit)] == [
        "B",
        "A",
        "D",
        "C",
    ]


def test_amb_58_equal_progress_the_later_elimination_ranks_first():
    """FD-AMB-58, FD-E-20 (published)."""
    race = bare_race("ABC", laps=1)
    for car in race.state.cars:
        car.lap = 1
    a = race.state.by_seat["A"]
    a.status = "finished"
    race.state.finish_order.append(a)
    for seat, turn_seq in (("B", 40), ("C", 41)):
        car = race.state.by_seat[seat]
        car.status = "eliminated"
        car.eliminated_at = {
            "round": 9,
            "turn_seq": turn_seq,
            "cause": "corner",
            "progress": 95,
            "tiebreak_progress": 95,
            "space": "r1l1",
        }
    race.state.end_reason = "all_cars_done"
    assert [p.seat for p in race.result().order] == ["A", "C", "B"]
