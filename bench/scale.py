"""Scale-out: all-bot Formula D sessions a minute with one and with two
worker processes, on the same set of sessions, (a) spread over several
seasons and (b) all in one season, the four runs alternated and repeated,
with the load average of each run (the machine is shared: read the ratios
beside it). Then what one store costs in round 2 of a season two rounds
long and in round 40 of one forty rounds long (a ten-car result stored
again, the two taking turns, median of repeats; wall, CPU and queries).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/scale.py [--sessions 24] [--seasons 4] [--repeats 2]

It creates and drops its own database (BENCH_DATABASE, paddock_bench by
default) and uses Redis database BENCH_REDIS_DB (14). Last line: JSON with
scale_ratio_seasons, scale_ratio_one_season, store_ms_round2, store_ms_round40.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.pipeline import (  # noqa: E402
    bench_database_url,
    recreate_database,
    setup_django,
    wait_finished,
)

LOG = ROOT / "bench" / "scale-worker.log"


def seasons_made(count: int, rounds: int, slug: str, laps: int = 1) -> list:
    from django.contrib.auth import get_user_model

    from league.models import League, ScoringSystem, Season
    from races.rounds.edits import round_create

    owner, _ = get_user_model().objects.get_or_create(username="bench")
    league, _ = League.objects.get_or_create(
        slug="bench", defaults={"name": "Bench", "owner": owner}
    )
    seasons = []
    for index in range(count):
        season = Season.objects.create(
            league=league, name=f"{slug} {index}", slug=f"{slug}-{index}", game="formula_d",
            rules={"level": "advanced"}, grid_size=10,
            scoring=ScoringSystem.objects.get(slug="formula-1-2010"),
        )  # fmt: skip
        for number in range(1, rounds + 1):
            round_create(season=season, number=number, name=f"R{number}", track="lakeside_gp",
                         laps=laps)  # fmt: skip
        seasons.append(season)
    return seasons


def sessions_reset(seasons) -> list[int]:
    """The sessions as they were before they ran (same seeds): results,
    standings and logs gone, scheduled again."""
    from league.models import DriverStanding, TeamStanding
    from races.models import Result, Session

    sessions = Session.objects.filter(round__season__in=seasons)
    Result.objects.filter(session__in=sessions).delete()
    DriverStanding.objects.filter(season__in=seasons).delete()
    TeamStanding.objects.filter(season__in=seasons).delete()
    sessions.update(status="scheduled", claim="", lease_until=None, started_at=None,
                    finished_at=None, event_log=None, log_sha256="", summary={}, progress={},
                    actions=[], error="")  # fmt: skip
    return list(sessions.order_by("round__number", "round__season_id").values_list("pk", flat=True))


def worker_started(url: str, processes: int) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "paddock.settings"}
    log = open(LOG, "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "paddock", "worker", "-Q", "sessions",
         "-c", str(processes), "-l", "info", "--without-gossip", "--without-mingle"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if " ready." in LOG.read_text():
            return proc
        time.sleep(0.2)
    raise SystemExit("the worker did not start; see bench/scale-worker.log")


def run_once(url: str, seasons, processes: int) -> dict:
    from paddock.celery import app
    from races.models import Session
    from races.running.controls import session_queue

    pks = sessions_reset(seasons)
    app.control.purge()
    worker = worker_started(url, processes)
    try:
        start = time.perf_counter()
        for session in Session.objects.filter(pk__in=pks).select_related("round__season"):
            session_queue(session=session)
        wait_finished(pks, poll=0.05)
        elapsed = time.perf_counter() - start
    finally:
        os.killpg(worker.pid, 15)
        worker.wait(30)
    return {"per_minute": len(pks) / elapsed * 60, "load": os.getloadavg()[0]}


def store_costs(rounds: dict[int, tuple], repeats: int) -> dict[int, dict]:
    """One ten-car result stored again (as a correction is) in each of
    `rounds` (number → the season holding that many rounds, and the round),
    in its own transaction, taking turns so that a change in the machine's
    load falls on each alike: median wall and CPU milliseconds, and the
    queries one store makes."""
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from races.models import Result, Session
    from races.results.store import SeatResult, session_results_store

    stores = {}
    for number, (season, round_number) in rounds.items():
        session = Session.objects.select_related("round__season__scoring").get(
            round__season=season, round__number=round_number, kind="race"
        )
        lines = [
            SeatResult(r.entry_id, r.seat, r.position, r.status, r.laps, r.distance, r.figures)
            for r in Result.objects.filter(session=session).order_by("position")
        ]
        stores[number] = (session, lines)
    found = {number: {"wall": [], "cpu": [], "queries": 0} for number in rounds}
    for _ in range(repeats):
        for number, (session, lines) in stores.items():
            wall, cpu = time.perf_counter(), time.process_time()
            with CaptureQueriesContext(connection) as queries, transaction.atomic():
                session_results_store(session=session, lines=lines)
            found[number]["wall"].append((time.perf_counter() - wall) * 1000)
            found[number]["cpu"].append((time.process_time() - cpu) * 1000)
            found[number]["queries"] = len(queries)
    return {
        number: {
            "wall": statistics.median(f["wall"]),
            "cpu": statistics.median(f["cpu"]),
            "queries": f["queries"],
        }
        for number, f in found.items()
    }


def season_run(url: str, rounds: int, slug: str) -> object:
    """A season of `rounds` rounds, every one run through a worker."""
    (season,) = seasons_made(1, rounds, slug)
    run_once(url, [season], 2)
    return season


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=24)
    parser.add_argument("--seasons", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--long-rounds", type=int, default=40)
    parser.add_argument("--stores-only", action="store_true", help="the long season's stores only")
    args = parser.parse_args()

    url = bench_database_url()
    recreate_database(url)
    setup_django(url)
    spread = seasons_made(args.seasons, args.sessions // args.seasons, "spread")
    single = seasons_made(1, args.sessions, "single")
    runs: dict[str, list[dict]] = {}
    for repeat in range(0 if args.stores_only else args.repeats):
        for layout, seasons in (("seasons", spread), ("one_season", single)):
            for processes in (1, 2) if repeat % 2 == 0 else (2, 1):
                figures = run_once(url, seasons, processes)
                runs.setdefault(f"{layout}_{processes}", []).append(figures)
                print(f"{layout:<10} {processes} process(es): {figures['per_minute']:.0f} "
                      f"sessions/minute, load {figures['load']:.2f}", flush=True)  # fmt: skip
    # A store in the last round of a season two rounds long, and of one
    # `long_rounds` long: what a store costs as the season goes on.
    short, long = season_run(url, 2, "short"), season_run(url, args.long_rounds, "long")
    costs = store_costs({2: (short, 2), args.long_rounds: (long, args.long_rounds)}, 15)
    round2, round_last = costs[2]["wall"], costs[args.long_rounds]["wall"]

    def median(key):
        return statistics.median(r["per_minute"] for r in runs[key]) if key in runs else None

    def ratio(layout):
        two, one = median(f"{layout}_2"), median(f"{layout}_1")
        return round(two / one, 2) if one else None

    figures = {
        "sessions": args.sessions,
        "seasons": args.seasons,
        "repeats": args.repeats,
        **{f"per_minute_{k}": round(median(k), 1) for k in sorted(runs)},
        **{f"load_{k}": [round(r["load"], 2) for r in v] for k, v in sorted(runs.items())},
        "scale_ratio_seasons": ratio("seasons"),
        "scale_ratio_one_season": ratio("one_season"),
        "store_ms_round2": round(round2, 1),
        f"store_ms_round{args.long_rounds}": round(round_last, 1),
        "store_cpu_ms_round2": round(costs[2]["cpu"], 2),
        f"store_cpu_ms_round{args.long_rounds}": round(costs[args.long_rounds]["cpu"], 2),
        "store_queries_round2": costs[2]["queries"],
        f"store_queries_round{args.long_rounds}": costs[args.long_rounds]["queries"],
        "load": round(os.getloadavg()[0], 2),
    }
    for number, cost in costs.items():
        print(f"store in round {number}: {cost['wall']:.1f} ms, {cost['cpu']:.1f} ms of CPU, "
              f"{cost['queries']} queries")  # fmt: skip
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
