"""Many seeds of the command lines that once stopped a race (issue 18), no Django.

    python bench/formula_d_seeds.py [--first 1] [--last 1000] [--only paddock_ring]

Each command below is parsed by the engines' own command line
(`python -m races.rules simulate ...`) and run for every seed from --first to
--last; a race that raises (an `IllegalAction` from a bot above all) or ends
with an unordered result is a failure. Prints each failure as it happens and a
line per command; the last line is one JSON object with the counts (failures
must be 0).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from races.rules import get_game, run_bot_race  # noqa: E402
from races.rules.__main__ import _config, _parser, _seats  # noqa: E402

COMMANDS = {
    "paddock_ring": (
        "simulate formula_d --track paddock_ring --cars 10 --level advanced --ruleset bga"
        " --laps 3 --variants weather,tire_choice,technical_pit_stops,build_your_car,nitro"
    ),
    "lakeside_night": (
        "simulate formula_d --track lakeside_night --cars 10 --level advanced --laps 2"
        " --variants weather"
    ),
}


def result_error(race, seats) -> str | None:
    """Why a finished race's result is not in order, or None (`seats`: the
    seats the race started with; a race does not keep them as such)."""
    order = race.result().order
    if [p.position for p in order] != list(range(1, len(order) + 1)):
        return f"positions {[p.position for p in order]}"
    if sorted(p.seat for p in order) != sorted(s.id for s in seats):
        return "the result does not hold every seat once"
    return None


def run_command(name: str, argv: list[str], seeds: range) -> dict:
    args = _parser().parse_args(argv)
    game = get_game(args.game)
    config = _config(game, args)
    seats = _seats(game, args.cars, args.bots)
    failures = []
    t0 = time.process_time()
    for seed in seeds:
        try:
            race, _ = run_bot_race(game, config, seats, seed)
            error = result_error(race, seats)
        except Exception as exc:  # every exception is a failure to report
            error = f"{type(exc).__name__}: {exc}"
            traceback.print_exc(limit=3, file=sys.stderr)
        if error:
            failures.append({"seed": seed, "error": error})
            print(f"{name} seed {seed}: {error}", flush=True)
    cpu = time.process_time() - t0
    print(f"{name}: {len(seeds)} seeds, {len(failures)} failures, {cpu:.0f} s CPU", flush=True)
    return {
        "seeds": len(seeds),
        "failures": len(failures),
        "cpu_s": round(cpu, 1),
        "failed": failures,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--only", choices=sorted(COMMANDS))
    args = parser.parse_args()
    seeds = range(args.first, args.last + 1)
    out: dict = {"first": args.first, "last": args.last}
    for name, command in COMMANDS.items():
        if args.only and name != args.only:
            continue
        out[name] = run_command(name, command.split(), seeds)
    out["failures"] = sum(v["failures"] for v in out.values() if isinstance(v, dict))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
