"""Corners, stops and overshoots (FD-B-8, FD-A-4)."""

import pytest

from races.rules import IllegalAction

from .driving import events_of, gear, lane, move, scenario


def test_a_car_that_overshoots_a_one_stop_corner_by_two_loses_two_wear_points():
    """FD-X-12, FD-B-8.4, FD-B-8.5."""
    race = scenario([{"seat": "A", "space": "r5l0", "gear": 3}], dice=["g3:8"])
    gear(race, "A", 3)
    move(race, "A", lane(0, 6, 13))
    [over] = events_of(race, "overshoot")
    assert (over["corner"], over["distance"], over["missing"]) == ("T1", 2, 1)
    assert race.state.by_seat["A"].wear["WP"] == 16


def test_an_overshooting_car_may_not_change_lanes_after_the_corner():
    """FD-X-13, FD-B-8.7: the illegal path changes nothing."""
    race = scenario([{"seat": "A", "space": "r5l0", "gear": 3}], dice=["g3:8"])
    gear(race, "A", 3)
    before = len(race.events)
    with pytest.raises(IllegalAction, match="keep its lane"):
        move(race, "A", [*lane(0, 6, 12), "r13l1"])
    assert len(race.events) == before
    assert race.state.by_seat["A"].space == race.state.track.index["r5l0"]
    assert race.validate("A", race.legal_actions("A")[0]) is None


@pytest.mark.parametrize(("ruleset", "marker"), [("published", True), ("bga", False)])
def test_leaving_a_two_stop_corner_without_a_stop_eliminates(ruleset, marker):
    """FD-X-14, FD-B-8.6, FD-A-9.2, FD-BGA-17."""
    race = scenario(
        [{"seat": "A", "space": "r30l1", "gear": 4}],
        dice=["g4:9"],
        level="advanced",
        ruleset=ruleset,
    )
    gear(race, "A", 4)
    move(race, "A", ["r31l1", "r32l1", "r33l1", "r34l1", "r35l1", *lane(1, 37, 40)])
    car = race.state.by_seat["A"]
    assert car.status == "eliminated"
    assert car.eliminated_at["cause"] == "corner"
    assert (race.state.track.index["r40l1"] in race.state.markers) is marker


def test_leaving_a_two_stop_corner_after_one_stop_costs_the_distance():
    """FD-X-15, FD-B-8.6: one missing stop is only the penalty."""
    race = scenario(
        [{"seat": "A", "space": "r33l1", "gear": 3, "corner": "T3", "stops": 1}], dice=["g3:7"]
    )
    gear(race, "A", 3)
    move(race, "A", ["r34l1", "r35l1", *lane(1, 37, 41)])
    [over] = events_of(race, "overshoot")
    assert (over["distance"], over["missing"]) == (5, 1)
    assert race.state.by_seat["A"].wear["WP"] == 13


@pytest.mark.parametrize(
    ("stops", "level", "status", "wear"),
    [
        (1, "basic", "eliminated", None),
        (2, "basic", "racing", ("WP", 17)),
        (2, "advanced", "racing", ("T", 5)),
    ],
)
def test_a_three_stop_corner_left_short_of_stops(stops, level, status, wear):
    """FD-X-16, FD-B-8.6."""
    race = scenario(
        [{"seat": "A", "space": "r65l2", "gear": 3, "corner": "C4", "stops": stops}],
        track="lakeside_gp",
        dice=["g3:6"],
        level=level,
    )
    gear(race, "A", 3)
    move(race, "A", lane(2, 66, 71))
    car = race.state.by_seat["A"]
    assert car.status == status
    if wear:
        assert car.wear[wear[0]] == wear[1]
        assert events_of(race, "overshoot")[0]["distance"] == 1


def test_a_stop_in_the_next_corner_after_an_overshoot_does_not_count():
    """FD-X-17, FD-B-8.8."""
    race = scenario(
        [{"seat": "A", "space": "r82l0", "gear": 4, "corner": "C5", "stops": 1}],
        track="lakeside_gp",
        dice=["g4:9"],
    )
    gear(race, "A", 4)
    move(race, "A", lane(0, 83, 91))
    car = race.state.by_seat["A"]
    [over] = events_of(race, "overshoot")
    assert (over["distance"], over["missing"]) == (8, 1)
    assert car.wear["WP"] == 10
    assert race.state.track.corners[car.corner].id == "C6"
    assert car.stops == 0


def test_every_turn_ending_in_a_corner_counts_a_stop():
    """FD-B-8.2, FD-B-8.3: a 2-stop corner takes three turns."""
    race = scenario(
        [{"seat": "A", "space": "r30l1", "gear": 2}], dice=["g2:2", "g1:1", "g1:2"], turns=3
    )
    gear(race, "A", 2)
    move(race, "A", ["r31l1", "r32l1"])
    gear(race, "A", 1)
    move(race, "A", ["r33l1"])
    assert race.state.by_seat["A"].stops == 2
    gear(race, "A", 1)
    move(race, "A", ["r34l1", "r35l1"])
    assert events_of(race, "overshoot") == []
    assert [e["stops"] for e in events_of(race, "corner_stop")] == [1, 2, 3]


def test_two_corners_overshot_in_one_move_are_judged_separately():
    """FD-B-8.11, FD-AMB-09: both penalties add up."""
    race = scenario(
        [{"seat": "A", "space": "r81l0", "gear": 5, "corner": "C5", "stops": 1}],
        track="lakeside_gp",
        dice=["g5:14"],
    )
    gear(race, "A", 5)
    move(race, "A", [*lane(0, 82, 91), *lane(0, 93, 96)])
    overs = events_of(race, "overshoot")
    assert [(o["corner"], o["distance"], o["missing"]) for o in overs] == [
        ("C5", 12, 1),
        ("C6", 4, 1),
    ]
    assert race.state.by_seat["A"].wear["WP"] == 2
