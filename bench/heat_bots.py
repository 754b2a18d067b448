"""Heat bots compared: 500 seeded races of 3 rookie and 3 pro cars over the six tracks.

    python bench/heat_bots.py [--races 500]

Prints the average finishing position and the spin-out rate (spin-outs per car per race) of
each bot; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from races.rules import Seat, get_game, run_bot_race  # noqa: E402

TRACKS = ("usa", "italy", "gbr", "france", "japan", "mexico")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--races", type=int, default=500)
    args = parser.parse_args()
    game = get_game("heat")
    positions = {"rookie": [], "pro": []}
    spins = {"rookie": [], "pro": []}
    wins = {"rookie": 0, "pro": 0}
    for seed in range(args.races):
        # Alternate who starts first in seat order; the grid itself is random (HEAT-B-011).
        bots = ["rookie", "pro"] * 3 if seed % 2 else ["pro", "rookie"] * 3
        players = [Seat(f"car{i + 1}", f"Car {i + 1}", "bot", b) for i, b in enumerate(bots)]
        race, _ = run_bot_race(game, {"track": TRACKS[seed % 6]}, players, seed)
        for placing in race.result().order:
            bot = bots[int(placing.seat[3:]) - 1]
            positions[bot].append(placing.position)
            spins[bot].append(placing.figures["spinouts"])
            if placing.position == 1:
                wins[bot] += 1
    figures = {"races": args.races}
    for bot in ("rookie", "pro"):
        figures[f"{bot}_avg_position"] = round(statistics.mean(positions[bot]), 3)
        figures[f"{bot}_spinouts_per_race"] = round(statistics.mean(spins[bot]), 3)
        figures[f"{bot}_wins"] = wins[bot]
        print(
            f"{bot:<7} average position {figures[f'{bot}_avg_position']:.2f}  "
            f"spin-outs per race {figures[f'{bot}_spinouts_per_race']:.2f}  wins {wins[bot]}"
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
