"""Galaxy Trucker engine speed and bot strength.

    python bench/galaxy_trucker.py [--repeat 20] [--smoke 1000] [--pro-smoke 200] [--duel 500]

- ms_per_game: median milliseconds (CPU) of a full three-round game of four
  rookie bots, started to result();
- ms_per_pro_decision_median: the median CPU milliseconds of one pro decision;
- smoke: that many seeds of rookie/random mixes and pro mixes, 2-4 players,
  any exception stops it;
- duel: pro against rookie head to head (two seats each, seats alternating),
  mean credits, wins and ships lost (rounds given up).

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


def seats(bots):
    return [Seat(f"car{i + 1}", f"Car {i + 1}", "bot", b) for i, b in enumerate(bots)]


def timed_games(game, repeat):
    cpu = []
    for seed in range(repeat):
        start = time.process_time()
        race, _ = run_bot_race(game, {}, seats(["rookie"] * 4), seed)
        race.result()
        cpu.append((time.process_time() - start) * 1000)
    return cpu


def pro_decisions(game, repeat):
    """CPU milliseconds of every pro decision over `repeat` games."""
    times = []
    for seed in range(repeat):
        table = seats(["pro", "rookie", "pro", "rookie"])
        race = game.start({}, table, seed)
        bots = {s.id: game.bot(s.bot, seed=seed, seat=s.id) for s in table}
        while not race.finished:
            decision = race.pending[0]
            view = race.view(decision.seat)
            start = time.process_time()
            action = bots[decision.seat].choose(view, decision)
            if table[int(decision.seat[3:]) - 1].bot == "pro":
                times.append((time.process_time() - start) * 1000)
            race.apply(decision.seat, action)
    return times


def smoke(game, count, mixes):
    for seed in range(count):
        bots = mixes[seed % len(mixes)]
        race, _ = run_bot_race(game, {}, seats(bots), seed)
        race.result()


def duel(game, count):
    """Pro against rookie: two seats each, seats swapped every other game."""
    credits = {"pro": [], "rookie": []}
    wins = {"pro": 0, "rookie": 0}
    lost = {"pro": 0, "rookie": 0}
    for seed in range(count):
        bots = (
            ["pro", "rookie", "pro", "rookie"] if seed % 2 else ["rookie", "pro", "rookie", "pro"]
        )
        table = seats(bots)
        race, _ = run_bot_race(game, {}, table, seed)
        kind = {s.id: s.bot for s in table}
        order = race.result().order
        wins[kind[order[0].seat]] += 1
        for placing in order:
            credits[kind[placing.seat]].append(placing.figures["credits"])
            lost[kind[placing.seat]] += sum(1 for r in placing.figures["rounds"] if r["gave_up"])
    return {
        "games": count,
        "mean_credits": {k: round(statistics.mean(v), 2) for k, v in credits.items()},
        "wins": wins,
        "ships_given_up": lost,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--smoke", type=int, default=0)
    parser.add_argument("--pro-smoke", type=int, default=0)
    parser.add_argument("--duel", type=int, default=0)
    args = parser.parse_args()
    game = get_game("galaxy_trucker")
    games = timed_games(game, args.repeat)
    pro = pro_decisions(game, max(1, args.repeat // 4))
    out = {
        "games": args.repeat,
        "ms_per_game": round(statistics.median(games), 1),
        "ms_per_pro_decision_median": round(statistics.median(pro), 3),
    }
    print(f"four rookies, three rounds: median {out['ms_per_game']} ms CPU per game")
    print(f"pro: median {out['ms_per_pro_decision_median']} ms CPU per decision")
    if args.smoke:
        start = time.perf_counter()
        mixes = (["rookie"] * 4, ["random", "rookie"], ["rookie", "random", "random"])
        smoke(game, args.smoke, mixes)
        out["smoke_games"] = args.smoke
        print(f"smoke: {args.smoke} rookie/random games in {time.perf_counter() - start:.0f} s")
    if args.pro_smoke:
        smoke(game, args.pro_smoke, (["pro"] * 4, ["pro", "random"], ["pro", "rookie", "random"]))
        out["pro_smoke_games"] = args.pro_smoke
        print(f"smoke: {args.pro_smoke} games with pro bots")
    if args.duel:
        out["duel"] = duel(game, args.duel)
        print(f"pro against rookie: {out['duel']}")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
