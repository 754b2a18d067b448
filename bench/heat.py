"""Heat engine speed: medians of milliseconds per full race, started to result().

    python bench/heat.py [--repeat 30] [--smoke 1000]

Standalone (no Django). Readable figures first; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from races.rules import Seat, get_game, run_bot_race  # noqa: E402

TRACKS = ("usa", "italy", "gbr", "france", "japan", "mexico")


def seats(bots):
    return [Seat(f"car{i + 1}", f"Car {i + 1}", "bot", b) for i, b in enumerate(bots)]


def timed(game, config, bots, repeat):
    times = []
    for seed in range(repeat):
        start = time.perf_counter()
        race, _ = run_bot_race(game, config, seats(bots), seed)
        race.result()
        times.append((time.perf_counter() - start) * 1000)
    return times


def smoke(game, count):
    """Many seeds over all six tracks with the Garage, Weather and Road Conditions and a mix
    of Legends and bots; any exception stops it."""
    mixes = (
        ["pro"] * 6,
        ["rookie", "pro", "legend", "legend"],
        ["pro", "legend", "rookie"],
        ["rookie"] * 5,
        ["pro", "pro", "rookie", "legend", "legend", "legend"],
    )
    start = time.perf_counter()
    for seed in range(count):
        config = {
            "track": TRACKS[seed % 6],
            "weather": True,
            "garage": True,
            "upgrade_pool": ("basic", "basic_and_advanced")[seed % 2],
        }
        race, _ = run_bot_race(game, config, seats(mixes[seed % 5]), seed)
        if not race.finished:
            raise SystemExit(f"seed {seed} did not finish")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--smoke", type=int, default=0, help="also run this many smoke seeds")
    args = parser.parse_args()
    game = get_game("heat")
    run_bot_race(game, {"track": "usa"}, seats(["pro"] * 6), "warm-up")
    pro6 = timed(game, {"track": "usa"}, ["pro"] * 6, args.repeat)
    mixed = timed(
        game, {"track": "usa"}, ["pro", "rookie", "pro", "legend", "legend", "legend"], args.repeat
    )
    figures = {
        "ms_per_race_pro6_median": round(statistics.median(pro6), 2),
        "ms_per_race_mixed_median": round(statistics.median(mixed), 2),
        "races_per_s": round(1000 / statistics.median(pro6), 1),
        "repeat": args.repeat,
    }
    print(
        f"6 pro cars, 2 laps of USA:          median {figures['ms_per_race_pro6_median']} ms"
        f" (min {min(pro6):.1f}, max {max(pro6):.1f})"
    )
    print(
        f"3 bots + 3 Legends, 2 laps of USA:  median {figures['ms_per_race_mixed_median']} ms"
        f" (min {min(mixed):.1f}, max {max(mixed):.1f})"
    )
    if args.smoke:
        seconds = smoke(game, args.smoke)
        figures["smoke_races"] = args.smoke
        figures["smoke_seconds"] = round(seconds, 1)
        print(f"smoke: {args.smoke} races over six tracks, no exception, {seconds:.1f} s")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
