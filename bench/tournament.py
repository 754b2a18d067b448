"""Swiss pairing speed (issue 26): milliseconds to draw one round of 10,000
players at tables of six (target at most 1,000 ms) and of 64 players, each
the median of several runs. The round drawn is a late one: the field has a
history of earlier rounds (scores, opponents), so repeats must be kept
apart, as in a real event. CPU time on one core (the machine may be shared);
wall time beside it. The last line is JSON.

    .venv/bin/python bench/tournament.py
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from league.tournament import (  # noqa: E402
    RoundResult,
    Seats,
    TableResult,
    field_after,
    standings,
    swiss_round,
)

SIX = Seats(min=2, max=6, preferred=6)
POINTS = (6, 4, 2, 0, 0, 0)
BIG, SMALL, HISTORY, RUNS = 10_000, 64, 4, 5


def field_with_history(count: int, rounds: int, seed: int):
    """A field after `rounds` Swiss rounds with random finishing orders, and
    how many repeats those rounds drew."""
    rng = random.Random(seed)
    ratings = {f"p{i:05d}": rng.gauss(1500, 200) for i in range(count)}
    seeds = {key: i for i, key in enumerate(sorted(ratings, key=lambda k: -ratings[k]), 1)}
    players = field_after(standings([], POINTS, seeds=seeds), ratings)
    results, repeats = [], 0
    for number in range(rounds):
        pairing = swiss_round(players, SIX, rng_seed=number)
        repeats += pairing.repeats({p.key: p.opponents for p in players})
        tables = []
        for table in pairing.tables:
            order = sorted(table.players, key=lambda k: -ratings[k] - rng.gauss(0, 300))
            tables.append(TableResult({k: place for place, k in enumerate(order, 1)}))
        results.append(RoundResult(tuple(tables), pairing.byes))
        players = field_after(standings(results, POINTS, seeds=seeds), ratings)
    return players, repeats


def timed(players, runs: int) -> tuple[float, float, int]:
    """Median CPU ms, median wall ms, repeats drawn in the timed round."""
    cpu, wall = [], []
    for run in range(runs):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        pairing = swiss_round(players, SIX, rng_seed=100 + run)
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start_wall) * 1000)
    repeats = pairing.repeats({p.key: p.opponents for p in players})
    return statistics.median(cpu), statistics.median(wall), repeats


def main() -> None:
    figures = {}
    for name, count in (("ms_to_pair_round", BIG), ("ms_to_pair_round_64", SMALL)):
        players, earlier = field_with_history(count, HISTORY, seed=count)
        cpu, wall, repeats = timed(players, RUNS)
        print(
            f"{count} players, round {HISTORY + 1} at tables of six: {cpu:.1f} ms CPU, "
            f"{wall:.1f} ms wall (median of {RUNS}); repeats {repeats} "
            f"(earlier rounds: {earlier})"
        )
        figures[name] = round(cpu, 1)
        figures[f"{name}_wall"] = round(wall, 1)
        figures[f"repeats_{count}"] = repeats
    figures["target_ms"] = 1000
    figures["met_target"] = figures["ms_to_pair_round"] <= 1000
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
