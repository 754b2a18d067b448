"""Bot strength, head to head: seeded races with five cars of one bot and five
of another (no Django).

    python bench/formula_d_bots.py [--head-to-head pro,rookie] [--races 500]
        [--level advanced] [--track lakeside_gp] [--laps N]

Seats alternate the two bots (pro, rookie, pro, ... by default) and the grid is
rolled per seed, so neither gets the better slots; a cheaper bot is measured
against `pro` with e.g. `--head-to-head pro,greedy`. The same bot on both sides
(`pro,pro`) is a fairness check: both sides should score alike. Prints the
average finishing position, the win rate and the elimination rate of each side;
the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from races.rules import Seat, get_game, run_bot_race  # noqa: E402


def sides(text: str) -> tuple[str, str]:
    names = [n.strip() for n in text.split(",")]
    if len(names) != 2 or not all(names):
        raise SystemExit("--head-to-head takes two bot names: A,B")
    return names[0], names[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--head-to-head", default="pro,rookie", metavar="A,B")
    parser.add_argument("--races", type=int, default=500)
    parser.add_argument("--level", default="advanced")
    parser.add_argument("--track", default="lakeside_gp")
    parser.add_argument("--laps", type=int)
    args = parser.parse_args()
    game = get_game("formula_d")
    a, b = sides(args.head_to_head)
    for name in (a, b):
        if name not in game.bot_names and name != "greedy":
            raise SystemExit(f"unknown bot {name!r}; bots: {', '.join(game.bot_names)}")
    # one label per side, so pro,pro still tells the two sides apart
    labels = (a, b) if a != b else (f"{a}_1", f"{b}_2")
    config = {"track": args.track, "level": args.level}
    if args.laps:
        config["laps"] = args.laps
    stats = {label: {"positions": 0, "cars": 0, "eliminated": 0, "wins": 0} for label in labels}
    t0 = time.perf_counter()
    for seed in range(args.races):
        seats = [
            Seat(f"car{i + 1}", f"Car {i + 1}", kind="bot", bot=(a, b)[i % 2]) for i in range(10)
        ]
        race, _ = run_bot_race(game, config, seats, seed)
        side_of = {s.id: labels[i % 2] for i, s in enumerate(seats)}
        for p in race.result().order:
            row = stats[side_of[p.seat]]
            row["positions"] += p.position
            row["cars"] += 1
            row["eliminated"] += p.status == "eliminated"
            row["wins"] += p.position == 1
        if (seed + 1) % 50 == 0:
            print(f"{seed + 1} races, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    out = {
        "head_to_head": f"{a},{b}",
        "races": args.races,
        "level": args.level,
        "track": args.track,
    }
    for name, row in stats.items():
        out[f"{name}_avg_position"] = round(row["positions"] / row["cars"], 3)
        out[f"{name}_elimination_rate"] = round(row["eliminated"] / row["cars"], 3)
        out[f"{name}_win_rate"] = round(row["wins"] / args.races, 3)
        print(
            f"{name:>8}: average position {out[f'{name}_avg_position']:.2f},"
            f" eliminated {out[f'{name}_elimination_rate']:.1%},"
            f" wins {out[f'{name}_win_rate']:.1%}"
        )
    print(json.dumps(out))


if __name__ == "__main__":
    main()
