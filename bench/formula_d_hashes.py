"""Log hashes of a fixed set of recorded Formula D races (no Django).

    python bench/formula_d_hashes.py --record FILE   record the hashes
    python bench/formula_d_hashes.py --check FILE   compare with a recorded file

A speed change must keep every race byte-identical: record the hashes before
the change, check after it. The races cover the bench's own configuration and
every variant the command line offers (weather, tyres, technical stops, build,
nitro, street rules and drivers, qualifying, teams, mixed bots). The last line
is one JSON object: races, mismatches (must be 0 on --check), CPU seconds.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.recorded_hashes import record_or_check  # noqa: E402
from races.rules import Seat, get_game, log_hash, run_bot_race  # noqa: E402

GAME = get_game("formula_d")
ADVANCED = {"level": "advanced"}
CONFIGS = {
    "bench_advanced": ({"track": "lakeside_gp", **ADVANCED, "laps": 2}, 10, ("pro",)),
    "basic": ({"track": "lakeside_gp", "laps": 1}, 10, ("pro", "rookie")),
    "bga_weather_tyres": (
        {
            "track": "lakeside_gp",
            **ADVANCED,
            "ruleset": "bga",
            "weather": True,
            "tire_choice": True,
        },
        8,
        ("pro", "rookie"),
    ),
    "bga_everything_nitro": (
        {
            "track": "paddock_ring",
            **ADVANCED,
            "ruleset": "bga",
            "laps": 3,
            "weather": True,
            "tire_choice": True,
            "technical_pit_stops": True,
            "build_your_car": True,
            "nitro": True,
        },
        10,
        ("pro",),
    ),
    "night_street_drivers": (
        {"track": "lakeside_night", **ADVANCED, "laps": 2, "weather": True},
        10,
        ("pro",),
    ),
    "basic_night_street": ({"track": "lakeside_night"}, 6, ("rookie", "pro")),
    "qualifying": (
        {"track": "lakeside_gp", **ADVANCED, "mode": "qualifying", "weather": True},
        4,
        ("pro",),
    ),
    "team_race": (
        {"track": "paddock_ring", **ADVANCED, "team_race": True, "technical_pit_stops": True},
        6,
        ("pro", "rookie"),
    ),
}
SEEDS = range(1, 6)


def race_hash(name: str, seed: int) -> str:
    config, cars, bots = CONFIGS[name]
    seats = [
        Seat(
            f"car{i + 1}",
            f"Car {i + 1}",
            kind="bot",
            bot=bots[i % len(bots)],
            team=f"Team {i // 2 + 1}" if config.get("team_race") else None,
        )
        for i in range(cars)
    ]
    race, _ = run_bot_race(GAME, config, seats, seed)
    return log_hash(race.events)


def main() -> None:
    record_or_check(
        lambda: {f"{name}/{seed}": race_hash(name, seed) for name in CONFIGS for seed in SEEDS}
    )


if __name__ == "__main__":
    main()
