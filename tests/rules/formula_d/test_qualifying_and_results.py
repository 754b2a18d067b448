"""Qualifying (FD-V-4, FD-BGA-4), classification and points (FD-E-20, FD-V-5, FD-BGA-2)."""

import pytest

from races.rules import IllegalAction, Seat, get_game
from races.rules.formula_d.chance import ScriptedDice
from races.rules.formula_d.race import FormulaDRace
from races.rules.formula_d.rules import qualifying

from .driving import act, events_of, gear, lane, move
from .scenario import qualifying_scenario

GAME = get_game("formula_d")


def bare_race(seats: list[str], **config) -> FormulaDRace:
    cfg = GAME.options.validate({"track": "lakeside_gp", **config})
    return FormulaDRace(cfg, [Seat(s, s) for s in seats], 0, dice=ScriptedDice([]), begin=False)


@pytest.mark.parametrize(
    ("ruleset", "points"), [("published", [0, 0, 0, 0]), ("bga", [10, 9, 8, 0])]
)
def test_the_qualifying_worked_example(ruleset, points):
    """FD-X-37, FD-V-4.6, FD-V-4.8, FD-V-4.9, FD-V-4.10, FD-BGA-4."""
    race = bare_race(list("ABCD"), mode="qualifying", ruleset=ruleset)
    for seat, turns, seconds, over in (("A", 18, 263, 2), ("B", 17, 420, 3), ("C", 19, 496, 0)):
        car = race.state.by_seat[seat]
        car.q_turns, car.q_seconds, car.q_overshoot = turns, seconds, over
    race.state.by_seat["D"].q_failed = True
    race.state.ranking = qualifying.rank(race.state, race.dice, race.emit)
    out = race.result()
    assert [p.seat for p in out.order] == ["A", "B", "C", "D"]
    assert [p.figures["score"] for p in out.order] == [24, 27, 27, None]
    assert [p.figures["qualifying_points"] for p in out.order] == points
    assert out.order[3].status == "eliminated" and not out.order[3].figures["classified"]


def test_qualifying_allows_no_braking():
    """FD-X-38, FD-V-4.3, FD-AMB-29, FD-B-9.4."""
    race = qualifying_scenario({"seat": "A", "space": "r20l1", "gear": 3}, dice=["g3:6"])
    gear(race, "A", 3)
    with pytest.raises(IllegalAction, match="exactly 6"):
        move(race, "A", lane(1, 21, 25))


def test_any_downshift_is_free_in_qualifying():
    """FD-X-38, FD-V-4.3."""
    race = qualifying_scenario({"seat": "A", "space": "r20l1", "gear": 6}, level="advanced")
    costs = {g["gear"]: g["costs"] for g in race.pending[0].options["gears"]}
    assert costs[2] == {} and costs[1] == {}


def test_soft_tyres_double_qualifying_overshoot_points():
    """FD-X-38, FD-V-7.5."""
    race = qualifying_scenario(
        {"seat": "A", "space": "r28l2", "gear": 3, "tires": "soft"},
        dice=["g3:7"],
        level="advanced",
        tire_choice=True,
    )
    gear(race, "A", 3)
    act(race, "A", "boost", soft=False, nitro=False)
    move(race, "A", lane(2, 29, 35))
    assert race.state.by_seat["A"].q_overshoot == 4


def test_leaving_a_three_stop_corner_after_one_stop_ends_the_lap_unclassified():
    """FD-X-38, FD-V-4.7, FD-AMB-31."""
    race = qualifying_scenario(
        {"seat": "A", "space": "r65l2", "gear": 3, "corner": "C4", "stops": 1}, dice=["g3:6"]
    )
    gear(race, "A", 3)
    move(race, "A", lane(2, 66, 71))
    [lap] = events_of(race, "qualifying_lap")
    assert lap["classified"] is False and race.finished


def test_a_qualifying_lap_counts_turns_and_reported_seconds():
    """FD-V-4.6, FD-E-8: the host's elapsed_s, else the modelled seconds per turn."""
    race = qualifying_scenario(
        {"seat": "A", "space": "r115l1", "lap": 1, "gear": 2, "q_turns": 3},
        dice=["g2:4", "g2:2"],
        qualifying_seconds_per_turn=40,
    )
    race.state.by_seat["A"].q_seconds = 90
    act(race, "A", "gear", gear=2, elapsed_s=20)
    act(race, "A", "move", path=lane(1, 116, 119), elapsed_s=15)
    gear(race, "A", 2)
    move(race, "A", ["r0l1"])
    car = race.state.by_seat["A"]
    assert car.q_turns == 5 and car.q_seconds == 90 + 35 + 40
    [lap] = events_of(race, "qualifying_lap")
    assert lap["score"] == 5 + 2 + 0


def finish(race, order, eliminated=()):
    for seat in order:
        car = race.state.by_seat[seat]
        car.status = "finished"
        race.state.finish_order.append(car)
    for seat, progress, tiebreak, turn_seq in eliminated:
        car = race.state.by_seat[seat]
        car.status = "eliminated"
        car.eliminated_at = {
            "round": 9,
            "turn_seq": turn_seq,
            "cause": "corner",
            "progress": progress,
            "tiebreak_progress": tiebreak,
            "space": "r1l1",
        }
    race.state.end_reason = "all_cars_done"
    race._waiting = []


@pytest.mark.parametrize(("ruleset", "x", "y"), [("published", 15, 14), ("bga", 1480, 1320)])
def test_team_points(ruleset, x, y):
    """FD-X-39, FD-V-5.2, FD-BGA-18."""
    cfg = GAME.options.validate({"track": "lakeside_gp", "team_race": True, "ruleset": ruleset})
    seats = [
        Seat("A", "A", team="X"),
        Seat("B", "B", team="Y"),
        Seat("C", "C", team="Y"),
        Seat("D", "D", team="X"),
    ]
    race = FormulaDRace(cfg, seats, 0, dice=ScriptedDice([]), begin=False)
    finish(race, ["A", "B", "C", "D"])
    teams = race.result().details["teams"]
    assert [(t["team"], t["points"]) for t in teams] == [("X", x), ("Y", y)]
    assert race.state.by_seat["A"].colour == race.state.by_seat["D"].colour


@pytest.mark.parametrize(
    ("ruleset", "ranks", "tail"),
    [
        ("bga", None, ["D", "E"]),
        ("bga", {"D": 5, "E": 4}, ["E", "D"]),
        ("published", None, ["E", "D"]),
    ],
)
def test_eliminated_cars_are_classified(ruleset, ranks, tail):
    """FD-X-40, FD-E-20, FD-BGA-2."""
    race = bare_race(list("ABCDE"), ruleset=ruleset, qualifying_ranks=ranks, laps=1)
    for car in race.state.cars:
        car.lap = 1
    finish(race, ["A", "B", "C"], [("D", 95, 95, 40), ("E", 100, 78, 41)])
    out = race.result()
    assert [p.seat for p in out.order] == ["A", "B", "C", *tail]
    if ruleset == "bga":
        assert [p.figures["race_points"] for p in out.order[:3]] == [1000, 720, 600]


def test_a_finishing_car_stops_past_the_line_and_never_collides():
    """FD-X-57, FD-B-13.2."""
    from .driving import scenario

    race = scenario(
        [
            {"seat": "A", "space": "r55l1", "lap": 1, "gear": 4},
            {"seat": "B", "space": "r0l0", "lap": 1, "gear": 1},
        ],
        dice=["g4:10"],
        order=["A", "B"],
    )
    gear(race, "A", 4)
    move(race, "A", [*lane(1, 56, 59), "r0l1"])
    [done] = events_of(race, "finished")
    assert done["seat"] == "A" and done["position"] == 1
    assert events_of(race, "collision_check") == []
