"""Title odds speed: 10,000 simulated completions of a 20-driver season with
8 rounds to come (12 held), Formula 1 points with one drop round, on one
core. The last line is JSON: ms_per_10k_completions must be at most 5000.

    .venv/bin/python bench/odds.py
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from league.scoring import tables as scoring
from league.title.clinch import driver_outlooks  # noqa: E402
from league.title.completions import RoundToCome, SeasonSoFar  # noqa: E402
from league.title.odds import title_odds  # noqa: E402

DRIVERS, HELD, TO_COME, SIMULATIONS = 20, 12, 8, 10_000


def season() -> SeasonSoFar:
    table = scoring.PointsTable(race_points=(25, 18, 15, 12, 10, 8, 6, 4, 2, 1), drop_worst=1)
    rng = random.Random(2026)
    drivers = tuple(f"driver{i:02d}" for i in range(DRIVERS))
    scores: dict = {k: [] for k in drivers}
    for number in range(1, HELD + 1):
        order = sorted(drivers, key=lambda k: rng.random() * (1 + drivers.index(k) / 10))
        for place, key in enumerate(order, start=1):
            points = scoring.race_points(table, position=place, status="finished")
            scores[key].append(scoring.RoundScore(number, points, place))
    teams = {f"team{t}": drivers[2 * t : 2 * t + 2] for t in range(DRIVERS // 2)}
    return SeasonSoFar(
        table=table,
        drivers=drivers,
        scores={k: tuple(v) for k, v in scores.items()},
        held=tuple(range(1, HELD + 1)),
        to_come=tuple(
            RoundToCome(HELD + i, multiplier=2 if i == TO_COME else 1)
            for i in range(1, TO_COME + 1)
        ),
        teams=teams,
    )


def main() -> None:
    data = season()
    strengths = {k: 1.0 + i / 5 for i, k in enumerate(reversed(data.drivers))}
    start = time.process_time()
    odds = title_odds(data, strengths, simulations=SIMULATIONS, seed="bench")
    elapsed = time.process_time() - start
    clinch_start = time.process_time()
    outlooks = driver_outlooks(data)
    clinch_elapsed = time.process_time() - clinch_start
    leader = max(odds.drivers.values(), key=lambda c: c.title)
    alive = sum(1 for o in outlooks.values() if o.state != "out")
    print(
        f"{SIMULATIONS} completions of {DRIVERS} drivers, {TO_COME} rounds to come: "
        f"{elapsed * 1000:.0f} ms of CPU on one core"
    )
    print(f"favourite {leader.key}: {leader.title:.1%} ± {leader.margin:.1%}")
    print(f"clinch for {DRIVERS} drivers: {clinch_elapsed * 1000:.0f} ms; {alive} can still win")
    print(
        json.dumps(
            {
                "ms_per_10k_completions": round(elapsed * 1000 * 10_000 / SIMULATIONS, 1),
                "drivers": DRIVERS,
                "rounds_to_come": TO_COME,
                "clinch_ms": round(clinch_elapsed * 1000, 1),
                "limit_ms": 5000,
            }
        )
    )


if __name__ == "__main__":
    main()
