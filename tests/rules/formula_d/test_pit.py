"""Pit lane and pit stops (FD-B-12, FD-A-11, FD-V-1)."""

import pytest

from races.rules import IllegalAction
from races.rules.formula_d.rules.damage import fast_stop_spaces

from .driving import act, events_of, gear, move, scenario


def pit_race(stop_roll: int, turns: int = 1, **extra):
    return scenario(
        [{"seat": "A", "space": "r48l2", "lap": 1, "gear": 3, "colour": "red", "wear": {"T": 1}}],
        dice=["g3:5", f"black:{stop_roll}", "g4:9"],
        level="advanced",
        laps=2,
        turns=turns,
        **extra,
    )


def test_a_fast_stop_restores_tyres_and_leaves_at_once_in_gear_four():
    """FD-X-32, FD-A-11.1, FD-A-11.3, FD-A-11.4."""
    race = pit_race(7, turns=2)
    gear(race, "A", 3)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    car = race.state.by_seat["A"]
    assert car.wear["T"] == 6
    assert car.gear == 4
    decision = race.pending[0]
    assert decision.kind == "fast_exit" and decision.options["m"] == 4
    act(race, "A", "fast_exit", path=["p5", "p6", "p7", "p8"])
    assert car.lap == 1 and race.state.track.ids[car.space] == "p8"
    assert events_of(race, "braking_paid") == []
    gear(race, "A", 4)
    move(race, "A", ["p9", "p10", "p11", "p12", "p13", "p14", "r3l2", "r4l2", "r5l2"])
    assert car.lap == 2 and car.pit == "none"


def test_a_long_stop_waits_and_leaves_in_a_capped_gear():
    """FD-X-32, FD-B-12.11, FD-A-11.5, FD-AMB-18: the entry gear is a cap, not a must."""
    race = pit_race(12, turns=2)
    gear(race, "A", 3)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    decision = race.pending[0]
    assert decision.kind == "gear"
    assert [g["gear"] for g in decision.options["gears"]] == [1, 2, 3]
    with pytest.raises(IllegalAction, match="at most gear 3"):
        gear(race, "A", 4)


def test_fast_stop_spaces_round_half_up():
    """FD-X-33."""
    assert [fast_stop_spaces(v) for v in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


@pytest.mark.parametrize(
    ("ruleset", "costs"),
    [
        ("published", {1: {}, 2: {}, 3: {}, 4: {}}),
        ("bga", {1: {"WP": 2}, 2: {"WP": 1}, 3: {}, 4: {}}),
    ],
)
def test_a_basic_pit_stop_restores_eighteen_and_caps_the_exit_gear(ruleset, costs):
    """FD-X-34, FD-V-1, FD-B-12.9, FD-BGA-13."""
    race = scenario(
        [{"seat": "A", "space": "r48l2", "lap": 1, "gear": 6, "colour": "red", "wear": {"WP": 7}}],
        dice=["g6:21"],
        laps=2,
        ruleset=ruleset,
        turns=2,
    )
    gear(race, "A", 6)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    car = race.state.by_seat["A"]
    assert car.wear["WP"] == 18
    options = {g["gear"]: g["costs"] for g in race.pending[0].options["gears"]}
    assert options == costs


@pytest.mark.parametrize(("ruleset", "legal"), [("published", False), ("bga", True)])
def test_a_car_in_the_pit_lane_stops_behind_a_car_at_no_cost(ruleset, legal):
    """FD-X-35, FD-B-12.7, FD-BGA-12."""

    def make():
        return scenario(
            [
                {
                    "seat": "A",
                    "space": "p1",
                    "lap": 1,
                    "gear": 3,
                    "colour": "blue",
                    "pit": "lane",
                    "entry_progress": 48,
                },
                {
                    "seat": "B",
                    "space": "p5",
                    "lap": 1,
                    "gear": 1,
                    "colour": "green",
                    "pit": "lane",
                    "entry_progress": 48,
                },
            ],
            dice=["g3:7"],
            laps=2,
            ruleset=ruleset,
            order=["A", "B"],
        )

    race = make()
    gear(race, "A", 3)
    move(race, "A", ["p2", "p3", "p4"])
    assert race.state.by_seat["A"].wear["WP"] == 18
    race = make()
    gear(race, "A", 3)
    if legal:
        move(race, "A", ["p2", "p3"])
        assert race.state.by_seat["A"].wear["WP"] == 17
    else:
        with pytest.raises(IllegalAction, match="automatic"):
            move(race, "A", ["p2", "p3"])


@pytest.mark.parametrize(
    ("laps", "lap", "legal"),
    [(2, 1, True), (2, 2, False), (1, 1, False), (4, 3, True), (4, 4, False)],
)
def test_the_pit_lane_opens_only_when_completing_a_lap_that_is_not_the_last(laps, lap, legal):
    """FD-X-36, FD-B-12.1; FD-V-2.2: a longer race pits at every lap end but the last."""
    race = scenario(
        [{"seat": "A", "space": "r48l2", "lap": lap, "gear": 2, "colour": "red"}],
        dice=["g2:2"],
        laps=laps,
    )
    gear(race, "A", 2)
    if legal:
        move(race, "A", ["p1", "p2"])
        assert race.state.by_seat["A"].pit == "lane"
    else:
        with pytest.raises(IllegalAction, match="pit lane"):
            move(race, "A", ["p1", "p2"])


def test_a_car_in_the_pit_lane_may_not_drive_past_its_box():
    """FD-B-12.5, FD-AMB-15."""
    race = scenario(
        [
            {
                "seat": "A",
                "space": "p1",
                "lap": 1,
                "gear": 3,
                "colour": "red",
                "pit": "lane",
                "entry_progress": 48,
            }
        ],
        dice=["g3:6"],
        laps=2,
    )
    gear(race, "A", 3)
    with pytest.raises(IllegalAction):
        move(race, "A", ["p2", "p3", "p4", "p5", "p6", "p7"])
    move(race, "A", ["p2", "p3", "box_red"])
    assert race.state.by_seat["A"].pit == "box_basic"


def test_a_car_whose_box_is_taken_waits_beside_it_and_enters_later():
    """FD-B-12.7, FD-AMB-16: one car per box; the team-mate waits on p_k at no cost."""
    race = scenario(
        [
            {
                "seat": "A",
                "space": "p1",
                "lap": 1,
                "gear": 3,
                "colour": "red",
                "pit": "lane",
                "entry_progress": 48,
            },
            {
                "seat": "D",
                "space": "box_red",
                "lap": 1,
                "gear": 3,
                "colour": "red",
                "pit": "box_basic",
                "entry_progress": 48,
                "exit_cap": 3,
            },
        ],
        dice=["g3:6"],
        laps=2,
        order=["A", "D"],
    )
    gear(race, "A", 3)
    with pytest.raises(IllegalAction):
        move(race, "A", ["p2", "p3", "box_red"])
    move(race, "A", ["p2", "p3", "p4"])
    car = race.state.by_seat["A"]
    assert race.state.track.ids[car.space] == "p4" and car.wear["WP"] == 18
    race = scenario(
        [
            {
                "seat": "A",
                "space": "p4",
                "lap": 1,
                "gear": 3,
                "colour": "red",
                "pit": "lane",
                "entry_progress": 48,
            }
        ],
        dice=["g3:4"],
        laps=2,
    )
    gear(race, "A", 3)
    move(race, "A", ["box_red"])
    assert race.state.by_seat["A"].pit == "box_basic" and race.state.by_seat["A"].pit_stops == 1
