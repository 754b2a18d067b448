"""Bot strength: seeded races with five `rookie` and five `pro` cars (no Django).

    python bench/formula_d_bots.py [--races 500] [--level advanced] [--track lakeside_gp]

Seats alternate pro, rookie, pro, ... and the grid is rolled per seed, so
neither bot gets the better slots. Prints the average finishing position and
the elimination rate of each bot; the last line is one JSON object.
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
    parser.add_argument("--races", type=int, default=500)
    parser.add_argument("--level", default="advanced")
    parser.add_argument("--track", default="lakeside_gp")
    parser.add_argument("--laps", type=int)
    args = parser.parse_args()
    game = get_game("formula_d")
    config = {"track": args.track, "level": args.level}
    if args.laps:
        config["laps"] = args.laps
    names = ["pro", "rookie"] * 5
    stats = {n: {"positions": 0, "cars": 0, "eliminated": 0, "wins": 0} for n in ("pro", "rookie")}
    t0 = time.perf_counter()
    for seed in range(args.races):
        seats = [
            Seat(f"car{i + 1}", f"Car {i + 1}", kind="bot", bot=n) for i, n in enumerate(names)
        ]
        race, _ = run_bot_race(game, config, seats, seed)
        bot_of = {s.id: s.bot for s in seats}
        for p in race.result().order:
            row = stats[bot_of[p.seat]]
            row["positions"] += p.position
            row["cars"] += 1
            row["eliminated"] += p.status == "eliminated"
            row["wins"] += p.position == 1
        if (seed + 1) % 50 == 0:
            print(f"{seed + 1} races, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    out = {"races": args.races, "level": args.level, "track": args.track}
    for name, row in stats.items():
        out[f"{name}_avg_position"] = round(row["positions"] / row["cars"], 3)
        out[f"{name}_elimination_rate"] = round(row["eliminated"] / row["cars"], 3)
        out[f"{name}_win_rate"] = round(row["wins"] / args.races, 3)
        print(
            f"{name:>6}: average position {out[f'{name}_avg_position']:.2f},"
            f" eliminated {out[f'{name}_elimination_rate']:.1%},"
            f" wins {out[f'{name}_win_rate']:.1%}"
        )
    print(json.dumps(out))


if __name__ == "__main__":
    main()
