"""Setup, grid, start, turn order and gears (FD-B-2 to FD-B-5, FD-A-2, FD-A-6, FD-E-11)."""

import pytest

from races.rules import ConfigError, IllegalAction, Seat, get_game
from races.rules.formula_d.chance import GEAR_FACES, DiceError, ScriptedDice, SeededDice

from .driving import events_of, gear, move, scenario

GAME = get_game("formula_d")


def seats(n: int, **setup) -> list[Seat]:
    return [Seat(f"S{i}", f"S{i}", kind="bot", bot="rookie", setup=setup) for i in range(n)]


def test_the_gear_dice_have_the_exact_faces():
    """FD-X-01, FD-C-3."""
    assert GEAR_FACES[1] == (1, 1, 2, 2)
    assert GEAR_FACES[2] == (2, 3, 3, 4, 4, 4)
    assert GEAR_FACES[3] == (4, 5, 6, 6, 7, 7, 8, 8)
    assert GEAR_FACES[4] == (7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12)
    assert GEAR_FACES[5] == tuple(range(11, 21)) * 2
    assert GEAR_FACES[6] == tuple(range(21, 31)) * 3 and len(GEAR_FACES[6]) == 30
    assert max(GEAR_FACES[5]) == 20 and max(GEAR_FACES[6]) == 30


def test_a_seeded_roll_indexes_the_face_list():
    """FD-E-11: faces[rng.randrange(len(faces))]."""
    import random

    rng = random.Random(5)
    expected = [GEAR_FACES[3][rng.randrange(8)] for _ in range(5)]
    dice = SeededDice(5)
    assert [dice.roll("g3") for _ in range(5)] == expected


def test_a_scripted_source_refuses_the_wrong_die_a_bad_face_or_an_empty_script():
    """FD-E-13."""
    with pytest.raises(DiceError):
        ScriptedDice(["g1:1"]).roll("black")
    with pytest.raises(DiceError):
        ScriptedDice(["g1:3"]).roll("g1")
    with pytest.raises(DiceError):
        ScriptedDice([]).roll("black")


def test_same_seed_same_log_and_another_seed_another():
    """FD-X-02, FD-E-14."""
    from races.rules import log_hash, run_bot_race

    config = {"track": "paddock_ring"}
    a, _ = run_bot_race(GAME, config, seats(6), 42)
    b, _ = run_bot_race(GAME, config, seats(6), 42)
    c, _ = run_bot_race(GAME, config, seats(6), 43)
    assert log_hash(a.events) == log_hash(b.events)
    assert log_hash(a.events) != log_hash(c.events)


def test_the_grid_roll_off_rerolls_ties_among_themselves():
    """FD-X-03, FD-B-2.2, FD-B-2.3."""
    stalls = ["black:1"] * 3  # round 1 start rolls, so the race waits at round 2
    dice = ScriptedDice(["black:15", "black:15", "black:9", "black:4", "black:12", *stalls])
    three = [Seat(s, s) for s in "ABC"]
    race = GAME.start({"track": "paddock_ring"}, three, 0, dice=dice)
    assert events_of(race, "grid_set")[0]["order"] == ["B", "A", "C"]
    assert len(events_of(race, "grid_roll")) == 5
    assert [e["seat"] for e in events_of(race, "start_roll")] == ["B", "A", "C"]


@pytest.mark.parametrize(
    ("level", "roll", "outcome"),
    [
        ("basic", 17, "great"),
        ("basic", 16, "normal"),
        ("advanced", 17, "normal"),
        ("advanced", 20, "great"),
        ("basic", 1, "stall"),
    ],
)
def test_start_roll_thresholds(level, roll, outcome):
    """FD-X-05, FD-X-06, FD-X-07, FD-B-4.1, FD-A-2.1."""
    dice = [f"black:{roll}"]
    if outcome == "normal":
        dice.append("g1:2")
    if outcome == "stall":
        dice.append("black:1")  # B stalls too; the race waits for round 2's gears
    race = GAME.start(
        {"track": "paddock_ring", "level": level, "grid": ["A", "B"]},
        [Seat("A", "A"), Seat("B", "B")],
        0,
        dice=ScriptedDice(dice),
    )
    start = events_of(race, "start_roll")[0]
    assert start["outcome"] == outcome
    if outcome == "stall":
        assert race.pending[0].kind == "gear"
        assert [g["gear"] for g in race.pending[0].options["gears"]] == [1]
        return
    decision = race.pending[0]
    assert decision.kind == "move"
    assert decision.options["m"] == (4 if outcome == "great" else 2)


def test_a_great_start_moves_four_and_allows_gear_two_next():
    """FD-X-05, FD-B-4.4."""
    race = GAME.start(
        {"track": "paddock_ring", "grid": ["A", "B"]},
        [Seat("A", "A"), Seat("B", "B")],
        0,
        dice=ScriptedDice(["black:17", "black:1"]),
    )
    move(race, "A", ["r0l2", "r1l2", "r2l2", "r3l2"])
    car = race.state.by_seat["A"]
    assert (race.state.track.ids[car.space], car.lap, car.gear) == ("r3l2", 1, 1)
    from races.rules.formula_d.rules.gears import legal_gears

    assert legal_gears(race.state, car) == [1, 2]
    # B stalled: no collision dice were rolled and only gear 1 is legal for it
    assert events_of(race, "collision_check") == []
    assert legal_gears(race.state, race.state.by_seat["B"]) == [1]


def test_turn_order_ties_published_inner_lane_and_bga_arrival():
    """FD-X-08, FD-B-3.3, FD-BGA-1."""
    cars = [
        {"seat": "A", "space": "r5l0", "gear": 4, "arrival": 30},
        {"seat": "B", "space": "r5l2", "gear": 4, "arrival": 33},
        {"seat": "C", "space": "r5l1", "gear": 5},
        {"seat": "D", "space": "r9l1", "gear": 1},
    ]
    published = scenario(cars, round=5)
    assert events_of(published, "round_started")[0]["order"] == ["D", "C", "B", "A"]
    bga = scenario(cars, round=5, ruleset="bga")
    assert events_of(bga, "round_started")[0]["order"] == ["D", "C", "A", "B"]


def test_pit_area_cars_play_after_the_track_cars_past_the_entry():
    """FD-X-09, FD-B-3.4."""
    race = scenario(
        [
            {"seat": "A", "space": "p6", "lap": 1, "pit": "lane", "entry_progress": 48},
            {"seat": "B", "space": "r50l0", "lap": 1},
            {"seat": "C", "space": "r1l0", "lap": 2},
            {"seat": "D", "space": "r40l1", "lap": 1},
        ],
        laps=2,
    )
    assert events_of(race, "round_started")[0]["order"] == ["C", "B", "A", "D"]


@pytest.mark.parametrize(("to", "wear"), [(4, 17), (3, 16), (2, 15)])
def test_basic_skip_costs(to, wear):
    """FD-X-10, FD-B-5.3."""
    race = scenario(
        [{"seat": "A", "space": "r0l1", "gear": 6}], dice=[f"g{to}:{min(GEAR_FACES[to])}"]
    )
    gear(race, "A", to)
    assert race.state.by_seat["A"].wear["WP"] == wear


def test_basic_illegal_gears():
    """FD-X-10, FD-B-5.2, FD-B-5.6."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 6}])
    with pytest.raises(IllegalAction, match="6 to 1"):
        gear(race, "A", 1)
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 3}])
    with pytest.raises(IllegalAction, match="up one gear only"):
        gear(race, "A", 5)
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 6, "wear": {"WP": 3}}], dice=["g3:4"])
    with pytest.raises(IllegalAction, match="cannot pay"):
        gear(race, "A", 2)
    gear(race, "A", 3)
    assert race.state.by_seat["A"].wear["WP"] == 1


@pytest.mark.parametrize(
    ("frm", "wear", "legal"),
    [(5, {"Gb": 0}, [4, 5, 6]), (6, {"Br": 0}, [4, 5, 6]), (6, {"En": 1}, [3, 4, 5, 6])],
)
def test_advanced_skip_limits(frm, wear, legal):
    """FD-X-11, FD-A-6.2, FD-A-6.3."""
    from races.rules.formula_d.rules.gears import legal_gears

    race = scenario([{"seat": "A", "space": "r0l1", "gear": frm, "wear": wear}], level="advanced")
    assert legal_gears(race.state, race.state.by_seat["A"]) == legal


def test_advanced_skip_costs_five_to_two():
    """FD-X-11, FD-A-6.1."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 5}], level="advanced", dice=["g2:2"])
    gear(race, "A", 2)
    car = race.state.by_seat["A"]
    assert (car.wear["Gb"], car.wear["Br"], car.wear["En"]) == (2, 2, 3)


def test_a_spun_car_must_select_gear_one():
    """FD-B-5.5, FD-A-4.4."""
    race = scenario([{"seat": "A", "space": "r0l1", "gear": 1, "spun": True}], level="advanced")
    assert [g["gear"] for g in race.pending[0].options["gears"]] == [1]


@pytest.mark.parametrize(
    "config",
    [
        {"track": "nowhere"},
        {"track": "paddock_ring", "weather": True},
        {"track": "paddock_ring", "laps": 6},
        {"track": "paddock_ring", "nitro": True},
        {"track": "paddock_ring", "level": "expert"},
        {"track": "lakeside_night", "level": "advanced", "laps": 3},
        {"track": "paddock_ring", "special_drivers": True},
    ],
)
def test_bad_options_are_refused_before_anything_happens(config):
    """FD-O-1, FD-O-2."""
    with pytest.raises(ConfigError):
        GAME.start(config, seats(2), 1)


def test_seat_rules_are_checked():
    """FD-O-2: 2 to 10 cars, teams of two, a full grid."""
    with pytest.raises(ConfigError):
        GAME.start({"track": "paddock_ring"}, seats(1), 1)
    with pytest.raises(ConfigError):
        GAME.start({"track": "paddock_ring", "team_race": True}, seats(4), 1)
    with pytest.raises(ConfigError):
        GAME.start({"track": "paddock_ring", "grid": ["S0"]}, seats(2), 1)


def test_the_default_laps_follow_the_level():
    """FD-O-1: basic 1, advanced 2."""
    assert GAME.options.validate({"track": "paddock_ring"})["laps"] == 1
    assert GAME.options.validate({"track": "paddock_ring", "level": "advanced"})["laps"] == 2


def test_the_gear_panel_lists_ranges_costs_and_the_stops_owed_ahead():
    """FD-E-9: a web panel builds the gear choice from Decision.options alone."""
    race = scenario([{"seat": "A", "space": "r3l1", "gear": 4}])
    options = race.pending[0].options
    assert options["owed"] == {"corner": "T1", "stops": 1, "made": 0, "ranks_to_exit": 8}
    gears = {g["gear"]: g for g in options["gears"]}
    assert gears[5]["range"] == [11, 20] and gears[2]["costs"] == {"WP": 1}
    assert [a.params["gear"] for a in race.legal_actions("A")] == sorted(gears)


def test_a_move_panel_previews_each_candidate():
    """FD-E-7: one canonical path per end with its preview."""
    race = scenario([{"seat": "A", "space": "r5l0", "gear": 3}], dice=["g3:8"])
    gear(race, "A", 3)
    paths = race.pending[0].options["paths"]
    over = next(p for p in paths if p["to"] == "r13l0")
    assert over["overshoots"] == [{"corner": "T1", "distance": 2, "missing": 1}]
    assert over["travelled"] == 8 and over["braking"] == 0
    braked = [p for p in paths if p["brake_kind"] == "voluntary"]
    assert braked and all(p["braking"] == 8 - p["travelled"] for p in braked)
    assert len(race.legal_actions("A")) == len(paths)
    for action in race.legal_actions("A"):
        assert race.validate("A", action) is None
