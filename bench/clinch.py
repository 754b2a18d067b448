"""Exact clinch speed on a realistic season: 20 drivers in 10 teams of two,
Formula 1 points, 3 rounds to come (the last double points), 9 held, one
drop round for the drivers; several mid-season standings (seeds). Figures
for the team clinch and the driver clinch (league/title/clinch.py, one
implementation for both), CPU on one core, and how many of the 80 team and 160
driver worst places are only bounds (the search ran out of budget). The
last line is JSON.

    .venv/bin/python bench/clinch.py
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from league.scoring import tables as scoring
from league.title.clinch import driver_outlooks, team_outlooks  # noqa: E402
from league.title.completions import RoundToCome, SeasonSoFar  # noqa: E402

DRIVERS, HELD, TO_COME, SEEDS = 20, 9, 3, 8


def season(seed: int) -> SeasonSoFar:
    table = scoring.PointsTable(race_points=(25, 18, 15, 12, 10, 8, 6, 4, 2, 1), drop_worst=1)
    rng = random.Random(seed)
    drivers = tuple(f"driver{i:02d}" for i in range(DRIVERS))
    scores: dict = {k: [] for k in drivers}
    for number in range(1, HELD + 1):
        order = sorted(drivers, key=lambda k: rng.random() * (1 + drivers.index(k) / 4))
        for place, key in enumerate(order, start=1):
            points = scoring.race_points(table, position=place, status="finished")
            scores[key].append(scoring.RoundScore(number, points, place))
    return SeasonSoFar(
        table=table,
        drivers=drivers,
        scores={k: tuple(v) for k, v in scores.items()},
        held=tuple(range(1, HELD + 1)),
        to_come=tuple(
            RoundToCome(HELD + i, multiplier=2 if i == TO_COME else 1)
            for i in range(1, TO_COME + 1)
        ),
        teams={f"team{t}": drivers[2 * t : 2 * t + 2] for t in range(DRIVERS // 2)},
    )


def main() -> None:
    team_ms, driver_ms, undecided, inexact, alive = [], [], 0, 0, []
    drivers_inexact = 0
    for seed in range(SEEDS):
        data = season(seed)
        start = time.process_time()
        teams = team_outlooks(data)
        team_ms.append((time.process_time() - start) * 1000)
        start = time.process_time()
        drivers = driver_outlooks(data)
        drivers_inexact += sum(not o.exact for o in drivers.values())
        driver_ms.append((time.process_time() - start) * 1000)
        undecided += sum(not o.proven for o in teams.values())
        inexact += sum(not o.exact for o in teams.values())
        alive.append(sum(o.state != "out" for o in teams.values()))
        print(
            f"seed {seed}: teams {team_ms[-1]:.0f} ms ({alive[-1]} can still win), "
            f"drivers {driver_ms[-1]:.0f} ms"
        )
    print(
        json.dumps(
            {
                "drivers": DRIVERS,
                "teams": DRIVERS // 2,
                "rounds_to_come": TO_COME,
                "seasons": SEEDS,
                "team_clinch_ms_max": round(max(team_ms), 1),
                "team_clinch_ms_mean": round(sum(team_ms) / SEEDS, 1),
                "driver_clinch_ms_max": round(max(driver_ms), 1),
                "teams_undecided": undecided,
                "teams_places_bounds_only": inexact,
                "drivers_places_bounds_only": drivers_inexact,
            }
        )
    )


if __name__ == "__main__":
    main()
