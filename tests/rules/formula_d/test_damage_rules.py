"""Rules of races/rules/formula_d/rules/damage.py that mutation testing
found unpinned (issue 27): the tie-break progress of a car eliminated while
moving (FD-BGA-2), an overshoot with 0 tyre points under bga (FD-BGA-8),
rain tyres in the dry (FD-V-7.5), exactly one tyre point with the tyre
multiplier (FD-A-4.3), damage markers never on pit-lane or off-track spaces
(FD-A-9.6), and the amounts a repair reports."""

import pytest

from races.rules.contract import Seat
from races.rules.formula_d import GAME
from races.rules.formula_d.rules.damage import (
    can_pay_voluntary,
    eliminate,
    forced_braking_costs,
    lose,
    overshoot_penalty,
    place_marker,
    repair,
    tyre_multiplier,
)
from races.rules.formula_d.rules.gears import skip_costs
from races.rules.formula_d.rules.track import TRACK


def race_state(**flags):
    race = GAME.start(
        {"track": "paddock_ring", "level": "advanced"}, [Seat("A", "A"), Seat("B", "B")], 0
    )
    rs = race.state
    for key, value in flags.items():
        setattr(rs, key, value)
    return rs


class Log(list):
    def __call__(self, event_type, seat, /, **data):
        self.append((event_type, seat, data))


def test_a_car_eliminated_while_moving_keeps_the_progress_of_its_turn_s_start():
    """FD-BGA-2: distance covered measured at the start of the fatal turn
    for a movement elimination (corner, braking, tyres); else where it is."""
    for cause, moving in (("corner", True), ("braking", True), ("tyres", True),
                          ("collision", False), ("engine", False)):  # fmt: skip
        rs = race_state()
        car = rs.cars[0]
        car.lap, car.turn_start_progress = 2, 7
        log = Log()
        eliminate(rs, log, car, cause)
        progress = rs.progress(car)
        assert progress != 7
        expected = 7 if moving else progress
        assert car.eliminated_at["tiebreak_progress"] == expected
        assert car.eliminated_at["progress"] == progress
        [(kind, seat, data)] = [e for e in log if e[0] == "eliminated"]
        assert (data["tiebreak_progress"], data["progress"]) == (expected, progress)


@pytest.mark.parametrize(
    "bga, tyres, distance, expected",
    [
        (True, 0, 1, ("spin", 1)),  # FD-BGA-8: T = 0 and P = 1: spin, T becomes 1
        (True, 0, 2, ("eliminated", 0)),
        (True, 2, 2, ("spin", 1)),  # P = T
        (True, 3, 2, ("pay", 1)),
        (True, 1, 2, ("eliminated", 1)),
        (False, 0, 1, ("spin", 0)),  # FD-A-4.3: T = 0, one space: spin again, T stays 0
        (False, 0, 2, ("eliminated", 0)),
        (False, 2, 2, ("spin", 0)),
        (False, 3, 1, ("pay", 2)),
        (False, 1, 2, ("eliminated", 1)),
    ],
)
def test_the_overshoot_table(bga, tyres, distance, expected):
    rs = race_state(bga=bga, tire_effects=False)
    car = rs.cars[0]
    car.wear["T"] = tyres
    assert overshoot_penalty(rs, car, distance) == expected


def test_exactly_one_tyre_point_with_the_soft_tyre_multiplier():
    """FD-V-7.5 with FD-A-4.3 / FD-BGA-8: one space on soft tyres costs 2
    points, more than the one point left: eliminated; on hard tyres the
    same space costs 1 = T: a spin."""
    for bga, spun in ((False, ("spin", 0)), (True, ("spin", 1))):
        rs = race_state(bga=bga, tire_effects=True)
        car = rs.cars[0]
        car.wear["T"], car.lap, car.fit_lap = 1, 1, 1
        car.tires = "soft"
        assert overshoot_penalty(rs, car, 1) == ("eliminated", 1)
        car.tires = "hard"
        assert overshoot_penalty(rs, car, 1) == spun


@pytest.mark.parametrize(
    "tires, weather, lap, qualifying, factor",
    [
        ("rain", "SUNNY", 1, False, 2),  # rain tyres in the dry wear like soft ones
        ("rain", "SUNNY", 3, False, 3),  # tyre lap 3+
        ("rain", "SUNNY", 1, True, 2),
        ("rain", "CLOUDY", 2, False, 2),
        ("rain", "RAIN", 3, False, 1),  # in the wet: x1
        ("rain", "CLOUDY_WET", 3, False, 1),
        ("soft", "RAIN", 3, False, 3),
        ("soft", "SUNNY", 2, False, 2),
        ("hard", "SUNNY", 3, False, 1),
        (None, "SUNNY", 3, False, 1),
    ],
)
def test_the_tyre_multiplier_table(tires, weather, lap, qualifying, factor):
    """FD-V-7.5."""
    rs = race_state(tire_effects=True, weather=weather)
    car = rs.cars[0]
    car.tires, car.lap, car.fit_lap = tires, lap, 1
    assert tyre_multiplier(rs, car, qualifying) == factor
    rs.tire_effects = False
    assert tyre_multiplier(rs, car, qualifying) == 1


def test_damage_markers_lie_only_on_main_track_spaces():
    """FD-A-9.6: not in the pit lane, not off the track (a car not yet
    placed), and not in basic mode."""
    rs = race_state()
    pit = next(i for i, k in enumerate(rs.track.kind_of) if k != TRACK)
    track = next(i for i, k in enumerate(rs.track.kind_of) if k == TRACK)
    log = Log()
    place_marker(rs, log, pit, "damage", "A")
    place_marker(rs, log, -1, "damage", "A")
    assert rs.markers == {} and log == []
    place_marker(rs, log, track, "damage", "A")
    place_marker(rs, log, track, "damage", "A")
    assert rs.markers == {track: 2}
    assert [d["space"] for _, _, d in log] == [rs.track.ids[track]] * 2
    basic = race_state(advanced=False)
    place_marker(basic, log, track, "damage", "A")
    assert basic.markers == {}


def test_an_engine_point_lost_off_the_car_s_turn_marks_its_space_but_not_the_pit_lane():
    """FD-A-9.1, FD-A-9.6: points lost outside the car's own turn are marked
    at once on its space, one marker a point; in the pit lane none."""
    rs = race_state()
    car = rs.cars[0]
    track = next(i for i, k in enumerate(rs.track.kind_of) if k == TRACK)
    pit = next(i for i, k in enumerate(rs.track.kind_of) if k != TRACK)
    car.space = track
    log = Log()
    assert lose(rs, log, car, "En", 2, "engine", own_turn=False) is False
    assert rs.markers == {track: 2} and car.wear["En"] == 1
    car.space = pit
    lose(rs, log, car, "Bo", 1, "collision", own_turn=False)
    assert rs.markers == {track: 2}
    lose(rs, log, car, "Bo", 1, "collision", own_turn=True)
    assert car.pending_markers == 1
    wear = [d for kind, _, d in log if kind == "wear_changed"]
    assert [(d["category"], d["delta"], d["value"]) for d in wear] == [
        ("En", -2, 1), ("Bo", -1, 2), ("Bo", -1, 1)]  # fmt: skip


def test_a_repair_reports_what_it_gave_back_up_to_the_maximum():
    rs = race_state()
    car = rs.cars[0]
    car.wear["T"] = 3
    log = Log()
    assert repair(log, car, "T", 2, "pit") == 2
    assert log[-1] == ("wear_changed", "A", {"category": "T", "delta": 2, "value": 5,
                                             "cause": "pit"})  # fmt: skip
    assert repair(log, car, "T", 4, "pit") == 1  # only up to the maximum of 6
    assert log[-1][2]["delta"] == 1 and log[-1][2]["value"] == 6
    before = len(log)
    assert repair(log, car, "T", 3, "pit") == 0
    assert len(log) == before  # nothing given back, nothing logged


def test_a_voluntary_payment_may_not_empty_a_fatal_category():
    """FD-B-5.6."""
    rs = race_state()
    car = rs.cars[0]
    car.wear.update(Br=1, En=1)
    assert can_pay_voluntary(rs, car, {"Br": 1})
    assert not can_pay_voluntary(rs, car, {"En": 1})
    assert not can_pay_voluntary(rs, car, {"Br": 2})
    basic = race_state(advanced=False)
    basic.cars[0].wear = {"WP": 3}
    assert can_pay_voluntary(basic, basic.cars[0], {"Br": 1, "T": 1})
    assert not can_pay_voluntary(basic, basic.cars[0], {"Br": 2, "T": 1})


def test_a_category_charged_nothing_never_blocks_a_voluntary_payment():
    """FD-B-5.6: only "every category charged" must hold the amount and stay at 1; a cost of
    0 points charges nothing, even from a fatal category already at 0 (mutation survivor
    of issue 27: `amount > 0`), and a refusal is the boolean False."""
    rs = race_state()
    car = rs.cars[0]
    car.wear.update(Br=3, En=0)
    assert can_pay_voluntary(rs, car, {"Br": 1, "En": 0}) is True
    assert can_pay_voluntary(rs, car, {"En": 1}) is False
    assert can_pay_voluntary(rs, car, {"Br": 4}) is False


def test_forced_braking_under_bga_takes_three_brake_points_first():
    """FD-BGA-3 and FD-A-5.2."""
    rs = race_state(bga=True)
    car = rs.cars[0]
    car.wear.update(Br=4, T=6)
    assert forced_braking_costs(rs, car, 5) == {"Br": 4, "T": 1}
    assert forced_braking_costs(rs, car, 2) == {"Br": 2, "T": 0}
    assert forced_braking_costs(rs, car, 5, {"Br": 3, "T": 2}) == {"Br": 3, "T": 2}
    assert forced_braking_costs(rs, car, 5, {"Br": 2, "T": 3}) is None
    assert forced_braking_costs(rs, car, 0) == {}
    published = race_state(bga=False)
    assert forced_braking_costs(published, published.cars[0], 4) == {"Br": 3, "T": 1}
    assert forced_braking_costs(published, published.cars[0], 7) is None


def test_a_brake_split_that_leaves_out_a_category_pays_none_of_it():
    """FD-BGA-3: `brake_split = {Br, T}` shares every one of the b spaces; a category it
    leaves out is 0 points of it, so the split must still add up to b (mutation survivors
    of issue 27 at damage.py's split defaults)."""
    rs = race_state(bga=True)
    car = rs.cars[0]
    car.wear.update(Br=6, T=6)
    # no tyre points named: all five spaces on the brakes
    assert forced_braking_costs(rs, car, 5, {"Br": 5}) == {"Br": 5, "T": 0}
    # no brake points named: 0 + 0 does not pay one space (and the first three are brakes)
    assert forced_braking_costs(rs, car, 1, {"T": 0}) is None
    assert forced_braking_costs(rs, car, 1, {}) == {"Br": 1, "T": 0}  # no split: the default


def test_published_forced_braking_costs_tyres_only_from_four_spaces():
    """FD-A-5.2: 1-3 forced spaces cost brake points only."""
    rs = race_state(bga=False)
    car = rs.cars[0]
    assert [forced_braking_costs(rs, car, b) for b in (1, 2, 3)] == [
        {"Br": 1, "T": 0}, {"Br": 2, "T": 0}, {"Br": 3, "T": 0}]  # fmt: skip
    assert forced_braking_costs(rs, car, 5) == {"Br": 3, "T": 2}
    assert forced_braking_costs(rs, car, 6) == {"Br": 3, "T": 3}


def test_losing_nothing_or_hitting_an_eliminated_car_changes_nothing():
    rs = race_state()
    car = rs.cars[0]
    log = Log()
    assert lose(rs, log, car, "En", 0, "engine", own_turn=True) is False
    car.status = "eliminated"
    assert lose(rs, log, car, "En", 2, "engine", own_turn=True) is False
    assert log == [] and car.wear["En"] == 3


def test_a_race_overshoot_uses_the_race_column_of_the_tyre_table():
    """FD-V-7.5: soft tyres on their third lap cost x3 in a race (x2 is the
    qualifying column): 2 spaces cost 6 of 5 points."""
    rs = race_state(bga=False, tire_effects=True)
    car = rs.cars[0]
    car.tires, car.lap, car.fit_lap, car.wear["T"] = "soft", 3, 1, 5
    assert overshoot_penalty(rs, car, 2) == ("eliminated", 5)


def test_published_forced_braking_may_use_the_last_tyre_points():
    """FD-A-5.2: paying exactly the tyre points left is allowed."""
    rs = race_state(bga=False)
    car = rs.cars[0]
    car.wear.update(Br=3, T=2)
    assert forced_braking_costs(rs, car, 5) == {"Br": 3, "T": 2}
    car.wear["T"] = 1
    assert forced_braking_costs(rs, car, 5) is None


def test_an_elimination_says_whether_it_leaves_a_marker():
    """FD-A-9.6, FD-BGA-17: a marker on a main-track space, none in the pit lane."""
    rs = race_state()
    car = rs.cars[0]
    car.space = next(i for i, k in enumerate(rs.track.kind_of) if k == TRACK)
    log = Log()
    eliminate(rs, log, car, "engine")
    assert [d["marker"] for kind, _, d in log if kind == "eliminated"] == [True]
    pit = race_state()
    car = pit.cars[0]
    car.space = next(i for i, k in enumerate(pit.track.kind_of) if k != TRACK)
    log = Log()
    eliminate(pit, log, car, "engine")
    assert [d["marker"] for kind, _, d in log if kind == "eliminated"] == [False]
    assert pit.markers == {}


def test_forced_braking_under_bga_may_use_the_last_brake_and_tyre_points_exactly():
    """FD-BGA-3: a car pays with every point it has left, both categories
    at once; one point more in either and it cannot pay (mutation testing,
    issue 27)."""
    rs = race_state(bga=True)
    car = rs.cars[0]
    car.wear.update(Br=3, T=2)
    assert forced_braking_costs(rs, car, 5) == {"Br": 3, "T": 2}
    assert forced_braking_costs(rs, car, 5, {"Br": 3, "T": 2}) == {"Br": 3, "T": 2}
    assert forced_braking_costs(rs, car, 6) is None  # a tyre point short
    car.wear.update(Br=2, T=6)
    assert forced_braking_costs(rs, car, 3) is None  # a brake point short, tyres plenty


def test_a_forced_braking_split_names_its_missing_category_as_zero():
    """FD-BGA-3: a split that leaves out tyres pays none, one that leaves
    out brakes pays no brake point (so it cannot pay the three first)."""
    rs = race_state(bga=True)
    car = rs.cars[0]
    car.wear.update(Br=6, T=6)
    assert forced_braking_costs(rs, car, 3, {"Br": 3}) == {"Br": 3, "T": 0}
    assert forced_braking_costs(rs, car, 1, {"T": 0}) is None
    assert forced_braking_costs(rs, car, 1, {"Br": 1}) == {"Br": 1, "T": 0}


@pytest.mark.parametrize(
    ("advanced", "bga", "cause", "on_track", "marked"),
    [
        (True, False, "corner", True, True),
        (True, False, "corner", False, False),  # FD-A-9.6: not in the pit lane
        (True, True, "corner", True, False),  # FD-BGA-17
        (True, True, "collision", True, True),
        (False, False, "engine", True, False),  # basic: no markers at all
    ],
)
def test_the_elimination_event_says_whether_its_marker_lies(advanced, bga, cause, on_track, marked):
    """FD-A-9.6, FD-BGA-17: the `eliminated` event's `marker` is true only
    when a marker is owed (advanced, not spared under bga) and the car is on
    a main-track space (mutation testing, issue 27)."""
    rs = race_state(advanced=advanced, bga=bga)
    car = rs.cars[0]
    car.space = next(i for i, k in enumerate(rs.track.kind_of) if (k == TRACK) is on_track)
    log = Log()
    eliminate(rs, log, car, cause)
    [(_, _, data)] = [e for e in log if e[0] == "eliminated"]
    assert data["marker"] is marked


@pytest.mark.parametrize(
    "start, to, costs",
    [
        (5, 3, {"Gb": 1}),
        (5, 2, {"Gb": 1, "Br": 1}),
        (5, 1, {"Gb": 1, "Br": 1, "En": 1}),
        (5, 4, {}),
    ],
)
def test_the_advanced_skip_cost_table(start, to, costs):
    """FD-A-6.1: skipping one gear costs 1 gearbox point, two add 1 brake point, three add
    1 engine point (mutation survivor of issue 27: the table's first row)."""
    rs = race_state()
    car = rs.cars[0]
    car.gear = start
    assert skip_costs(rs, car, to) == costs
