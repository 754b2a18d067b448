"""Smoke run (no Django): many seeded races, 10 cars, 2 laps, advanced rules,
mixed bots, weather and tyre choice on; any exception fails the run.

    python bench/formula_d_smoke.py [--seeds 1000] [--ruleset published]

The last line is one JSON object with the counts.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from races.rules import Seat, get_game, run_bot_race  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--ruleset", default="published")
    parser.add_argument("--track", default="lakeside_gp")
    args = parser.parse_args()
    game = get_game("formula_d")
    config = {
        "track": args.track,
        "level": "advanced",
        "laps": 2,
        "ruleset": args.ruleset,
        "weather": True,
        "tire_choice": True,
    }
    finished = eliminated = rounds = 0
    t0 = time.process_time()
    for seed in range(args.first, args.first + args.seeds):
        seats = [
            Seat(f"car{i + 1}", f"Car {i + 1}", kind="bot", bot=("pro", "rookie")[i % 2])
            for i in range(10)
        ]
        race, _ = run_bot_race(game, config, seats, seed)
        result = race.result()
        rounds += result.rounds
        for p in result.order:
            finished += p.status == "finished"
            eliminated += p.status == "eliminated"
    cpu = time.process_time() - t0
    out = {
        "seeds": args.seeds,
        "ruleset": args.ruleset,
        "cars_finished": finished,
        "cars_eliminated": eliminated,
        "mean_rounds": round(rounds / args.seeds, 1),
        "cpu_s": round(cpu, 1),
    }
    print(
        f"{args.seeds} races without an exception; {finished} cars finished,"
        f" {eliminated} eliminated, {out['mean_rounds']} rounds a race, {cpu:.0f} s CPU"
    )
    print(json.dumps(out))


if __name__ == "__main__":
    main()
