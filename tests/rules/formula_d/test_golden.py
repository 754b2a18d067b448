"""Golden races: seed-fixed playthroughs whose log hashes are committed (FD-E-14).

A change that alters any event of these races shows up here. When the change
is intended, regenerate with `FD_UPDATE_GOLDEN=1 pytest tests/rules/formula_d/test_golden.py`
and commit the new file with the change that caused it.
"""

import json
import os
from pathlib import Path

import pytest

from races.rules import Seat, get_game, log_hash, run_bot_race

GOLDEN = Path(__file__).parent / "golden" / "races.json"
GAME = get_game("formula_d")

CASES = {
    "basic_paddock_ring_4_cars": ({"track": "paddock_ring"}, 4, ("rookie", "pro"), 11),
    "advanced_paddock_ring_2_laps": (
        {"track": "paddock_ring", "level": "advanced", "laps": 2},
        6,
        ("pro",),
        12,
    ),
    "bga_lakeside_weather_tyres": (
        {
            "track": "lakeside_gp",
            "level": "advanced",
            "ruleset": "bga",
            "weather": True,
            "tire_choice": True,
            "laps": 1,
        },
        5,
        ("pro", "rookie"),
        13,
    ),
    "qualifying_lakeside": (
        {"track": "lakeside_gp", "mode": "qualifying", "level": "advanced"},
        3,
        ("pro",),
        14,
    ),
}


def run(case: str) -> dict:
    config, cars, bots, seed = CASES[case]
    seats = [
        Seat(f"car{i + 1}", f"Car {i + 1}", kind="bot", bot=bots[i % len(bots)])
        for i in range(cars)
    ]
    race, actions = run_bot_race(GAME, config, seats, seed)
    return {"hash": log_hash(race.events), "events": len(race.events), "actions": len(actions)}


def test_golden_file_covers_every_case():
    if os.environ.get("FD_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps({c: run(c) for c in CASES}, indent=2) + "\n")
    assert set(json.loads(GOLDEN.read_text())) == set(CASES)


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_golden_race_replays_byte_for_byte(case):
    expected = json.loads(GOLDEN.read_text())[case]
    assert run(case) == expected
