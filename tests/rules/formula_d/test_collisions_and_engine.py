"""Collisions (FD-B-10, FD-A-7, FD-BGA-5) and engine damage (FD-B-11, FD-A-8, FD-BGA-11)."""

import pytest

from .driving import events_of, gear, lane, move, scenario


def test_basic_collisions_hit_ahead_and_beside_but_not_diagonal():
    """FD-X-24, FD-B-10.1 to FD-B-10.3."""
    race = scenario(
        [
            {"seat": "A", "space": "r1l1", "gear": 3},
            {"seat": "B", "space": "r5l0", "gear": 1},
            {"seat": "C", "space": "r6l1", "gear": 1},
            {"seat": "D", "space": "r5l2", "gear": 1},
            {"seat": "F", "space": "r6l0", "gear": 1},
        ],
        dice=["g3:4", "black:3", "black:12", "black:4", "black:1", "black:20", "black:7"],
        order=["A", "B", "C", "D", "F"],
    )
    gear(race, "A", 3)
    move(race, "A", lane(1, 2, 5))
    checks = events_of(race, "collision_check")
    assert len(checks) == 6
    assert [c["seat"] for c in checks] == ["B", "C", "D", "A", "A", "A"]
    wear = {s: race.state.by_seat[s].wear["WP"] for s in "ABCDF"}
    assert wear == {"A": 17, "B": 17, "C": 18, "D": 17, "F": 18}


@pytest.mark.parametrize(("weather", "lost"), [("SUNNY", False), ("RAIN", True)])
def test_advanced_collisions_fail_on_one_or_on_two_in_rain(weather, lost):
    """FD-X-25, FD-A-7.1, FD-V-6.6."""
    race = scenario(
        [{"seat": "A", "space": "r1l1", "gear": 2}, {"seat": "B", "space": "r3l0", "gear": 1}],
        dice=["g2:2", "black:2", "black:1"],
        order=["A", "B"],
        level="advanced",
        weather=weather,
    )
    gear(race, "A", 2)
    move(race, "A", lane(1, 2, 3))
    b, a = race.state.by_seat["B"], race.state.by_seat["A"]
    assert b.wear["Bo"] == (2 if lost else 3)
    assert a.wear["Bo"] == 2
    markers = {race.state.track.ids[s]: n for s, n in race.state.markers.items()}
    assert markers == ({"r3l0": 1, "r3l1": 1} if lost else {"r3l1": 1})


@pytest.mark.parametrize(
    ("ruleset", "option", "dice", "a_body"),
    [
        ("published", "auto_fail", ["black:5"], 3),
        ("bga", "auto_fail", [], 2),
        ("bga", "skip", [], 3),
    ],
)
def test_a_neighbour_eliminated_in_a_collision(ruleset, option, dice, a_body):
    """FD-X-26, FD-B-10.4, FD-BGA-5, FD-AMB-56."""
    race = scenario(
        [
            {"seat": "A", "space": "r1l1", "gear": 2},
            {"seat": "B", "space": "r3l0", "gear": 1, "wear": {"Bo": 1}},
        ],
        dice=["g2:2", "black:1", *dice],
        order=["A", "B"],
        level="advanced",
        ruleset=ruleset,
        bga_eliminated_neighbour=option,
    )
    gear(race, "A", 2)
    move(race, "A", lane(1, 2, 3))
    assert race.state.by_seat["B"].status == "eliminated"
    assert race.state.track.index["r3l0"] in race.state.markers
    assert race.state.by_seat["A"].wear["Bo"] == a_body
    assert race.dice.remaining == 0


@pytest.mark.parametrize(("ruleset", "rollers"), [("published", "ABC"), ("bga", "BAC")])
def test_engine_checks_after_a_maximum_roll(ruleset, rollers):
    """FD-X-27, FD-B-11, FD-B-11.2, FD-B-11.5, FD-BGA-11, FD-AMB-14: D (gear 4) and E (pit
    area, FD-B-11.4) never roll; B, already played, rolls in its new gear 6."""
    # B has already played this round: the scenario starts at A's turn.
    race = scenario(
        [
            {"seat": "B", "space": "r20l0", "gear": 6},
            {"seat": "A", "space": "r46l1", "gear": 5},
            {"seat": "C", "space": "r10l2", "gear": 5},
            {"seat": "D", "space": "r8l0", "gear": 4},
            {"seat": "E", "space": "p3", "gear": 6, "pit": "lane", "lap": 1},
        ],
        track="lakeside_gp",
        dice=["g5:20", "black:10", "black:2", "black:10"],
        order=["A", "C", "D", "E"],
        level="advanced",
        ruleset=ruleset,
        laps=2,
    )
    race.state.order = [race.state.by_seat[s] for s in "BACDE"]  # B has played already this round
    gear(race, "A", 5)
    move(race, "A", lane(1, 47, 66))
    checks = events_of(race, "engine_check")
    assert [c["seat"] for c in checks] == list(rollers)
    second = rollers[1]
    assert race.state.by_seat[second].wear["En"] == 2
    assert race.state.markers.get(race.state.by_seat[second].space) == 1


def test_basic_engine_check_failure_costs_a_wear_point():
    """FD-B-11.3."""
    race = scenario(
        [{"seat": "A", "space": "r106l1", "gear": 5}],
        track="lakeside_gp",
        laps=2,
        dice=["g5:20", "black:4"],
    )
    gear(race, "A", 5)
    move(race, "A", [*lane(1, 107, 119), *lane(1, 0, 6)])
    assert events_of(race, "engine_check")[0]["failed"]
    assert race.state.by_seat["A"].wear["WP"] == 17
    assert race.state.by_seat["A"].lap == 2
