"""Braking (FD-B-9, FD-A-5, FD-BGA-3) and voluntary costs (FD-B-5.6)."""

import pytest

from races.rules import IllegalAction

from .driving import act, events_of, gear, lane, move, scenario

# collision dice that pass, for a car stopping behind the wall (FD-B-10)
QUIET = ["black:10"] * 6


def wall(rank: int) -> list[dict]:
    return [{"seat": f"W{i}", "space": f"r{rank}l{i}", "gear": 1} for i in range(3)]


def test_a_blocked_basic_car_brakes_to_the_wall_at_one_point_a_space():
    """FD-X-19, FD-B-9.2."""
    race = scenario(
        [{"seat": "A", "space": "r12l1", "gear": 4}, *wall(15)],
        dice=["g4:10", *QUIET],
        order=["A", "W0", "W1", "W2"],
    )
    gear(race, "A", 4)
    decision = race.pending[0]
    assert decision.options["blocked"] and decision.options["d_max"] == 2
    move(race, "A", ["r13l1", "r14l1"])
    assert race.state.by_seat["A"].wear["WP"] == 10
    assert events_of(race, "braking_paid")[0]["kind"] == "forced"


@pytest.mark.parametrize(
    ("rank", "br", "roll", "path", "expect"),
    [
        (15, 3, 7, ["r13l1", "r14l1"], {"Br": 0, "T": 4}),
        (15, 3, 9, ["r13l1", "r14l1"], None),
        (17, 2, 7, ["r13l1", "r14l1", "r15l1", "r16l1"], None),
    ],
)
def test_published_forced_braking_table(rank, br, roll, path, expect):
    """FD-X-20, FD-A-5.2."""
    race = scenario(
        [{"seat": "A", "space": "r12l1", "gear": 4, "wear": {"Br": br}}, *wall(rank)],
        dice=[f"g4:{roll}", *QUIET],
        level="advanced",
        order=["A", "W0", "W1", "W2"],
    )
    gear(race, "A", 4)
    move(race, "A", path)
    car = race.state.by_seat["A"]
    if expect is None:
        assert car.status == "eliminated" and car.eliminated_at["cause"] == "braking"
    else:
        assert {"Br": car.wear["Br"], "T": car.wear["T"]} == expect


BGA_BUILD = {"T": 6, "Br": 5, "Gb": 2, "Bo": 3, "En": 2, "Su": 2}


@pytest.mark.parametrize(
    ("roll", "split", "legal"),
    [
        (7, {"Br": 5, "T": 0}, True),
        (7, {"Br": 4, "T": 1}, True),
        (7, {"Br": 3, "T": 2}, True),
        (7, {"Br": 2, "T": 3}, False),
        (10, {"Br": 5, "T": 3}, True),
    ],
)
def test_bga_forced_braking_splits_after_three_brake_points(roll, split, legal):
    """FD-X-21, FD-BGA-3."""
    race = scenario(
        [{"seat": "A", "space": "r12l1", "gear": 4, "maxima": BGA_BUILD}, *wall(15)],
        dice=[f"g4:{roll}", *QUIET],
        level="advanced",
        ruleset="bga",
        order=["A", "W0", "W1", "W2"],
    )
    gear(race, "A", 4)
    move(race, "A", ["r13l1", "r14l1"], brake_split=split)
    car = race.state.by_seat["A"]
    if legal:
        assert car.racing
        assert (car.wear["Br"], car.wear["T"]) == (5 - split["Br"], 6 - split["T"])
    else:
        assert car.eliminated_at["cause"] == "braking"


def test_bga_forced_braking_without_three_brake_points_eliminates():
    """FD-X-21: Br 2 and b 4."""
    race = scenario(
        [
            {"seat": "A", "space": "r12l1", "gear": 4, "maxima": BGA_BUILD, "wear": {"Br": 2}},
            *wall(17),
        ],
        dice=["g4:8", *QUIET],
        level="advanced",
        ruleset="bga",
        order=["A", "W0", "W1", "W2"],
    )
    gear(race, "A", 4)
    move(race, "A", lane(1, 13, 16))
    assert race.state.by_seat["A"].eliminated_at["cause"] == "braking"


@pytest.mark.parametrize(
    ("ruleset", "status", "tyres"), [("published", "eliminated", None), ("bga", "racing", 0)]
)
def test_the_overshoot_is_paid_before_the_braking(ruleset, status, tyres):
    """FD-X-22, FD-A-5.4, FD-BGA-8."""
    race = scenario(
        [
            {"seat": "A", "space": "r9l0", "gear": 3, "corner": "T1", "stops": 0, "wear": {"T": 2}},
            *wall(14),
        ],
        dice=["g3:8", *QUIET],
        level="advanced",
        ruleset=ruleset,
        order=["A", "W0", "W1", "W2"],
    )
    gear(race, "A", 3)
    assert race.pending[0].options["d_max"] == 4
    move(race, "A", lane(0, 10, 13))
    car = race.state.by_seat["A"]
    assert car.status == status
    if status == "racing":
        assert car.spun and car.gear == 1 and car.wear["T"] == tyres
        assert car.space == race.state.track.index["r13l0"]
    else:
        assert car.eliminated_at["cause"] == "braking"


def test_voluntary_braking_costs_one_wear_point_a_space():
    """FD-B-9.1."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 3}], dice=["g3:6"])
    gear(race, "A", 3)
    move(race, "A", lane(1, 1, 4), brake=2)
    assert race.state.by_seat["A"].wear["WP"] == 16


def test_voluntary_costs_never_eliminate():
    """FD-X-58, FD-B-5.6: WP 1 cannot skip or brake; forced braking of 1 eliminates."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 6, "wear": {"WP": 1}}], dice=["g5:11"])
    with pytest.raises(IllegalAction):
        gear(race, "A", 4)
    gear(race, "A", 5)
    with pytest.raises(IllegalAction, match="brake"):
        move(race, "A", lane(1, 1, 10))
    race = scenario(
        [{"seat": "A", "space": "r12l1", "gear": 1, "wear": {"WP": 1}}, *wall(14)],
        dice=["g1:2", *QUIET],
        order=["A", "W0", "W1", "W2"],
    )
    gear(race, "A", 1)
    move(race, "A", ["r13l1"])
    assert race.state.by_seat["A"].status == "eliminated"


def test_a_brake_parameter_that_disagrees_with_the_path_is_illegal():
    """FD-E-9.1."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 3}], dice=["g3:6"])
    gear(race, "A", 3)
    with pytest.raises(IllegalAction, match="brake must equal"):
        act(race, "A", "move", path=lane(1, 1, 4), brake=1)
