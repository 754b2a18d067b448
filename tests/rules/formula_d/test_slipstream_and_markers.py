"""Slipstream (FD-A-10) and damage markers (FD-A-9)."""

import pytest

from .driving import act, events_of, gear, lane, move, scenario

FULL_SHAPES = {
    ("r55l0", "r56l0", "r57l1"),
    ("r55l0", "r56l1", "r57l1"),
    ("r55l2", "r56l2", "r57l1"),
    ("r55l2", "r56l1", "r57l1"),
    ("r55l0", "r56l0", "r57l0"),
    ("r55l2", "r56l2", "r57l2"),
}


def slip_race(b_gear=4, a_gear=4, extra=(), dice=("g4:8",)):
    return scenario(
        [
            {"seat": "A", "space": "r46l1", "gear": a_gear},
            {"seat": "B", "space": "r55l1", "gear": b_gear},
            *extra,
        ],
        track="lakeside_gp",
        dice=[*dice, *["black:10"] * 4],
        order=["A", "B", *[c["seat"] for c in extra]],
        level="advanced",
    )


def test_the_three_slipstream_shapes_are_offered_behind_a_car():
    """FD-X-29, FD-A-10.1, FD-A-10.3."""
    race = slip_race()
    gear(race, "A", 4)
    move(race, "A", lane(1, 47, 54))
    decision = race.pending[0]
    assert decision.kind == "slipstream"
    full = {tuple(p["path"]) for p in decision.options["paths"] if len(p["path"]) == 3}
    assert full == FULL_SHAPES


@pytest.mark.parametrize(("a_gear", "b_gear", "brake"), [(4, 5, 0), (4, 3, 0), (4, 4, 1)])
def test_no_slipstream_behind_a_faster_or_slow_car_or_after_braking(a_gear, b_gear, brake):
    """FD-X-29: (e), (d) and (a) of FD-A-10.1."""
    race = slip_race(b_gear=b_gear, a_gear=a_gear, dice=(f"g{a_gear}:{8 + brake}",))
    gear(race, "A", a_gear)
    move(race, "A", lane(1, 47, 54))
    assert not any(d.kind == "slipstream" for d in race.pending)
    assert race.state.by_seat["A"].space == race.state.track.index["r54l1"]


def test_an_unbraked_slipstream_can_chain_and_a_braked_one_cannot():
    """FD-X-30, FD-A-10.4, FD-A-10.5."""
    third = [{"seat": "C", "space": "r58l1", "gear": 4}]
    race = slip_race(extra=third)
    gear(race, "A", 4)
    move(race, "A", lane(1, 47, 54))
    act(race, "A", "slipstream", path=["r55l0", "r56l1", "r57l1"])
    assert race.pending[0].kind == "slipstream"
    race = slip_race(extra=third)
    gear(race, "A", 4)
    move(race, "A", lane(1, 47, 54))
    act(race, "A", "slipstream", path=["r55l0", "r56l0"])
    assert race.state.by_seat["A"].wear["Br"] == 2
    assert race.finished


@pytest.mark.parametrize("brakes", [3, 0])
def test_a_slipstream_into_a_corner_costs_a_brake_point(brakes):
    """FD-X-31, FD-A-10.6."""
    race = scenario(
        [
            {"seat": "A", "space": "r59l1", "lap": 1, "gear": 4, "wear": {"Br": brakes}},
            {"seat": "B", "space": "r7l1", "lap": 2, "gear": 4},
        ],
        dice=["g4:7", "black:10", "black:10"],
        order=["A", "B"],
        level="advanced",
    )
    gear(race, "A", 4)
    move(race, "A", lane(1, 0, 6))
    if brakes == 0:
        assert not any(d.kind == "slipstream" for d in race.pending)
        return
    options = race.pending[0].options["paths"]
    full = [o for o in options if len(o["path"]) == 3]
    assert full and all(o["corner_entry"] and o["brake_points"] == 1 for o in full)
    act(race, "A", "slipstream", path=full[0]["path"])
    car = race.state.by_seat["A"]
    assert car.wear["Br"] == 2 and car.corner >= 0 and car.stops == 1


@pytest.mark.parametrize(
    ("weather", "roll", "lost"), [("SUNNY", 4, 1), ("SUNNY", 5, 0), ("RAIN", 5, 1)]
)
def test_a_marked_space_makes_one_suspension_check(weather, roll, lost):
    """FD-X-28, FD-A-9.3, FD-A-9.4, FD-C-6, FD-AMB-01: two markers act as one."""
    race = scenario(
        [{"seat": "A", "space": "r12l1", "gear": 2}],
        dice=["g2:3", f"black:{roll}"],
        markers={"r14l1": 2},
        level="advanced",
        weather=weather,
    )
    gear(race, "A", 2)
    move(race, "A", lane(1, 13, 15))
    assert len(events_of(race, "marker_check")) == 1
    assert race.state.by_seat["A"].wear["Su"] == 2 - lost


def test_the_start_space_of_a_move_is_not_checked():
    """FD-A-9.3."""
    race = scenario(
        [{"seat": "A", "space": "r14l1", "gear": 2}],
        dice=["g2:2"],
        markers={"r14l1": 1},
        level="advanced",
    )
    gear(race, "A", 2)
    move(race, "A", lane(1, 15, 16))
    assert events_of(race, "marker_check") == []


@pytest.mark.parametrize("ruleset", ["published", "bga"])
def test_an_engine_check_elimination_leaves_a_marker_under_both_rulesets(ruleset):
    """FD-X-59, FD-BGA-17."""
    race = scenario(
        [{"seat": "A", "space": "r106l1", "gear": 5, "wear": {"En": 1}}],
        track="lakeside_gp",
        dice=["g5:20", "black:1"],
        level="advanced",
        ruleset=ruleset,
    )
    gear(race, "A", 5)
    move(race, "A", [*lane(1, 107, 119), *lane(1, 0, 6)])
    car = race.state.by_seat["A"]
    assert car.eliminated_at["cause"] == "engine"
    assert race.state.markers.get(car.space, 0) >= 1


def test_a_skip_of_three_gears_marks_the_space_where_the_turn_ends():
    """FD-X-11, FD-A-6.4, FD-A-9.1, FD-AMB-23."""
    race = scenario([{"seat": "A", "space": "r12l1", "gear": 6}], dice=["g2:2"], level="advanced")
    gear(race, "A", 2)
    car = race.state.by_seat["A"]
    assert (car.wear["Gb"], car.wear["Br"], car.wear["En"]) == (2, 2, 2)
    assert race.state.markers == {}
    move(race, "A", lane(1, 13, 14))
    assert race.state.markers == {race.state.track.index["r14l1"]: 1}


@pytest.mark.parametrize(("ruleset", "longest"), [("published", 3), ("bga", 4)])
def test_an_unused_soft_bonus_adds_a_slipstream_step_under_bga(ruleset, longest):
    """FD-BGA-10, FD-A-10.8."""
    race = scenario(
        [
            {"seat": "A", "space": "r46l1", "gear": 4, "tires": "soft", "fit_lap": 1},
            {"seat": "B", "space": "r55l1", "gear": 4, "tires": "hard"},
        ],
        track="lakeside_gp",
        dice=["g4:8"],
        order=["A", "B"],
        level="advanced",
        ruleset=ruleset,
        tire_choice=True,
    )
    gear(race, "A", 4)
    act(race, "A", "boost", soft=False, nitro=False)
    move(race, "A", lane(1, 47, 54))
    paths = race.pending[0].options["paths"]
    assert max(len(p["path"]) for p in paths) == longest
    if longest == 4:
        act(race, "A", "slipstream", path=["r55l0", "r56l0", "r57l1", "r58l1"])
        assert race.state.track.ids[race.state.by_seat["A"].space] == "r58l1"


@pytest.mark.parametrize(("ruleset", "markers"), [("published", 3), ("bga", 2)])
def test_an_engine_point_lost_to_a_skip_keeps_its_marker_when_the_car_is_eliminated(
    ruleset, markers
):
    """FD-A-9.1, FD-A-6.4, FD-A-9.5, FD-BGA-17: a three-gear skip costs an Engine point
    in the car's own turn; a failed marker check then takes its last suspension point.
    The skip's marker is placed where the turn ends (the marked space), under both
    rulesets; only published adds the elimination's own marker."""
    race = scenario(
        [{"seat": "A", "space": "r12l1", "gear": 6, "wear": {"Su": 1}}],
        dice=["g2:2", "black:1"],
        level="advanced",
        ruleset=ruleset,
        markers={"r13l1": 1},
    )
    gear(race, "A", 2)
    move(race, "A", lane(1, 13, 14))
    car = race.state.by_seat["A"]
    assert car.wear["En"] == car.maxima["En"] - 1
    assert car.eliminated_at["cause"] == "suspension"
    assert race.state.track.ids[car.space] == "r13l1"
    assert race.state.markers == {race.state.track.index["r13l1"]: markers}
    placed = [e for e in events_of(race, "marker_placed") if e["seat"] == "A"]
    assert [e["cause"] for e in placed] == ["damage", "eliminated"][: markers - 1]


@pytest.mark.parametrize(("ruleset", "markers"), [("published", 2), ("bga", 2)])
def test_an_engine_check_elimination_in_the_cars_own_turn_leaves_the_loss_marker_too(
    ruleset, markers
):
    """FD-A-9.1, FD-A-9.2, FD-BGA-17: the last Engine point lost to the car's own
    maximum roll owes a marker, and the engine-check elimination places one."""
    race = scenario(
        [{"seat": "A", "space": "r106l1", "gear": 5, "wear": {"En": 1}}],
        track="lakeside_gp",
        dice=["g5:20", "black:1"],
        level="advanced",
        ruleset=ruleset,
    )
    gear(race, "A", 5)
    move(race, "A", [*lane(1, 107, 119), *lane(1, 0, 6)])
    car = race.state.by_seat["A"]
    assert car.eliminated_at["cause"] == "engine"
    assert race.state.markers == {car.space: markers}
