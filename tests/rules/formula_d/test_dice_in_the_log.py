"""Every die and draw is in the event log, with who rolled it and why (FD-E-15)."""

import pytest

from races.rules import Action, Seat, bots_for, get_game
from races.rules.formula_d.chance import SeededDice

from .driving import events_of

GAME = get_game("formula_d")


class RecordingDice(SeededDice):
    """The seeded source, keeping every roll and shuffle in order."""

    def __init__(self, seed):
        super().__init__(seed)
        self.rolls: list[tuple[str, int]] = []
        self.shuffles: list[list] = []

    def roll(self, die: str) -> int:
        value = super().roll(die)
        self.rolls.append((die, value))
        return value

    def shuffle(self, items: list) -> list:
        out = super().shuffle(items)
        self.shuffles.append(list(out))
        return out


class FirstRolls(SeededDice):
    """Forced black results for the first rolls, then the seeded source."""

    def __init__(self, first: list[int]):
        super().__init__(0)
        self.first = list(first)

    def roll(self, die: str) -> int:
        if self.first:
            assert die == "black"
            return self.first.pop(0)
        return super().roll(die)


def frogger_race(frogger_rerolls: bool):
    seats = [
        Seat("F", "F", setup={"driver": "frogger"}),
        Seat("B", "B", setup={"driver": "derek_manson"}),
    ]
    race = GAME.start(
        {"track": "lakeside_night", "level": "advanced", "weather": True, "grid": ["F", "B"]},
        seats,
        0,
        dice=FirstRolls([3, 16]),
    )
    assert race.pending[0].kind == "frogger_reroll"
    race.apply("F", Action("frogger_reroll", {"reroll": frogger_rerolls}))
    return race


def test_the_weather_roll_frogger_has_rolled_again_is_logged_before_the_second():
    """FD-E-15, FD-V-12.2 (a): the first roll (3, rain) is in the log, by Frogger's seat."""
    race = frogger_race(True)
    [first] = events_of(race, "weather_rerolled")
    assert first == {
        "seat": "F",
        "die": "black",
        "value": 3,
        "purpose": "weather",
        "phase": "race",
        "result": "rain",
    }
    [second] = events_of(race, "weather_rolled")
    assert second["value"] == 16 and second["rerolled"] and second["after"] == "SUNNY"
    types = [e.type for e in race.events]
    assert types.index("weather_rerolled") < types.index("weather_rolled")


def test_a_weather_roll_frogger_keeps_is_logged_once():
    """FD-E-15: every die result appears in exactly one event."""
    race = frogger_race(False)
    assert events_of(race, "weather_rerolled") == []
    [rolled] = events_of(race, "weather_rolled")
    assert rolled["value"] == 3 and not rolled["rerolled"] and rolled["after"] == "RAIN"


def test_a_qualifying_weather_roll_says_when_frogger_had_it_rolled_again():
    """FD-E-15, FD-V-6.2, FD-V-12.2 (a)."""
    race = GAME.start(
        {"track": "lakeside_night", "level": "advanced", "weather": True, "mode": "qualifying"},
        [Seat("F", "F", setup={"driver": "frogger"}), Seat("B", "B")],
        0,
        dice=FirstRolls([3, 16]),
    )
    race.apply("F", Action("frogger_reroll", {"reroll": True}))
    [first] = events_of(race, "weather_rerolled")
    assert (first["value"], first["phase"], first["seat"]) == (3, "qualifying", "F")
    [rolled] = events_of(race, "weather_rolled")
    assert rolled["value"] == 16 and rolled["rerolled"] is True


CONFIGS = {
    "night_street_drivers_weather": {
        "track": "lakeside_night",
        "level": "advanced",
        "weather": True,
        "laps": 2,
    },
    "basic_night_street": {"track": "lakeside_night", "level": "basic"},
    "bga_everything": {
        "track": "paddock_ring",
        "level": "advanced",
        "ruleset": "bga",
        "weather": True,
        "tire_choice": True,
        "technical_pit_stops": True,
        "nitro": True,
        "laps": 2,
    },
    "qualifying_weather": {
        "track": "lakeside_gp",
        "level": "advanced",
        "mode": "qualifying",
        "weather": True,
    },
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("seed", [3, 4])
def test_every_roll_and_draw_of_a_race_is_in_its_log_in_order(name, seed):
    """FD-E-15: the log's die results are exactly the source's rolls, in order, each
    with die, value and purpose; the drivers' deal shows the shuffled deck."""
    config = CONFIGS[name]
    cars = 2 if config.get("mode") == "qualifying" else 6
    seats = [Seat(f"car{i + 1}", f"Car {i + 1}", kind="bot", bot="pro") for i in range(cars)]
    dice = RecordingDice(seed)
    race = GAME.start(config, seats, seed, dice=dice)
    bots = bots_for(GAME, seats, seed)
    while race.pending:
        decision = race.pending[0]
        if decision.kind == "frogger_reroll":
            action = Action("frogger_reroll", {"reroll": True})  # every first roll discarded
        else:
            action = bots[decision.seat].choose(race.view(decision.seat), decision)
        race.apply(decision.seat, action)
    logged = [(e.data["die"], e.data["value"]) for e in race.events if "die" in e.data]
    assert logged == dice.rolls
    assert all("purpose" in e.data for e in race.events if "die" in e.data)
    dealt = [e.data["deck"] for e in race.events if e.type == "drivers_dealt"]
    assert dealt == dice.shuffles
