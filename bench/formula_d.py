"""Formula D engine benchmark (no Django).

    python bench/formula_d.py [--runs 5] [--races 10] [--against DIR]

Prints readable figures, then as its last line one JSON object:
medians over several runs of CPU milliseconds per full race (10 `pro` cars,
2 laps, advanced rules, lakeside_gp) and per basic 1-lap race, races per
second on one core, and the share of the time spent inside the bots.
Times are CPU time of this process (time.process_time), so other work on a
shared machine does not inflate them much; it still slows a shared core.

`--against DIR` measures another checkout too (say a worktree of main): its
own bench runs in a subprocess, one run of it after each run of this one, on
the same seeds, so both see the same machine; the JSON then adds its median
and the ratio of this median to it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from races.rules import Seat, bots_for, get_game  # noqa: E402

GAME = get_game("formula_d")


class TimedBot:
    """Wraps a bot and adds up the time spent choosing (the share pass only: the
    clock calls cost time of their own, so the timed pass runs bare bots)."""

    spent = 0.0

    def __init__(self, bot):
        self.bot = bot

    def choose(self, view, decision):
        t0 = time.process_time()
        try:
            return self.bot.choose(view, decision)
        finally:
            TimedBot.spent += time.process_time() - t0


def race_once(config: dict, cars: int, seed: int, timed_bots: bool = False) -> None:
    seats = [Seat(f"car{i + 1}", f"Car {i + 1}", kind="bot", bot="pro") for i in range(cars)]
    race = GAME.start(config, seats, seed)
    bots = bots_for(GAME, seats, seed)
    if timed_bots:
        bots = {k: TimedBot(b) for k, b in bots.items()}
    while race.pending:
        decision = race.pending[0]
        race.apply(decision.seat, bots[decision.seat].choose(race.view(decision.seat), decision))


def measure(config: dict, cars: int, races: int, first_seed: int) -> float:
    t0 = time.process_time()
    for seed in range(first_seed, first_seed + races):
        race_once(config, cars, seed)
    return (time.process_time() - t0) * 1000 / races


def bot_share(config: dict, cars: int, races: int, first_seed: int) -> float:
    TimedBot.spent = 0.0
    t0 = time.process_time()
    for seed in range(first_seed, first_seed + races):
        race_once(config, cars, seed, timed_bots=True)
    return TimedBot.spent / (time.process_time() - t0)


def baseline_run(checkout: Path, races: int) -> float:
    """One run of another checkout's own bench: its ms per advanced race (seeds
    from 0, as this bench's runs use with --against)."""
    done = subprocess.run(
        [sys.executable, "bench/formula_d.py", "--runs", "1", "--races", str(races)],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])["ms_per_race_advanced_median"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--races", type=int, default=10)
    parser.add_argument("--against", metavar="DIR", type=Path, help="a checkout to compare with")
    args = parser.parse_args()
    if args.against and not (args.against / "bench" / "formula_d.py").exists():
        parser.error(f"{args.against} has no bench/formula_d.py")
    advanced = {"track": "lakeside_gp", "level": "advanced", "laps": 2}
    basic = {"track": "lakeside_gp", "level": "basic", "laps": 1}
    # the very first race of a fresh process pays for loading the track and
    # filling the bots' per-track tables; a worker pays that once
    t0 = time.process_time()
    race_once(advanced, 10, 999_999)
    first_ms = (time.process_time() - t0) * 1000
    adv_ms, shares, basic_ms, base_ms = [], [], [], []
    for run in range(args.runs):
        seeds = 0 if args.against else 1000 * run  # the baseline's one run starts at 0
        ms = measure(advanced, 10, args.races, seeds)
        adv_ms.append(ms)
        basic_ms.append(measure(basic, 10, args.races, seeds))
        shares.append(bot_share(advanced, 10, max(2, args.races // 2), seeds))
        against = ""
        if args.against:
            base_ms.append(baseline_run(args.against, args.races))
            against = f", baseline advanced {base_ms[-1]:.1f} ms/race"
        print(
            f"run {run + 1}: advanced {ms:.1f} ms/race, basic {basic_ms[-1]:.1f} ms/race,"
            f" bots {shares[-1]:.0%} of the time{against}"
        )
    adv = statistics.median(adv_ms)
    figures = {
        "ms_per_race_advanced_median": round(adv, 1),
        "ms_per_race_basic_median": round(statistics.median(basic_ms), 1),
        "races_per_s": round(1000 / adv, 2),
        "bot_share": round(statistics.median(shares), 3),
        "ms_first_race_cold": round(first_ms, 1),
        "runs": args.runs,
        "races_per_run": args.races,
    }
    print(
        f"median: {figures['ms_per_race_advanced_median']} ms per 10-car 2-lap advanced race"
        f" (target 100 ms), {figures['ms_per_race_basic_median']} ms per basic 1-lap race,"
        f" {figures['races_per_s']} advanced races/s, bots {figures['bot_share']:.0%}"
    )
    if args.against:
        base = statistics.median(base_ms)
        figures["baseline"] = str(args.against)
        figures["baseline_ms_per_race_advanced_median"] = round(base, 1)
        figures["ratio_to_baseline"] = round(adv / base, 3)
        print(
            f"baseline {args.against}: {base:.1f} ms per advanced race;"
            f" this checkout takes {adv / base:.0%} of that"
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
