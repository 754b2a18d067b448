"""Formula D engine benchmark (no Django).

    python bench/formula_d.py [--runs 5] [--races 10]

Prints readable figures, then as its last line one JSON object:
medians over several runs of CPU milliseconds per full race (10 `pro` cars,
2 laps, advanced rules, lakeside_gp) and per basic 1-lap race, races per
second on one core, and the share of the time spent inside the bots.
Times are CPU time of this process (time.process_time), so other work on a
shared machine does not inflate them.
"""

from __future__ import annotations

import argparse
import json
import statistics
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--races", type=int, default=10)
    args = parser.parse_args()
    advanced = {"track": "lakeside_gp", "level": "advanced", "laps": 2}
    basic = {"track": "lakeside_gp", "level": "basic", "laps": 1}
    # the very first race of a fresh process pays for loading the track and
    # filling the bots' per-track tables; a worker pays that once
    t0 = time.process_time()
    race_once(advanced, 10, 999_999)
    first_ms = (time.process_time() - t0) * 1000
    adv_ms, shares, basic_ms = [], [], []
    for run in range(args.runs):
        ms = measure(advanced, 10, args.races, 1000 * run)
        adv_ms.append(ms)
        basic_ms.append(measure(basic, 10, args.races, 1000 * run))
        shares.append(bot_share(advanced, 10, max(2, args.races // 2), 1000 * run))
        print(
            f"run {run + 1}: advanced {ms:.1f} ms/race, basic {basic_ms[-1]:.1f} ms/race,"
            f" bots {shares[-1]:.0%} of the time"
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
        f" (target 50 ms), {figures['ms_per_race_basic_median']} ms per basic 1-lap race,"
        f" {figures['races_per_s']} advanced races/s, bots {figures['bot_share']:.0%}"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
