"""RoboRally engine and bot figures (RR-BOT-08, issue 15).

    python bench/roborally.py [--repeat 20] [--duel 500] [--smoke-rookie 1000] [--smoke-greedy 200]
                              [--smoke-options 26]

- CPU ms per `greedy` program over real dealt hands (warm: the course's model
  kept between calls, as a worker keeps it; cold: a fresh model each call);
- CPU ms per game of 6 `greedy` robots on twin_forge;
- `greedy` against `rookie` (two of each, seats swapped every seed, the
  courses in turn): flags per robot per game, wins, robots destroyed;
- smoke: every seed on every course with 2 to 8 robots, no exception and
  every result ordered;
- smoke with options: greedy robots holding three option cards each from
  the start, every option used at least once (`never_used` empty, issue 27).

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
from races.rules.roborally.bots import greedy as greedy_module  # noqa: E402
from races.rules.roborally.bots.solo import Solo  # noqa: E402
from races.rules.roborally.rules.course import course_ids  # noqa: E402
from races.rules.roborally.rules.option_cards import OPTION_NAMES  # noqa: E402
from races.rules.roborally.rules.validate import load_course  # noqa: E402

GAME = get_game("roborally")


def seats(bots):
    return [Seat(f"r{i + 1}", f"Robot {i + 1}", "bot", b) for i, b in enumerate(bots)]


def program_times(repeat: int) -> tuple[list[float], list[float]]:
    """Milliseconds of each greedy program decision in real races."""
    warm, cold = [], []
    courses = {c: load_course(c) for c in course_ids()}
    for seed in range(repeat):
        course_id = course_ids()[seed % len(course_ids())]
        race = GAME.start({"track": course_id}, seats(["greedy"] * 6), seed)
        bots = {s.id: GAME.bot("greedy", seed=seed, seat=s.id) for s in seats(["greedy"] * 6)}
        while not race.finished:
            d = race.pending[0]
            view = race.view(d.seat)
            if d.kind == "program":
                start = time.process_time()
                action = bots[d.seat].choose(view, d)
                warm.append((time.process_time() - start) * 1000)
                fresh = greedy_module.Greedy(
                    seed, d.seat, courses={course_id: Solo(courses[course_id])}
                )
                start = time.process_time()
                fresh.choose(view, d)
                cold.append((time.process_time() - start) * 1000)
            else:
                action = bots[d.seat].choose(view, d)
            race.apply(d.seat, action)
    return warm, cold


def game_times(repeat: int) -> list[float]:
    """CPU milliseconds of each race (what the race costs when other
    processes share the machine)."""
    out = []
    for seed in range(repeat):
        start = time.process_time()
        race, _ = run_bot_race(GAME, {"track": "twin_forge"}, seats(["greedy"] * 6), seed)
        race.result()
        out.append((time.process_time() - start) * 1000)
    return out


def duel(count: int) -> dict:
    """Two greedy and two rookie robots per game, seats swapped every seed."""
    tally = {b: {"robots": 0, "flags": 0, "wins": 0, "destroyed": 0} for b in ("greedy", "rookie")}
    ends = {}
    for seed in range(count):
        bots = ["greedy", "rookie"] * 2 if seed % 2 == 0 else ["rookie", "greedy"] * 2
        course_id = course_ids()[seed % len(course_ids())]
        race, _ = run_bot_race(GAME, {"track": course_id}, seats(bots), seed)
        result = race.result()
        ends[result.details["end_reason"]] = ends.get(result.details["end_reason"], 0) + 1
        bot_of = {s.id: s.bot for s in seats(bots)}
        for p in result.order:
            line = tally[bot_of[p.seat]]
            line["robots"] += 1
            line["flags"] += p.figures["flags_touched"]
            line["destroyed"] += p.figures["destructions"]
        if result.details["winner"]:
            tally[bot_of[result.details["winner"]]]["wins"] += 1
    return {
        b: {
            "flags_per_robot_game": round(t["flags"] / t["robots"], 3),
            "wins": t["wins"],
            "destroyed_per_robot_game": round(t["destroyed"] / t["robots"], 3),
        }
        for b, t in tally.items()
    } | {"games": count, "end_reasons": ends}


RANKS = ("finished", "not_finished", "eliminated")  # RR-RANK-01, RR-OUT-01
# what shows an option acting in the log, besides its own option_used event
OPTION_SIGNS = {
    "flywheel_used": "Flywheel",
    "recompiled": "Recompile",
}
# options the bots choose to use (the others act by the rules alone)
CHOSEN = (
    "Abort Switch", "Brakes", "Conditional Program", "Crab Legs", "Dual Processor",
    "Fire Control", "Flywheel", "Fourth Gear", "Gyroscopic Stabilizer", "Mini Howitzer",
    "Pressor Beam", "Radio Control", "Recompile", "Reverse Gear", "Scrambler", "Tractor Beam",
)  # fmt: skip


def options_used(events, counts: dict) -> None:
    for e in events:
        if e.type == "option_used":
            details = e.data["details"]
            if e.data["option"] != "Gyroscopic Stabilizer" or details.get("active"):
                counts[e.data["option"]] = counts.get(e.data["option"], 0) + 1
        elif e.type in OPTION_SIGNS:
            counts[OPTION_SIGNS[e.type]] = counts.get(OPTION_SIGNS[e.type], 0) + 1


def smoke_options(count: int) -> dict:
    """Greedy races in which every robot starts with three option cards
    (a bench set-up: the rules deal options only on upgrade sites), the 26
    in turn over the seeds: how often each option was used, and the ones
    a bot may choose to use that none did."""
    counts: dict = {}
    for seed in range(count):
        cars = 4 + seed % 3
        for course_id in course_ids():
            table = seats(["greedy"] * cars)
            race = GAME.start({"track": course_id}, table, seed)
            for i, robot in enumerate(race.f.robots):
                first = (seed * 7 + i * 3) % len(OPTION_NAMES)
                robot.options = [OPTION_NAMES[(first + j) % len(OPTION_NAMES)] for j in range(3)]
                race.f.option_deck = [o for o in race.f.option_deck if o not in robot.options]
            bots = {s.id: GAME.bot("greedy", seed=seed, seat=s.id) for s in table}
            while not race.finished:
                d = race.pending[0]
                race.apply(d.seat, bots[d.seat].choose(race.view(d.seat), d))
            options_used(race.events, counts)
    return {"races": count * len(course_ids()), "uses": dict(sorted(counts.items())),
            "never_used": [o for o in CHOSEN if not counts.get(o)]}  # fmt: skip


def smoke(bot: str, count: int) -> int:
    """`count` seeds on every course, 2 to 8 robots; raises on any exception
    or a result out of order (every robot once, places 1..n, finished
    robots first and eliminated ones last). Returns the races run."""
    races = 0
    for seed in range(count):
        cars = 2 + seed % 7
        for course_id in course_ids():
            race, _ = run_bot_race(GAME, {"track": course_id}, seats([bot] * cars), seed)
            order = race.result().order
            assert [p.position for p in order] == list(range(1, cars + 1)), (course_id, seed)
            assert {p.seat for p in order} == {f"r{i + 1}" for i in range(cars)}, (course_id, seed)
            ranks = [RANKS.index(p.status) for p in order]
            assert ranks == sorted(ranks), (course_id, seed)
            races += 1
    return races


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--duel", type=int, default=500)
    parser.add_argument("--smoke-rookie", type=int, default=1000)
    parser.add_argument("--smoke-greedy", type=int, default=200)
    parser.add_argument("--smoke-options", type=int, default=26)
    args = parser.parse_args()
    warm, cold = program_times(max(1, args.repeat // 4))
    print(f"greedy program: {len(warm)} decisions, median {statistics.median(warm):.2f} ms warm, "
          f"{statistics.median(cold):.2f} ms cold, worst cold {max(cold):.1f} ms")  # fmt: skip
    games = game_times(args.repeat)
    print(f"6 greedy on twin_forge: median {statistics.median(games):.1f} ms per game")
    out = {
        "ms_per_program_greedy_median": round(statistics.median(warm), 2),
        "ms_per_program_greedy_cold_median": round(statistics.median(cold), 2),
        "ms_per_program_greedy_cold_max": round(max(cold), 1),
        "ms_per_game": round(statistics.median(games), 1),
    }
    if args.duel:
        start = time.perf_counter()
        out["duel"] = duel(args.duel)
        print(f"greedy v rookie over {args.duel} games ({time.perf_counter() - start:.0f} s): "
              f"{json.dumps(out['duel'])}")  # fmt: skip
    for bot, count in (("rookie", args.smoke_rookie), ("greedy", args.smoke_greedy)):
        if count:
            start = time.perf_counter()
            out[f"smoke_{bot}"] = smoke(bot, count)
            print(f"smoke: {count} {bot} seeds on each course ({out[f'smoke_{bot}']} races), "
                  f"no exception, every result ordered "
                  f"({time.perf_counter() - start:.0f} s)")  # fmt: skip
    if args.smoke_options:
        out["smoke_options"] = smoke_options(args.smoke_options)
        print(f"options held from the start: {json.dumps(out['smoke_options'])}")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
