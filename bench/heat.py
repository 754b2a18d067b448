"""Heat engine speed: medians of milliseconds per full race, started to result().

    python bench/heat.py [--repeat 30] [--smoke 1000]

Standalone (no Django). Readable figures first; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
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
    """Wall-clock and CPU milliseconds of each race (CPU time is what the race itself costs
    when other processes share the machine)."""
    wall, cpu = [], []
    for seed in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        race, _ = run_bot_race(game, config, seats(bots), seed)
        race.result()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


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


def calibration_ms() -> float:
    """CPU milliseconds of a fixed pure-Python loop: a yardstick for how fast this machine
    runs Python right now (other processes sharing the CPUs slow everything down)."""
    start = time.process_time()
    total = 0
    for i in range(1_000_000):
        total += i * i
    return round((time.process_time() - start) * 1000, 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--smoke", type=int, default=0, help="also run this many smoke seeds")
    args = parser.parse_args()
    game = get_game("heat")
    run_bot_race(game, {"track": "usa"}, seats(["pro"] * 6), "warm-up")
    pro6, pro6_cpu = timed(game, {"track": "usa"}, ["pro"] * 6, args.repeat)
    mixed, mixed_cpu = timed(
        game, {"track": "usa"}, ["pro", "rookie", "pro", "legend", "legend", "legend"], args.repeat
    )
    figures = {
        "ms_per_race_pro6_median": round(statistics.median(pro6), 2),
        "ms_per_race_mixed_median": round(statistics.median(mixed), 2),
        "cpu_ms_per_race_pro6_median": round(statistics.median(pro6_cpu), 2),
        "cpu_ms_per_race_mixed_median": round(statistics.median(mixed_cpu), 2),
        "races_per_s": round(1000 / statistics.median(pro6), 1),
        "repeat": args.repeat,
        "load_average_1min": round(os.getloadavg()[0], 2),
        "calibration_loop_cpu_ms": calibration_ms(),
    }
    print(
        f"6 pro cars, 2 laps of USA:          median {figures['ms_per_race_pro6_median']} ms"
        f" wall, {figures['cpu_ms_per_race_pro6_median']} ms CPU"
        f" (wall min {min(pro6):.1f}, max {max(pro6):.1f})"
    )
    print(
        f"3 bots + 3 Legends, 2 laps of USA:  median {figures['ms_per_race_mixed_median']} ms"
        f" wall, {figures['cpu_ms_per_race_mixed_median']} ms CPU"
        f" (wall min {min(mixed):.1f}, max {max(mixed):.1f})"
    )
    print(
        f"machine load average (1 min): {figures['load_average_1min']}; a 1,000,000-step "
        f"Python loop takes {figures['calibration_loop_cpu_ms']} ms CPU (the race figures scale "
        "with it: compare runs through it)"
    )
    if args.smoke:
        seconds = smoke(game, args.smoke)
        figures["smoke_races"] = args.smoke
        figures["smoke_seconds"] = round(seconds, 1)
        print(f"smoke: {args.smoke} races over six tracks, no exception, {seconds:.1f} s")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
