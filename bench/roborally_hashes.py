"""Log hashes of a fixed set of recorded RoboRally races (no Django).

    python bench/roborally_hashes.py --record FILE   record the hashes (or --record)
    python bench/roborally_hashes.py --check FILE   compare with a recorded file

A change that must not change behaviour (a refactor, a speed-up) keeps every
race byte-identical: record the hashes before the change, check after it.
The races cover every course, 2 to 8 robots, the three bots (rookie, greedy,
pro) alone and mixed, and every rule option on and off (option cards, push
damage, flags repairing, lives, a short turn limit). The last line is one
JSON object: races, mismatches (must be 0 on --check), CPU seconds.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.recorded_hashes import record_or_check  # noqa: E402
from races.rules import Seat, get_game, log_hash, run_bot_race  # noqa: E402

GAME = get_game("roborally")
COURSES = tuple(t["id"] for t in GAME.tracks())
# name -> (config without the course, robots for seeds 1..5, bots in seat order)
CONFIGS = {
    "default": ({}, (2, 4, 6, 8, 3), ("greedy", "rookie", "pro")),
    "options_off": ({"options": False}, (3, 5, 7, 2, 6), ("pro", "rookie")),
    "rookies_everything_on": (
        {"options": True, "push_damage": True, "flags_repair": True},
        (8, 7, 5, 4, 2),
        ("rookie",),
    ),
    "greedy_no_push_flags_repair": (
        {"push_damage": False, "flags_repair": True},
        (4, 6, 3, 8, 5),
        ("greedy",),
    ),
    "one_life_short": (
        {"lives": 1, "max_turns": 8, "options": False, "push_damage": False},
        (6, 2, 8, 4, 7),
        ("rookie", "greedy"),
    ),
    "many_lives_pro": ({"lives": 9, "max_turns": 30}, (5, 3, 2, 7, 4), ("pro", "greedy")),
    "two_lives_mixed": (
        {"lives": 2, "flags_repair": True, "options": False},
        (7, 8, 4, 6, 2),
        ("greedy", "pro", "rookie"),
    ),
    "timer_short_options": (
        {"program_timer_seconds": 5, "max_turns": 20},
        (3, 2, 5, 6, 8),
        ("rookie", "pro"),
    ),
}
SEEDS = range(1, 6)


def race_hash(name: str, seed: int) -> str:
    config, robots, bots = CONFIGS[name]
    course = COURSES[(seed + list(CONFIGS).index(name)) % len(COURSES)]
    count = robots[seed - 1]
    seats = [
        Seat(f"r{i + 1}", f"Robot {i + 1}", kind="bot", bot=bots[i % len(bots)])
        for i in range(count)
    ]
    race, _ = run_bot_race(GAME, {"track": course, **config}, seats, seed)
    return log_hash(race.events)


def main() -> None:
    record_or_check(
        lambda: {f"{name}/{seed}": race_hash(name, seed) for name in CONFIGS for seed in SEEDS}
    )


if __name__ == "__main__":
    main()
