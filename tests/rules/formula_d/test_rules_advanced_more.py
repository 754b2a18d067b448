"""Advanced mode, rule by rule (FD-A-3 to FD-A-12)."""

import pytest

from races.rules import IllegalAction

from .driving import act, events_of, gear, lane, move, scenario

QUIET = ["black:10"] * 6


def wall(rank: int) -> list[dict]:
    return [{"seat": f"W{i}", "space": f"r{rank}l{i}", "gear": 1} for i in range(3)]


def behind_a_leader(level: str, dice=("g4:8",), **config):
    return scenario(
        [{"seat": "A", "space": "r46l1", "gear": 4}, {"seat": "B", "space": "r55l1", "gear": 4}],
        track="lakeside_gp",
        dice=[*dice, *QUIET],
        order=["A", "B"],
        level=level,
        **config,
    )


@pytest.mark.parametrize(("level", "offered"), [("basic", False), ("advanced", True)])
def test_fd_a_3_1_slipstream_exists_only_in_advanced_mode(level, offered):
    """FD-A-3.1."""
    race = behind_a_leader(level)
    gear(race, "A", 4)
    move(race, "A", lane(1, 47, 54))
    assert any(d.kind == "slipstream" for d in race.pending) is offered


def test_fd_a_3_1_basic_collisions_leave_no_damage_marker():
    """FD-A-3.1: damage markers exist only in advanced mode."""
    race = scenario(
        [{"seat": "A", "space": "r1l1", "gear": 2}, {"seat": "B", "space": "r3l0", "gear": 1}],
        dice=["g2:2", "black:1", "black:1"],
        order=["A", "B"],
    )
    gear(race, "A", 2)
    move(race, "A", lane(1, 2, 3))
    assert race.state.by_seat["B"].wear["WP"] == 17 and race.state.markers == {}


def test_fd_a_4_1_the_overshoot_is_paid_in_tyre_points():
    """FD-A-4.1: P = distance x 1 without tyre effects."""
    race = scenario([{"seat": "A", "space": "r5l0", "gear": 3}], dice=["g3:8"], level="advanced")
    gear(race, "A", 3)
    move(race, "A", lane(0, 6, 13))
    assert race.state.by_seat["A"].wear["T"] == 4
    assert events_of(race, "overshoot")[0]["distance"] == 2


def test_fd_a_4_2_two_missing_stops_eliminate_before_the_tyres_count():
    """FD-A-4.2: full tyres do not save a car that skips both stops of T3."""
    race = scenario([{"seat": "A", "space": "r30l1", "gear": 4}], dice=["g4:9"], level="advanced")
    gear(race, "A", 4)
    move(race, "A", ["r31l1", "r32l1", "r33l1", "r34l1", "r35l1", *lane(1, 37, 40)])
    car = race.state.by_seat["A"]
    assert car.eliminated_at["cause"] == "corner" and car.wear["T"] == 6


def test_fd_a_4_5_a_blocked_overshooting_car_pays_tyres_then_brakes():
    """FD-A-4.5: 1 tyre point for the overshoot, then 1 brake point (b = 1)."""
    race = scenario(
        [{"seat": "A", "space": "r5l0", "gear": 3}, *wall(13)],
        dice=["g3:8", *QUIET],
        order=["A", "W0", "W1", "W2"],
        level="advanced",
    )
    gear(race, "A", 3)
    with pytest.raises(IllegalAction, match="keeps its lane"):
        move(race, "A", [*lane(0, 6, 11), "r12l1"])
    move(race, "A", lane(0, 6, 12))
    car = race.state.by_seat["A"]
    assert (car.wear["T"], car.wear["Br"]) == (5, 2)
    kinds = [e.type for e in race.events if e.type in ("overshoot", "braking_paid")]
    assert kinds == ["overshoot", "braking_paid"]


def test_fd_a_5_1_voluntary_braking_costs_a_brake_point_a_space_down_to_zero():
    """FD-A-5.1, FD-A-12.1, FD-AMB-27: brakes at 0 do not eliminate."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 3}], dice=["g3:6"], level="advanced")
    gear(race, "A", 3)
    move(race, "A", lane(1, 1, 3))
    car = race.state.by_seat["A"]
    assert car.wear["Br"] == 0 and car.status == "racing"
    assert events_of(race, "braking_paid")[0]["kind"] == "voluntary"


def test_fd_a_5_1_voluntary_braking_needs_enough_brake_points():
    """FD-A-5.1, FD-B-5.6: stopping 4 short with 3 brake points is refused."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 3}], dice=["g3:7"], level="advanced")
    gear(race, "A", 3)
    with pytest.raises(IllegalAction):
        move(race, "A", lane(1, 1, 3))
    move(race, "A", lane(1, 1, 4))
    assert race.state.by_seat["A"].wear["Br"] == 0


def test_fd_a_5_3_a_blocked_car_stopping_short_pays_voluntary_brake_points():
    """FD-A-5.3: M = 4, D_max = 2; one space travelled costs 3 brake points, no tyres."""
    race = scenario(
        [{"seat": "A", "space": "r12l1", "gear": 3}, *wall(15)],
        dice=["g3:4", *QUIET],
        order=["A", "W0", "W1", "W2"],
        level="advanced",
    )
    gear(race, "A", 3)
    move(race, "A", ["r13l1"])
    car = race.state.by_seat["A"]
    assert (car.wear["Br"], car.wear["T"]) == (0, 6)
    assert events_of(race, "braking_paid")[0]["kind"] == "voluntary"


def test_fd_a_12_1_and_amb_27_forced_braking_with_no_brakes_left_eliminates():
    """FD-A-12.1, FD-AMB-27."""
    race = scenario(
        [{"seat": "A", "space": "r12l1", "gear": 3, "wear": {"Br": 0}}, *wall(15)],
        dice=["g3:4", *QUIET],
        order=["A", "W0", "W1", "W2"],
        level="advanced",
    )
    gear(race, "A", 3)
    move(race, "A", ["r13l1", "r14l1"])
    assert race.state.by_seat["A"].eliminated_at["cause"] == "braking"


def test_fd_a_5_5_slipstream_braking_is_a_brake_cost_of_the_turn():
    """FD-A-5.5: a slipstream braked by 2 costs 2 brake points."""
    race = behind_a_leader("advanced")
    gear(race, "A", 4)
    move(race, "A", lane(1, 47, 54))
    act(race, "A", "slipstream", path=["r55l0"])
    assert race.state.by_seat["A"].wear["Br"] == 1
    [paid] = events_of(race, "braking_paid")
    assert (paid["kind"], paid["costs"]) == ("slipstream", {"Br": 2})


def test_fd_a_8_1_and_8_2_an_engine_at_zero_eliminates():
    """FD-A-8.1, FD-A-8.2: after a gear-5 maximum, a roll of 4 costs the last engine point."""
    race = scenario(
        [{"seat": "A", "space": "r106l1", "gear": 5, "wear": {"En": 1}}],
        track="lakeside_gp",
        dice=["g5:20", "black:4"],
        level="advanced",
    )
    gear(race, "A", 5)
    move(race, "A", [*lane(1, 107, 119), *lane(1, 0, 6)])
    car = race.state.by_seat["A"]
    assert car.status == "eliminated" and car.eliminated_at["cause"] == "engine"


def test_fd_a_10_2_slipstream_is_optional_and_declining_costs_nothing():
    """FD-A-10.2."""
    race = behind_a_leader("advanced")
    gear(race, "A", 4)
    move(race, "A", lane(1, 47, 54))
    act(race, "A", "slipstream", path=[])
    car = race.state.by_seat["A"]
    assert race.state.track.ids[car.space] == "r54l1" and car.wear["Br"] == 3


def test_fd_a_10_7_a_slipstream_out_of_an_unstopped_corner_is_an_overshoot():
    """FD-A-10.7: the main move stops in C2, the slipstream carries A two spaces out."""
    race = scenario(
        [
            {"seat": "A", "space": "r24l2", "lap": 1, "gear": 4},
            {"seat": "B", "space": "r33l2", "lap": 1, "gear": 4},
        ],
        track="lakeside_gp",
        dice=["g4:8", *QUIET],
        order=["A", "B"],
        level="advanced",
    )
    gear(race, "A", 4)
    move(race, "A", lane(2, 25, 32))
    act(race, "A", "slipstream", path=["r33l1", "r34l1", "r35l1"])
    [over] = events_of(race, "overshoot")
    assert (over["corner"], over["distance"]) == ("C2", 2)
    assert race.state.by_seat["A"].wear["T"] == 4
    assert events_of(race, "corner_stop") == []


def test_fd_a_10_9_a_slipstream_over_the_line_on_the_last_lap_ends_past_it():
    """FD-A-10.9, FD-B-13.2."""
    race = scenario(
        [
            {"seat": "A", "space": "r50l1", "lap": 2, "gear": 4},
            {"seat": "B", "space": "r59l1", "lap": 2, "gear": 4},
        ],
        dice=["g4:8", *QUIET],
        order=["A", "B"],
        level="advanced",
        laps=2,
    )
    gear(race, "A", 4)
    move(race, "A", lane(1, 51, 58))
    paths = [p["path"] for p in race.pending[0].options["paths"]]
    assert ["r59l0", "r0l0"] in paths
    assert not any(len(p) == 3 and p[1].startswith("r0") for p in paths)
    act(race, "A", "slipstream", path=["r59l0", "r0l0"])
    car = race.state.by_seat["A"]
    assert car.status == "finished" and car.wear["Br"] == 3


def test_fd_a_11_2_without_technical_stops_the_box_means_a_tyre_stop():
    """FD-A-11.2: no stop decision; the black die is rolled at once."""
    race = scenario(
        [{"seat": "A", "space": "r48l2", "lap": 1, "gear": 3, "colour": "red", "wear": {"T": 1}}],
        dice=["g3:5", "black:15"],
        level="advanced",
        laps=2,
    )
    gear(race, "A", 3)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    assert [e["stop"] for e in events_of(race, "pit_roll")] == ["long"]
    assert race.state.by_seat["A"].wear["T"] == 6


def test_fd_a_11_2_with_technical_stops_the_car_chooses():
    """FD-A-11.2, FD-V-8.2."""
    race = scenario(
        [{"seat": "A", "space": "r48l2", "lap": 1, "gear": 3, "colour": "red", "wear": {"Br": 1}}],
        dice=["g3:5", "black:15"],
        level="advanced",
        laps=2,
        technical_pit_stops=True,
    )
    gear(race, "A", 3)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    decision = race.pending[0]
    assert decision.kind == "pit_service" and decision.options["stops"] == ["tyre", "technical"]
    act(race, "A", "pit_service", stop="tyre")
    assert [e["stop"] for e in events_of(race, "pit_roll")] == ["long"]


def test_fd_a_12_2_an_eliminated_car_leaves_the_board_at_once():
    """FD-A-12.2: B loses its last body point in a collision and frees its space."""
    race = scenario(
        [
            {"seat": "A", "space": "r1l1", "gear": 2},
            {"seat": "B", "space": "r3l0", "gear": 1, "wear": {"Bo": 1}},
        ],
        dice=["g2:2", "black:1", "black:10"],
        order=["A", "B"],
        level="advanced",
    )
    gear(race, "A", 2)
    move(race, "A", lane(1, 2, 3))
    b = race.state.by_seat["B"]
    assert b.status == "eliminated"
    assert race.state.track.index["r3l0"] not in race.state.occupied()
