"""Smoke run: seeded 10-car, 2-lap advanced races with mixed bots, weather and tyre
choice on, both rulesets; no exception (the 1,000-seed run is bench/formula_d_smoke.py)."""

import pytest

from races.rules import Seat, get_game, run_bot_race

GAME = get_game("formula_d")
SEEDS = 12


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["published", "bga"])
def test_many_seeded_races_run_without_an_exception(ruleset):
    config = {
        "track": "lakeside_gp",
        "level": "advanced",
        "laps": 2,
        "ruleset": ruleset,
        "weather": True,
        "tire_choice": True,
        "technical_pit_stops": ruleset == "bga",
    }
    for seed in range(SEEDS):
        seats = [
            Seat(f"car{i + 1}", f"Car {i + 1}", kind="bot", bot=("pro", "rookie")[i % 2])
            for i in range(10)
        ]
        race, _ = run_bot_race(GAME, config, seats, seed)
        result = race.result()
        assert sorted(p.position for p in result.order) == list(range(1, 11))
