"""Weather (FD-V-6, FD-BGA-6, FD-BGA-7), tyres (FD-V-7, FD-BGA-9), build your car (FD-V-3,
FD-BGA-15) and technical stops (FD-V-8, FD-BGA-14)."""

import pytest

from races.rules import ConfigError, IllegalAction, Seat, get_game
from races.rules.formula_d.chance import ScriptedDice
from races.rules.formula_d.rules.variants import weather

from .driving import act, events_of, gear, lane, move, scenario

GAME = get_game("formula_d")


def test_a_maximum_roll_changes_the_weather_before_the_move_published():
    """FD-X-41, FD-V-6.4, FD-V-7.7, FD-AMB-35, FD-AMB-36: the slide and the wet engine checks
    apply at once (before the move), and RAIN_VAR has the rain effects.

    Here the slide carries A out of the 2-stop C1 unstopped, so A is eliminated
    and only B (gear 5) makes the wet engine check."""
    race = scenario(
        [
            {"seat": "A", "space": "r106l1", "lap": 1, "gear": 6, "tires": "hard"},
            {"seat": "B", "space": "r40l0", "lap": 1, "gear": 5, "tires": "hard"},
        ],
        order=["A", "B"],
        track="lakeside_gp",
        dice=["g6:30", "black:5", "black:3"],
        level="advanced",
        tire_choice=True,
        weather=True,
        weather_state="CLOUDY",
    )
    gear(race, "A", 6)
    assert race.state.weather == "RAIN_VAR"
    assert race.pending[0].options["slide"] == 3
    path = [*lane(1, 107, 119), *lane(1, 0, 15), *lane(1, 17, 20)]
    move(race, "A", path)
    [moved] = events_of(race, "moved")
    assert moved["m"] == 33 and moved["slide"] == 3
    assert race.state.by_seat["A"].eliminated_at["cause"] == "corner"
    [check] = events_of(race, "engine_check")
    assert (check["seat"], check["threshold"], check["failed"]) == ("B", 3, True)


@pytest.mark.parametrize(
    ("state", "roll", "after"),
    [
        ("SUN_VAR", 10, "SUN_VAR"),
        ("SUN_VAR", 13, "SUNNY"),
        ("RAIN_VAR", 13, "SUN_VAR"),
        ("CLOUDY", 8, "CLOUDY"),
        ("CLOUDY", 2, "RAIN_VAR"),
        ("RAIN_VAR", 2, "RAIN"),
    ],
)
def test_the_weather_ladder(state, roll, after):
    """FD-X-42, FD-V-6.5."""
    race = scenario([{"seat": "A", "space": "r0l1"}], dice=[f"black:{roll}"], level="advanced")
    race.state.weather = state
    list(weather.change(race.state, race.dice, race.emit, "A"))
    assert race.state.weather == after


def test_settled_weather_never_rolls_again():
    """FD-X-42: SUNNY and RAIN are final."""
    race = scenario([{"seat": "A", "space": "r0l1"}], level="advanced")
    for state in ("SUNNY", "RAIN"):
        race.state.weather = state
        list(
            weather.change(race.state, race.dice, race.emit, "A")
        )  # the empty script would raise on a roll
        assert race.state.weather == state


def test_bga_queues_weather_rolls_to_the_end_of_the_round():
    """FD-X-43, FD-BGA-6."""
    race = scenario(
        [{"seat": "A", "space": "r0l1"}, {"seat": "C", "space": "r0l2"}],
        dice=["black:3", "black:15"],
        level="advanced",
        ruleset="bga",
        weather=True,
        order=["A", "C"],
    )
    race.state.weather = "CLOUDY"
    for seat in ("A", "C"):
        list(weather.on_maximum(race.state, race.dice, race.emit, race.state.by_seat[seat]))
    assert race.state.weather == "CLOUDY" and race.state.weather_queue == ["A", "C"]
    list(weather.end_of_round(race.state, race.dice, race.emit))
    rolls = events_of(race, "weather_rolled")
    assert [(r["seat"], r["after"]) for r in rolls] == [("A", "RAIN_VAR"), ("C", "SUN_VAR")]


@pytest.mark.parametrize(("ruleset", "state"), [("published", "CLOUDY"), ("bga", "CLOUDY_WET")])
def test_variable_race_weather_after_a_wet_qualifying(ruleset, state):
    """FD-X-44, FD-BGA-7."""
    race = GAME.start(
        {
            "track": "paddock_ring",
            "level": "advanced",
            "weather": True,
            "ruleset": ruleset,
            "qualifying_weather": "wet",
            "grid": ["A", "B"],
        },
        [Seat("A", "A"), Seat("B", "B")],
        0,
        dice=ScriptedDice(["black:10", "black:1", "black:1"]),
    )
    assert race.state.weather == state


def soft(lap: int, fit_lap: int, roll: int, dice_extra=()):
    race = scenario(
        [
            {
                "seat": "A",
                "space": "r5l0",
                "lap": lap,
                "gear": 3,
                "tires": "soft",
                "fit_lap": fit_lap,
            }
        ],
        dice=[f"g3:{roll}", *dice_extra],
        level="advanced",
        laps=3,
        tire_choice=True,
    )
    gear(race, "A", 3)
    return race


def test_soft_tyres_give_a_bonus_space_and_double_the_overshoot_on_their_first_lap():
    """FD-X-45, FD-V-7.4 to FD-V-7.6."""
    race = soft(1, 1, 7)
    assert race.pending[0].kind == "boost"
    act(race, "A", "boost", soft=True, nitro=False)
    assert race.pending[0].options["m"] == 8
    move(race, "A", lane(0, 6, 13))
    assert race.state.by_seat["A"].wear["T"] == 2


def test_old_soft_tyres_lose_the_bonus_and_triple_the_overshoot():
    """FD-X-45: race lap 3 on the starting set."""
    race = soft(3, 1, 8)
    assert race.pending[0].kind == "move"
    move(race, "A", lane(0, 6, 13))
    car = race.state.by_seat["A"]
    assert car.spun and car.wear["T"] == 0


def test_new_soft_tyres_after_a_stop_bring_the_bonus_back():
    """FD-X-45, FD-V-7.3, FD-AMB-38: tyre laps count on the same set."""
    race = soft(2, 2, 7)
    assert race.pending[0].kind == "boost"
    act(race, "A", "boost", soft=False, nitro=False)
    move(race, "A", lane(0, 6, 12))
    assert race.state.by_seat["A"].wear["T"] == 4  # one space over, doubled


@pytest.mark.parametrize(
    ("tires", "m", "path"),
    [("hard", 7, lane(0, 6, 12)), ("rain", 5, lane(0, 6, 10))],
)
def test_the_published_rain_slide(tires, m, path):
    """FD-X-46, FD-V-7.7."""
    race = scenario(
        [{"seat": "A", "space": "r5l0", "gear": 3, "tires": tires}],
        dice=["g3:4"],
        level="advanced",
        tire_choice=True,
        weather="RAIN",
    )
    gear(race, "A", 3)
    move(race, "A", path)
    [moved] = events_of(race, "moved")
    assert moved["m"] == m
    car = race.state.by_seat["A"]
    if tires == "hard":
        assert car.wear["T"] == 5
    else:
        assert car.stops == 1 and race.state.track.ids[car.space] == "r10l0"


@pytest.mark.parametrize(
    ("ruleset", "stops", "m"), [("published", 1, 4), ("bga", 1, 7), ("bga", 2, 4)]
)
def test_the_bga_slide_needs_a_corner_owing_stops(ruleset, stops, m):
    """FD-X-47, FD-BGA-9."""
    race = scenario(
        [
            {
                "seat": "A",
                "space": "r35l1",
                "gear": 3,
                "tires": "hard",
                "corner": "T3",
                "stops": stops,
            }
        ],
        dice=["g3:4"],
        level="advanced",
        tire_choice=True,
        ruleset=ruleset,
        weather="RAIN",
    )
    gear(race, "A", 3)
    move(race, "A", lane(1, 37, 36 + m))
    [moved] = events_of(race, "moved")
    assert moved["m"] == m
    overs = events_of(race, "overshoot")
    assert [o["distance"] for o in overs] == ([] if stops == 2 else [m])


def build_seats(build, reserve=None):
    b = dict(build)
    if reserve is not None:
        b["reserve"] = reserve
    return [Seat("A", "A", setup={"build": b}), Seat("B", "B")]


@pytest.mark.parametrize(
    ("ruleset", "build", "technical", "reserve", "ok"),
    [
        ("published", (14, 1, 1, 1, 1, 2), False, None, True),
        ("published", (15, 1, 1, 1, 1, 1), False, None, False),
        ("published", (6, 3, 3, 3, 3, 3), False, None, False),
        ("published", (6, 8, 1, 1, 2, 2), False, None, False),
        ("bga", (15, 1, 1, 1, 1, 1), False, None, True),
        ("bga", (6, 3, 3, 3, 3, 2), True, 2, True),
        ("bga", (6, 3, 3, 3, 3, 2), True, 3, False),
    ],
)
def test_build_your_car(ruleset, build, technical, reserve, ok):
    """FD-X-48, FD-V-3, FD-V-3.1, FD-V-3.2, FD-V-3.3, FD-V-3.4, FD-BGA-15."""
    values = dict(zip(("T", "Br", "Gb", "Bo", "En", "Su"), build, strict=True))
    config = {
        "track": "paddock_ring",
        "level": "advanced",
        "build_your_car": True,
        "ruleset": ruleset,
        "technical_pit_stops": technical,
    }
    seats = build_seats(values, reserve)
    if ok:
        race = GAME.start(config, seats, 1)
        car = race.state.by_seat["A"]
        assert car.maxima == values and car.wear == values
        assert race.pending and race.pending[0].kind == "build"  # B has no build yet
    else:
        with pytest.raises(ConfigError):
            GAME.start(config, seats, 1)


def technical_race(ruleset="published", wear=None):
    return scenario(
        [
            {
                "seat": "A",
                "space": "r48l2",
                "lap": 1,
                "gear": 5,
                "colour": "red",
                "wear": wear if wear is not None else {"Br": 1, "Bo": 2},
                "reserve": 2,
            }
        ],
        dice=["g5:11", "black:15"],
        level="advanced",
        technical_pit_stops=True,
        ruleset=ruleset,
        turns=2,
    )


def test_a_technical_stop_repairs_from_the_reserve_without_a_die():
    """FD-X-49, FD-V-8.3."""
    race = technical_race()
    gear(race, "A", 5)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    decision = race.pending[0]
    assert decision.kind == "pit_service" and "technical" in decision.options["stops"]
    with pytest.raises(IllegalAction):
        act(race, "A", "pit_service", stop="technical", repairs={"Br": 3})
    act(race, "A", "pit_service", stop="technical", repairs={"Br": 1, "Bo": 1})
    car = race.state.by_seat["A"]
    assert (car.wear["Br"], car.wear["Bo"], car.reserve) == (2, 3, 0)
    assert events_of(race, "pit_roll") == []
    assert max(g["gear"] for g in race.pending[0].options["gears"]) == 4


@pytest.mark.parametrize(("ruleset", "offered"), [("published", False), ("bga", True)])
def test_a_technical_stop_with_nothing_to_repair(ruleset, offered):
    """FD-X-49, FD-V-8.4, FD-BGA-14."""
    race = technical_race(ruleset, wear={})
    gear(race, "A", 5)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    if offered:
        assert race.pending[0].options["stops"] == ["tyre", "technical"]
    else:
        assert [e["stop"] for e in events_of(race, "pit_roll")] == ["long"]


def test_no_soft_bonus_on_the_exit_move_after_a_technical_stop():
    """FD-X-49, FD-V-7.6, FD-AMB-39."""
    race = scenario(
        [
            {
                "seat": "A",
                "space": "box_red",
                "lap": 1,
                "gear": 4,
                "colour": "red",
                "pit": "box_technical",
                "entry_progress": 48,
                "exit_cap": 4,
                "tires": "soft",
                "fit_lap": 2,
            }
        ],
        dice=["g4:7"],
        level="advanced",
        tire_choice=True,
        technical_pit_stops=True,
        laps=2,
    )
    race.state.by_seat["A"].extra["after_technical"] = True
    gear(race, "A", 4)
    assert race.pending[0].kind == "move"


@pytest.mark.parametrize(("ruleset", "boost"), [("published", True), ("bga", False)])
def test_the_soft_bonus_on_a_fast_stop_exit(ruleset, boost):
    """FD-A-11.4, FD-BGA-14."""
    race = scenario(
        [{"seat": "A", "space": "r48l2", "lap": 1, "gear": 3, "colour": "red", "tires": "soft"}],
        dice=["g3:5", "black:7"],
        level="advanced",
        tire_choice=True,
        ruleset=ruleset,
    )
    gear(race, "A", 3)
    act(race, "A", "boost", soft=False, nitro=False)
    move(race, "A", ["p1", "p2", "p3", "box_red"])
    act(race, "A", "pit_service", stop="tyre", tires="soft", repairs={})
    assert (race.pending[0].kind == "boost") is boost
