"""Straights: lane changes and weaving (FD-B-6, FD-B-7)."""

import pytest

from races.rules import IllegalAction

from .driving import gear, move, scenario

WEAVE = ["r25l0", "r26l0", "r27l1", "r28l1", "r29l1", "r30l1"]


def test_returning_to_a_lane_without_overtaking_is_weaving():
    """FD-X-18 (a), FD-B-7.3."""
    race = scenario([{"seat": "A", "space": "r24l1", "gear": 3}], dice=["g3:6"])
    gear(race, "A", 3)
    with pytest.raises(IllegalAction, match="weaving"):
        move(race, "A", WEAVE)


def test_returning_to_a_lane_to_overtake_is_allowed():
    """FD-X-18 (b), FD-B-7.3."""
    race = scenario(
        [{"seat": "A", "space": "r24l1", "gear": 3}, {"seat": "B", "space": "r26l1", "gear": 1}],
        dice=["g3:6"],
        order=["A", "B"],
    )
    gear(race, "A", 3)
    move(race, "A", WEAVE)
    assert race.state.by_seat["A"].space == race.state.track.index["r30l1"]


def test_a_third_lane_change_on_one_straight_is_illegal():
    """FD-X-18 (c), FD-B-7.2."""
    race = scenario(
        [{"seat": "A", "space": "r24l1", "gear": 3}, {"seat": "B", "space": "r25l1", "gear": 1}],
        dice=["g3:6"],
        order=["A", "B"],
    )
    gear(race, "A", 3)
    with pytest.raises(IllegalAction, match="two lane changes"):
        move(race, "A", ["r25l0", "r26l1", "r27l2", "r28l2", "r29l2", "r30l2"])


def test_a_car_never_enters_an_occupied_space():
    """FD-B-6.3."""
    race = scenario(
        [{"seat": "A", "space": "r24l1", "gear": 2}, {"seat": "B", "space": "r26l1", "gear": 1}],
        dice=["g2:2"],
        order=["A", "B"],
    )
    gear(race, "A", 2)
    with pytest.raises(IllegalAction, match="occupied"):
        move(race, "A", ["r25l1", "r26l1"])


def test_a_diagonal_squeeze_between_two_cars_is_legal():
    """FD-B-6.3, FD-AMB-06: only the destination matters."""
    race = scenario(
        [
            {"seat": "A", "space": "r24l0", "gear": 1},
            {"seat": "B", "space": "r24l1", "gear": 1},
            {"seat": "C", "space": "r25l0", "gear": 1},
        ],
        dice=["g1:1", "black:10", "black:10"],
        order=["A", "B", "C"],
    )
    gear(race, "A", 1)
    move(race, "A", ["r25l1"])
    assert race.state.by_seat["A"].space == race.state.track.index["r25l1"]


def test_steps_go_only_to_forward_neighbours():
    """FD-B-6.2."""
    race = scenario([{"seat": "A", "space": "r24l1", "gear": 2}], dice=["g2:2"])
    gear(race, "A", 2)
    with pytest.raises(IllegalAction, match="forward neighbour"):
        move(race, "A", ["r25l1", "r25l0"])
