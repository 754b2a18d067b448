"""Basic mode and the movement core, rule by rule (FD-B-2 to FD-B-14)."""

import pytest

from races.rules import IllegalAction, Seat, get_game
from races.rules.formula_d.chance import ScriptedDice
from races.rules.formula_d.rules.gears import legal_gears

from .driving import events_of, gear, lane, move, scenario

GAME = get_game("formula_d")
QUIET = ["black:10"] * 6  # collision dice that pass


def wall(rank: int) -> list[dict]:
    return [{"seat": f"W{i}", "space": f"r{rank}l{i}", "gear": 1} for i in range(3)]


def pit_car(seat: str, space: str, **extra) -> dict:
    car = {"seat": seat, "space": space, "lap": 1, "gear": 3, "colour": "red", "pit": "lane"}
    return {**car, "entry_progress": 48, **extra}


def started(seats: str, dice: list[str], **config):
    return GAME.start(
        {"track": "paddock_ring", **config},
        [Seat(s, s) for s in seats],
        0,
        dice=ScriptedDice(dice),
    )


def test_fd_b_2_1_the_highest_grid_roll_takes_pole():
    """FD-B-2.1, FD-B-5.1: every car starts in gear 1 on its slot."""
    race = started("ABC", ["black:5", "black:18", "black:10", *["black:1"] * 3])
    assert events_of(race, "grid_set")[0]["order"] == ["B", "C", "A"]
    assert [e["value"] for e in events_of(race, "grid_roll")] == [5, 18, 10]
    assert {s: c.gear for s, c in race.state.by_seat.items()} == {"A": 1, "B": 1, "C": 1}
    assert race.state.track.ids[race.state.by_seat["B"].space] == "r59l2"


def test_fd_b_4_3_a_normal_start_stays_in_gear_one_and_may_shift_to_two():
    """FD-B-4.3."""
    race = started("AB", ["black:10", "g1:2", "black:1"], grid=["A", "B"])
    move(race, "A", ["r0l2", "r1l2"])
    car = race.state.by_seat["A"]
    assert (race.state.track.ids[car.space], car.gear) == ("r1l2", 1)
    assert legal_gears(race.state, car) == [1, 2]


def test_fd_b_4_5_a_normal_start_ending_beside_a_car_makes_collision_checks():
    """FD-B-4.5: B starts into the space beside A; A (hit) then B (mover) roll."""
    race = started(
        "ABC",
        ["black:10", "g1:1", "black:10", "g1:2", "black:3", "black:12", "black:1"],
        grid=["A", "B", "C"],
    )
    move(race, "A", ["r0l2"])
    move(race, "B", ["r59l1", "r0l1"])
    checks = events_of(race, "collision_check")
    assert [(c["seat"], c["mover"]) for c in checks] == [("A", "B"), ("B", "B")]
    assert (race.state.by_seat["A"].wear["WP"], race.state.by_seat["B"].wear["WP"]) == (17, 18)


def test_fd_b_5_1_there_is_no_gear_seven():
    """FD-B-5.1."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 6}], dice=["g6:21"])
    assert max(g["gear"] for g in race.pending[0].options["gears"]) == 6
    with pytest.raises(IllegalAction):
        gear(race, "A", 7)


def test_fd_b_5_4_the_selected_gear_die_sets_the_move():
    """FD-B-5.4, FD-B-6.1: the car travels exactly the gear-die result."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 2}], dice=["g3:6"])
    gear(race, "A", 3)
    [rolled] = events_of(race, "gear_rolled")
    assert (rolled["die"], rolled["value"]) == ("g3", 6)
    assert race.pending[0].options["m"] == 6
    with pytest.raises(IllegalAction):
        move(race, "A", lane(1, 1, 7))
    move(race, "A", lane(1, 1, 6))
    [moved] = events_of(race, "moved")
    assert (moved["m"], moved["travelled"], moved["braking"]) == (6, 6, 0)


def test_fd_b_6_4_corner_stops_count_at_the_stopping_space_only():
    """FD-B-6.4: passing through T1 is no stop; stopping in it is one."""
    race = scenario([{"seat": "A", "space": "r5l1", "gear": 2}], dice=["g2:4"])
    gear(race, "A", 2)
    move(race, "A", ["r6l1", "r7l1", "r8l1", "r9l1"])
    assert events_of(race, "corner_stop") == [
        {"corner": "T1", "stops": 1, "required": 1, "seat": "A"}
    ]


def test_fd_b_6_5_and_amb_20_the_finish_line_ends_the_last_move_for_free():
    """FD-B-6.5, FD-AMB-20: the rest of the finishing move is dropped, no braking."""
    race = scenario([{"seat": "A", "space": "r57l1", "lap": 1, "gear": 3}], dice=["g3:8"])
    gear(race, "A", 3)
    move(race, "A", ["r58l1", "r59l1", "r0l1"])
    car = race.state.by_seat["A"]
    assert car.status == "finished" and car.wear["WP"] == 18
    assert events_of(race, "braking_paid") == []
    [moved] = events_of(race, "moved")
    assert (moved["m"], moved["travelled"]) == (8, 3)


def test_fd_b_7_1_a_lane_change_is_one_diagonal_step():
    """FD-B-7.1: a diagonal step costs one space; a sideways jump is no step."""
    race = scenario([{"seat": "A", "space": "r1l1", "gear": 2}], dice=["g2:3"])
    gear(race, "A", 2)
    with pytest.raises(IllegalAction):
        move(race, "A", ["r1l0", "r2l0", "r3l0"])
    move(race, "A", ["r2l0", "r3l0", "r4l0"])
    assert race.state.track.ids[race.state.by_seat["A"].space] == "r4l0"
    assert race.state.by_seat["A"].wear["WP"] == 18


def test_fd_b_7_4_no_lane_change_after_an_overshooting_exit():
    """FD-B-7.4."""
    race = scenario([{"seat": "A", "space": "r5l1", "gear": 3}], dice=["g3:8"])
    gear(race, "A", 3)
    with pytest.raises(IllegalAction, match="keep its lane"):
        move(race, "A", ["r6l1", "r7l1", "r8l1", "r9l1", "r10l1", "r11l0", "r12l0", "r13l1"])
    move(race, "A", ["r6l1", "r7l1", "r8l1", "r9l1", "r10l1", "r11l0", "r12l0", "r13l0"])
    assert events_of(race, "overshoot")[0]["distance"] == 2


def test_fd_b_8_1_the_yellow_sign_gives_the_required_stops():
    """FD-B-8.1: T3 needs 2 stops, so one stop there is not enough."""
    race = scenario([{"seat": "A", "space": "r30l1", "gear": 2}], dice=["g2:3"])
    gear(race, "A", 2)
    move(race, "A", ["r31l1", "r32l1", "r33l1"])
    [stop] = events_of(race, "corner_stop")
    assert (stop["corner"], stop["stops"], stop["required"]) == ("T3", 1, 2)


def test_fd_b_8_10_inside_a_corner_only_the_arrows_may_be_followed():
    """FD-B-8.10: r8l2 has no step to r9l0 (two lanes over) nor to r9l2 (no such space)."""
    race = scenario([{"seat": "A", "space": "r7l2", "gear": 2}], dice=["g2:3"])
    gear(race, "A", 2)
    with pytest.raises(IllegalAction):
        move(race, "A", ["r8l2", "r9l0", "r10l0"])
    move(race, "A", ["r8l2", "r9l1", "r10l1"])
    assert race.state.track.ids[race.state.by_seat["A"].space] == "r10l1"


def test_fd_b_8_12_entering_another_corner_starts_a_new_count():
    """FD-B-8.12: one stop made in T2 after a full T1; the count belongs to T2."""
    race = scenario(
        [{"seat": "A", "space": "r11l0", "gear": 4, "corner": "T1", "stops": 1}],
        dice=["g4:10"],
    )
    gear(race, "A", 4)
    move(race, "A", lane(0, 12, 21))
    car = race.state.by_seat["A"]
    assert race.state.track.corners[car.corner].id == "T2" and car.stops == 1
    assert events_of(race, "overshoot") == []


def test_fd_b_8_9_and_9_5_a_blocked_overshooting_car_pays_the_overshoot_then_brakes():
    """FD-B-8.9, FD-B-9.5: 1 WP of overshoot, then 1 WP of forced braking."""
    race = scenario(
        [{"seat": "A", "space": "r5l0", "gear": 3}, *wall(13)],
        dice=["g3:8", *QUIET],
        order=["A", "W0", "W1", "W2"],
    )
    gear(race, "A", 3)
    move(race, "A", lane(0, 6, 12))
    assert race.state.by_seat["A"].wear["WP"] == 16
    kinds = [e.type for e in race.events if e.type in ("overshoot", "braking_paid")]
    assert kinds == ["overshoot", "braking_paid"]


def test_fd_b_9_5_and_14_2_unpayable_forced_braking_eliminates():
    """FD-B-9.5, FD-B-14.2."""
    race = scenario(
        [{"seat": "A", "space": "r12l1", "gear": 4, "wear": {"WP": 5}}, *wall(15)],
        dice=["g4:10", *QUIET],
        order=["A", "W0", "W1", "W2"],
    )
    gear(race, "A", 4)
    move(race, "A", ["r13l1", "r14l1"])
    car = race.state.by_seat["A"]
    assert car.status == "eliminated" and car.eliminated_at["cause"] == "braking"


def test_fd_b_9_3_and_amb_10_a_blocked_car_may_stop_shorter_at_the_voluntary_price():
    """FD-B-9.3, FD-AMB-10: M = 10, D_max = 2, stopping after 1 costs 9 WP."""
    race = scenario(
        [{"seat": "A", "space": "r12l1", "gear": 4}, *wall(15)],
        dice=["g4:10", *QUIET],
        order=["A", "W0", "W1", "W2"],
    )
    gear(race, "A", 4)
    move(race, "A", ["r13l1"])
    assert race.state.by_seat["A"].wear["WP"] == 9
    assert events_of(race, "braking_paid")[0]["kind"] == "voluntary"


def test_fd_b_12_2_any_gear_may_enter_the_pit_lane():
    """FD-B-12.2: a gear-5 car runs into the pit lane and stops in its box."""
    race = scenario(
        [{"seat": "A", "space": "r48l2", "lap": 1, "gear": 5, "colour": "red", "wear": {"WP": 9}}],
        dice=["g5:20"],
        laps=2,
    )
    gear(race, "A", 5)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    car = race.state.by_seat["A"]
    assert car.pit == "box_basic" and car.wear["WP"] == 18


def test_fd_b_12_3_no_overtaking_in_the_pit_lane():
    """FD-B-12.3: A (white box, seven spaces away) may not pass B on p3; it stops behind."""
    race = scenario(
        [pit_car("A", "p1", colour="white"), pit_car("B", "p3", gear=1, colour="green")],
        dice=["g3:7"],
        laps=2,
        order=["A", "B"],
    )
    gear(race, "A", 3)
    with pytest.raises(IllegalAction, match="ends on p2"):
        move(race, "A", ["p2", "p3", "p4", "p5", "p6", "p7", "box_white"])
    move(race, "A", ["p2"])
    assert race.state.track.ids[race.state.by_seat["A"].space] == "p2"


@pytest.mark.parametrize("ruleset", ["published", "bga"])
def test_fd_b_12_4_only_the_own_box_is_a_pit_stop(ruleset):
    """FD-B-12.4: red's box hangs off p4; stopping on p4 or in yellow's box is refused."""
    race = scenario([pit_car("A", "p1", wear={"WP": 9})], dice=["g3:4"], laps=2, ruleset=ruleset)
    gear(race, "A", 3)
    with pytest.raises(IllegalAction, match="drive into your box box_red"):
        move(race, "A", ["p2", "p3", "p4"])
    with pytest.raises(IllegalAction):
        move(race, "A", ["p2", "p3", "p4", "box_yellow"])
    move(race, "A", ["p2", "p3", "box_red"])
    assert race.state.by_seat["A"].wear["WP"] == 18 and race.state.by_seat["A"].pit_stops == 1


def test_fd_b_12_8_and_amb_17_a_boxed_car_nearer_the_exit_holds_nobody():
    """FD-B-12.8, FD-AMB-17: D leaves box_red past B sitting in box_blue (p6)."""
    race = scenario(
        [
            pit_car("D", "box_red", pit="box_basic", exit_cap=3),
            pit_car("B", "box_blue", pit="box_basic", exit_cap=3, colour="blue"),
        ],
        dice=["g3:6"],
        laps=2,
        order=["D", "B"],
    )
    gear(race, "D", 3)
    move(race, "D", ["p5", "p6", "p7", "p8", "p9", "p10"])
    assert race.state.track.ids[race.state.by_seat["D"].space] == "p10"
    assert race.state.track.ids[race.state.by_seat["B"].space] == "box_blue"


def test_fd_b_12_13_the_track_part_of_an_exit_follows_the_ordinary_rules():
    """FD-B-12.13: leaving the pit exit next to a car triggers collision checks."""
    race = scenario(
        [
            pit_car("D", "p13", lap=2, gear=2, pit="exit"),
            {"seat": "B", "space": "r5l2", "lap": 2, "gear": 1},
        ],
        dice=["g2:4", "black:2", "black:15"],
        laps=3,
        order=["D", "B"],
    )
    gear(race, "D", 2)
    move(race, "D", ["p14", "r3l2", "r4l2"])
    car = race.state.by_seat["D"]
    assert car.pit == "none" and race.state.track.ids[car.space] == "r4l2"
    checks = events_of(race, "collision_check")
    assert [(c["seat"], c["failed"]) for c in checks] == [("B", True), ("D", False)]


def test_fd_b_13_1_and_amb_19_finishers_of_one_round_rank_in_playing_order():
    """FD-B-13.1, FD-B-13.3, FD-AMB-19: A plays first, so A wins though B ends further on."""
    race = scenario(
        [
            {"seat": "A", "space": "r56l1", "lap": 1, "gear": 3},
            {"seat": "B", "space": "r58l0", "lap": 1, "gear": 3},
        ],
        dice=["g3:4", "g3:8"],
        order=["A", "B"],
        turns=None,
    )
    gear(race, "A", 3)
    move(race, "A", ["r57l1", "r58l1", "r59l1", "r0l1"])
    gear(race, "B", 3)
    move(race, "B", ["r59l0", "r0l0"])
    assert [(e["seat"], e["position"]) for e in events_of(race, "finished")] == [
        ("A", 1),
        ("B", 2),
    ]
    assert race.state.end_reason == "all_cars_done"
    assert events_of(race, "session_ended")[0]["order"] == ["A", "B"]


def test_fd_b_3_5_finished_cars_take_no_turn():
    """FD-B-3.5: the parked (finished) car is not in the round's order."""
    race = scenario([{"seat": "A", "space": "r5l1", "gear": 2}], round=4)
    assert events_of(race, "round_started")[0]["order"] == ["A"]


def test_fd_b_3_5_a_car_waiting_in_its_box_plays_at_its_pit_position():
    """FD-B-3.5, FD-AMB-03: the boxed car plays after the track car past the pit entry
    and before the car that has not reached it."""
    race = scenario(
        [
            {"seat": "A", "space": "r50l1", "lap": 1, "gear": 3},
            pit_car("D", "box_red", pit="box_basic", exit_cap=3),
            {"seat": "C", "space": "r40l1", "lap": 1, "gear": 3},
        ],
        round=4,
    )
    assert events_of(race, "round_started")[0]["order"] == ["A", "D", "C"]


def test_fd_b_11_4_a_maximum_roll_into_the_pit_triggers_only_the_others():
    """FD-B-11.4: A ends in its box and skips its own check; B (gear 5) and not the
    finished car (gear 6) roll."""
    race = scenario(
        [
            {"seat": "A", "space": "r48l2", "lap": 1, "gear": 5, "colour": "red"},
            {"seat": "B", "space": "r20l1", "lap": 1, "gear": 5},
            {"seat": "F", "space": "r30l0", "lap": 1, "gear": 6, "parked": True},
        ],
        dice=["g5:20", "black:3"],
        laps=2,
        order=["A", "B"],
    )
    gear(race, "A", 5)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    assert [c["seat"] for c in events_of(race, "engine_check")] == ["B"]
    assert race.state.by_seat["B"].wear["WP"] == 17


@pytest.mark.parametrize(("lap", "completed"), [(0, 0), (1, 1), (2, 2)])
def test_fd_t_7_3_laps_completed_is_the_lap_before_the_crossing(lap, completed):
    """FD-T-7.3, FD-T-7.1."""
    race = scenario([{"seat": "A", "space": "r58l1", "lap": lap, "gear": 2}], dice=["g2:3"], laps=3)
    gear(race, "A", 2)
    move(race, "A", ["r59l1", "r0l1", "r1l1"])
    [crossed] = events_of(race, "line_crossed")
    assert (crossed["lap"], crossed["laps_completed"]) == (lap + 1, completed)


@pytest.mark.parametrize(("lap", "progress"), [(1, 48), (2, 108)])
def test_fd_t_9_3_the_pit_entry_progress_is_that_of_the_entry_space(lap, progress):
    """FD-T-9.3, FD-T-7.2: (lap - 1) x 60 + 48."""
    race = scenario(
        [{"seat": "A", "space": "r48l2", "lap": lap, "gear": 2, "colour": "red"}],
        dice=["g2:2"],
        laps=3,
    )
    gear(race, "A", 2)
    move(race, "A", ["p1", "p2"])
    assert race.state.by_seat["A"].entry_progress == progress
