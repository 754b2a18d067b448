"""Requests per second and latency of the season and standings pages.

Builds a season of 40 entries and 20 finished rounds in a PostgreSQL database
of its own, serves the site with gunicorn on a free loopback port, and loads
each page with 16 concurrent connections (Python threads, http.client) for a
bounded number of requests. A bare view returning a few bytes is measured in
the same run as the baseline. The last line is JSON with every figure and
`standings_ratio`: the standings page's requests per second divided by the
bare view's.

    python bench/pages.py [--requests 3000] [--connections 16] [--workers 2]

The season runs with teams: each driver's team is held per round (every
fourth driver changes team at round 11) and the last round pays double
points, so the standings carry what a real championship does.

DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/);
the database used is BENCH_DATABASE (default `paddock_bench_pages`) on it,
created and rebuilt each run.
REDIS_URL (default redis://127.0.0.1:6379/0) holds the cache, under a key
prefix of this run's own.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ENTRIES, ROUNDS = 40, 20


BENCH_DATABASE = os.environ.get("BENCH_DATABASE", "paddock_bench_pages")


def bench_database_url() -> str:
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/")
    parts = urlsplit(base)
    return urlunsplit(parts._replace(path=f"/{BENCH_DATABASE}"))


def database_recreate(url: str) -> None:
    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    name = sql.Identifier(BENCH_DATABASE)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(name))


def site_environment() -> dict:
    """The bench's database made anew, and the site's settings over it."""
    database = bench_database_url()
    database_recreate(database)
    return {
        "DJANGO_SETTINGS_MODULE": "paddock.settings",
        "DATABASE_URL": database,
        "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
        "CACHE_PREFIX": f"bench-{uuid.uuid4().hex[:8]}",
        "SECRET_KEY": f"bench-{uuid.uuid4().hex}",
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "LOG_LEVEL": "ERROR",
    }


def season_build(env: dict) -> tuple[str, str]:
    """Migrate and fill the database; return the season and standings paths."""
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.utils import timezone

    call_command("migrate", verbosity=0, interactive=False)
    from league.models import Driver, League, ScoringSystem, Season, Team
    from league.organise.entries import entry_create, entry_team_change
    from races.models import Round, Session
    from races.results.store import SeatResult, session_results_store

    rng = random.Random(2026)
    owner = get_user_model().objects.create_user("bench-owner", password=uuid.uuid4().hex)
    league = League.objects.create(name="Bench League", slug="bench", owner=owner)
    season = Season.objects.create(
        league=league,
        name="Bench Season",
        slug="bench-season",
        game="formula_d",
        scoring=ScoringSystem.objects.get(slug="formula-1-2010"),
        status=Season.Status.RUNNING,
        grid_size=12,
        team_mode=True,
        team_size=2,
    )
    teams = [Team.objects.create(season=season, name=f"Bench Team {n:02d}") for n in range(20)]
    entries = [
        entry_create(
            season=season,
            driver=Driver.objects.create(
                name=f"Bench Driver {n:02d}", is_bot=True, bot_level="pro"
            ),
            car_number=n,
            team=teams[(n - 1) // 2],
        )
        for n in range(1, ENTRIES + 1)
    ]
    # Every fourth driver changes team from round 11: pairs of cars swap.
    for first in range(0, ENTRIES, 4):
        a, b = entries[first], entries[first + 2]
        team_a, team_b = a.team, b.team
        entry_team_change(entry=a, team=None, from_round=11)
        entry_team_change(entry=b, team=team_a, from_round=11)
        entry_team_change(entry=a, team=team_b, from_round=11)
    for number in range(1, ROUNDS + 1):
        rnd = Round.objects.create(
            season=season,
            number=number,
            name=f"Round {number}",
            track="paddock_ring",
            laps=1,
            points_multiplier=2 if number == ROUNDS else 1,
        )
        session = Session.objects.create(
            round=rnd,
            kind=Session.Kind.RACE,
            status=Session.Status.FINISHED,
            scheduled_at=timezone.now(),
            finished_at=timezone.now(),
        )
        order = entries[:]
        rng.shuffle(order)
        session_results_store(
            session=session,
            lines=[
                SeatResult(
                    entry_id=e.pk,
                    seat=f"car{e.car_number}",
                    position=i,
                    status="finished"
                    if i <= 35
                    else ("eliminated" if i <= 38 else "not_classified"),
                    laps=1,
                    distance=200 - i,
                    figures={"wear": {"WP": rng.randint(0, 18)}},
                )
                for i, e in enumerate(order, start=1)
            ],
        )
    return season.get_absolute_url(), f"{season.get_absolute_url()}standings/"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/bare/")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start")


def load(ports: list[int], paths: list[str], *, requests: int, connections: int,
         first: int = 0) -> dict:  # fmt: skip
    """`requests` GETs over `connections` threads (numbered from `first`):
    thread n keeps its connection to ports[n % len(ports)] open while the
    server allows it, and asks for `paths` in turn from paths[n % len(paths)]."""
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    counter = iter(range(requests))

    def worker(number: int):
        nonlocal errors
        mine, bad, turn = [], 0, number
        conn = None
        while True:
            with lock:
                if next(counter, None) is None:
                    break
            path = paths[turn % len(paths)]
            turn += 1
            start = time.perf_counter()
            try:
                if conn is None:
                    port = ports[number % len(ports)]
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                conn.request("GET", path)
                response = conn.getresponse()
                response.read()
                if response.status != 200:
                    bad += 1
                if response.getheader("Connection", "").lower() == "close":
                    conn.close()
                    conn = None
            except OSError:
                bad += 1
                conn = None
                continue
            mine.append(time.perf_counter() - start)
        with lock:
            latencies.extend(mine)
            errors += bad

    threads = [threading.Thread(target=worker, args=(first + n,)) for n in range(connections)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"latencies": latencies, "errors": errors, "elapsed": time.perf_counter() - began}


def summarise(runs: list[dict]) -> dict:
    """Several runs of one page as one set of figures."""
    latencies = sorted(x for run in runs for x in run["latencies"])
    elapsed = sum(run["elapsed"] for run in runs)

    def pct(p: float) -> float:
        return round(latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000, 2)

    return {
        "requests": len(latencies),
        "errors": sum(run["errors"] for run in runs),
        "rps": round(len(latencies) / elapsed, 1),
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "mean_ms": round(statistics.fmean(latencies) * 1000, 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000, help="requests per page")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument(
        "--passes",
        type=int,
        default=5,
        help="the pages take turns this many times, so a change in the machine's "
        "load falls on every page alike",
    )
    parser.add_argument("--cpu-requests", type=int, default=200)
    parser.add_argument(
        "--cpu-only", action="store_true", help="only the CPU per request, no gunicorn"
    )
    args = parser.parse_args()

    env = site_environment()
    season_path, standings_path = season_build(env)
    from bench.page_cpu import cpu_ms, cpu_pages, replay_session_build

    cpu = cpu_ms(cpu_pages(season_path, replay_session_build()), args.cpu_requests)
    for name, ms in cpu.items():
        print(f"{name:15s} {ms:7.3f} ms of CPU a request (in process)")
    cpu_figures = {f"cpu_ms_{name}": ms for name, ms in cpu.items()}
    if args.cpu_only:
        print(json.dumps({**cpu_figures, "load": round(os.getloadavg()[0], 2)}, sort_keys=True))
        return 0
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "paddock.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(args.workers),
            "--worker-class",
            "gthread",
            "--threads",
            "4",
            "--keep-alive",
            "5",
            "--log-level",
            "warning",
        ],  # fmt: skip
        cwd=ROOT,
        env={**os.environ, **env},
        start_new_session=True,
    )
    figures = {}
    try:
        wait_ready(port)
        pages = {"bare": "/bare/", "season": season_path, "standings": standings_path}
        for path in pages.values():  # warm every worker's connections and cache
            load([port], [path], requests=args.warmup, connections=args.connections)
        runs: dict[str, list] = {name: [] for name in pages}
        share = max(1, args.requests // args.passes)
        for _ in range(args.passes):
            for name, path in pages.items():
                runs[name].append(
                    load([port], [path], requests=share, connections=args.connections)
                )
        for name in pages:
            figures[name] = f = summarise(runs[name])
            print(
                f"{name:10s} {f['rps']:8.1f} req/s  p50 {f['p50_ms']:7.2f} ms  "
                f"p99 {f['p99_ms']:7.2f} ms  ({f['requests']} requests, {f['errors']} errors)"
            )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(15)
    summary = {
        "entries": ENTRIES,
        "rounds": ROUNDS,
        "connections": args.connections,
        "workers": args.workers,
        **{f"{name}_{k}": v for name, f in figures.items() for k, v in f.items()},
        "standings_ratio": round(figures["standings"]["rps"] / figures["bare"]["rps"], 3),
        "season_ratio": round(figures["season"]["rps"] / figures["bare"]["rps"], 3),
        **cpu_figures,
        "load": round(os.getloadavg()[0], 2),
    }
    print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
