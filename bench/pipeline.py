"""Sessions through the whole pipeline: queue, worker, engine, database, log.

Runs N ten-car Formula D races (advanced, 2 laps of Lakeside GP, pro bots)
through a real 2-process Celery worker on PostgreSQL and Redis, and measures:
- throughput: all N queued at once, sessions per minute until the last is stored;
- latency: sessions dispatched one at a time, from dispatch to standings stored
  (the wait wakes at the signal its table is sent once the result committed);
- overhead: median latency divided by the engine's own median time for the
  same races (same seeds and seats, each run in this process just before it
  is dispatched), from its start to
  its result with the log's hash (`overhead_ratio`), and, as measured before
  2026-11-29, to its last move (`overhead_ratio_to_play`); and session by
  session, the median of each one's latency over its race's own time
  (`overhead_ratio_paired`) and of their difference (`pipeline_own_ms`).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python bench/pipeline.py [--races 100] [--latency-runs 30]

It creates and drops its own database (paddock_bench). Last line: JSON.
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
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def bench_database_url() -> str:
    """The bench's own database, `paddock_bench` unless BENCH_DATABASE names
    another (two benches on one server each need their own)."""
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")
    name = os.environ.get("BENCH_DATABASE", "paddock_bench")
    if not name.replace("_", "").isalnum():
        raise SystemExit(f"BENCH_DATABASE must be a plain name, not {name!r}")
    return urlunsplit(urlsplit(base)._replace(path="/" + name))


def recreate_database(url: str) -> None:
    import psycopg

    name = urlsplit(url).path.lstrip("/")
    admin = urlunsplit(urlsplit(url)._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")


def bench_redis_url() -> str:
    """Redis database 14 (or BENCH_REDIS_DB): a bench neither purges nor
    reads the test suite's queues."""
    base = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    number = os.environ.get("BENCH_REDIS_DB", "14")
    if not number.isdigit():
        raise SystemExit(f"BENCH_REDIS_DB must be a number, not {number!r}")
    return urlunsplit(urlsplit(base)._replace(path="/" + number))


def setup_django(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ["REDIS_URL"] = bench_redis_url()
    os.environ.setdefault("SECRET_KEY", "paddock-bench")
    os.environ["DJANGO_SETTINGS_MODULE"] = "paddock.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def make_season(races: int):
    from django.contrib.auth import get_user_model

    from league.models import League, ScoringSystem, Season
    from races.rounds.edits import round_create

    owner = get_user_model().objects.create_user("bench")
    league = League.objects.create(name="Bench", slug="bench", owner=owner)
    season = Season.objects.create(
        league=league,
        name="Bench",
        slug="bench",
        game="formula_d",
        rules={"level": "advanced"},
        scoring=ScoringSystem.objects.get(slug="formula-1-2010"),
        grid_size=10,
    )
    for number in range(1, races + 1):
        round_create(season=season, number=number, name=f"R{number}", track="lakeside_gp", laps=2)
    return season


def engine_ms(session) -> tuple[float, float]:
    """The race alone, as the runner plays it (its plan, its bot loop), in
    this process: no worker, no database. Two figures: the engine's whole
    work, start to result (its log's hash is the engine's, races/rules/log.py),
    and its play alone, start to the last move (the figure before 2026-11-29)."""
    from races.running.plan import session_plan
    from races.running.runner import controllers, drive

    plan = session_plan(session)
    start = time.perf_counter()
    race = plan.game.start(plan.config, plan.seats, session.seed)
    drive(race, controllers(plan.game, session.seed, plan.records), [])
    played = time.perf_counter()
    race.result()
    return (time.perf_counter() - start) * 1000, (played - start) * 1000


# Where the time of one session goes, measured in this process around the
# runner's own steps (inclusive times; indented steps are part of the one
# above them). "stored" is a finished race's transaction: its actions sent
# to the database while the log's lines are written and hashed (pipeline
# mode), the finished row, results and standings, the commit and what it
# hands over. "the rest" is the engine's start, the bots' controllers and
# the claim's table signal. The worker's pickup (queue, prefork, poll) is
# the rest of the dispatch-to-standings latency.
PHASES = [
    ("races.running.runner", "session_claim", "claim"),
    ("races.running.runner", "session_plan", "plan"),
    ("races.running.runner", "session_started", "start announced (a task handed over)"),
    ("races.running.runner", "drive", "race (engine, bots, progress)"),
    ("races.running.runner", "_finished_stored", "stored (one transaction, its commit)"),
    ("races.running.runner", "canonical_log", "  the log's lines (actions sent beside)"),
    ("races.rules.formula_d.race", "log_hash", "  result: the log's hash (the engine's)"),
    ("races.running.runner", "session_finish", "  finish (row, results, standings)"),
    ("races.running.runner", "session_results_store", "    results stored"),
    ("races.results.store", "standings_after_round", "      round scored, tables ranked"),
    ("races.results.store", "results_follow", "      stage, history"),
    ("races.running.handover", "_task", "  after-store tasks handed over (after commit)"),
]
HANDED_OVER = PHASES[-1][2]


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def handed_over(original, times):
    """races.running.handover._task, its task's `delay` timed (the after-store
    tasks are handed over once the results' transaction has committed)."""

    class Timed:
        def __init__(self, task):
            self.task = task

        def delay(self, *args):
            with clocked(times, HANDED_OVER):
                return self.task.delay(*args)

    return lambda name: Timed(original(name))


class clocked:  # noqa: N801 - used as a context manager
    """Adds the wall and CPU milliseconds of the block to `times[clock][label]`."""

    def __init__(self, times, label):
        self.times, self.label = times, label

    def __enter__(self):
        self.start = {clock: now() for clock, now in CLOCKS.items()}

    def __exit__(self, *exc):
        for clock, now in CLOCKS.items():
            self.times[clock][self.label][-1] += (now() - self.start[clock]) * 1000


def breakdown(sessions) -> dict[str, dict[str, float]]:
    """Median wall and CPU ms of each step of `session_run` over `sessions`,
    run here (CPU: this process's; the database's own is in the wall time)."""
    import importlib

    from races.models import Session
    from races.running import runner

    labels = [label for _, _, label in PHASES] + ["total", "the rest"]
    times = {clock: {label: [] for label in labels} for clock in CLOCKS}
    saved = []
    for module_name, name, label in PHASES:
        module = importlib.import_module(module_name)
        original = getattr(module, name)
        saved.append((module, name, original))

        def timed(*args, _original=original, _label=label, **kwargs):
            with clocked(times, _label):
                return _original(*args, **kwargs)

        setattr(module, name, handed_over(original, times) if label == HANDED_OVER else timed)
    try:
        for session in sessions:
            for clock in CLOCKS:
                for label in labels:
                    times[clock][label].append(0.0)
            Session.objects.filter(pk=session.pk).update(status=Session.Status.QUEUED)
            with clocked(times, "total"):
                runner.session_run(session_id=session.pk)
    finally:
        for module, name, original in saved:
            setattr(module, name, original)
    top = [label for _, _, label in PHASES if not label.startswith(" ")]
    for clock in CLOCKS:
        found = times[clock]
        for i in range(len(sessions)):
            found["the rest"][i] = found["total"][i] - sum(found[t][i] for t in top)
    return {
        clock: {label: round(statistics.median(v), 1) for label, v in found.items()}
        for clock, found in times.items()
    }


def start_worker(url: str) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "paddock.settings"}
    log = open(ROOT / "bench" / "pipeline-worker.log", "w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "paddock",
            "worker",
            "-Q",
            "sessions,online",
            "-c",
            "2",
            "-l",
            "info",
            "--without-gossip",
            "--without-mingle",
        ],  # fmt: skip
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if " ready." in (ROOT / "bench" / "pipeline-worker.log").read_text():
            return proc
        time.sleep(0.2)
    raise SystemExit("the worker did not start; see bench/pipeline-worker.log")


def wait_finished(pks, timeout=900, poll=0.02) -> None:
    from races.models import Session

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        left = Session.objects.filter(pk__in=pks).exclude(status__in=["finished", "failed"])
        if not left.exists():
            failed = Session.objects.filter(pk__in=pks, status="failed").count()
            if failed:
                raise SystemExit(f"{failed} sessions failed")
            return
        time.sleep(poll)
    raise SystemExit("timed out waiting for sessions")


def main() -> None:
    from bench.table_signals import TableSignals

    parser = argparse.ArgumentParser()
    parser.add_argument("--races", type=int, default=100)
    parser.add_argument("--latency-runs", type=int, default=30)
    args = parser.parse_args()

    url = bench_database_url()
    recreate_database(url)
    setup_django(url)
    from paddock.celery import app
    from races.models import Session
    from races.running.controls import session_queue

    season = make_season(args.races + 2 * args.latency_runs)
    # Read as the page's "Run now" reads a session (races/rounds/views.py,
    # _session_get): with its round, season and league, so that queueing one
    # costs what it costs there.
    sessions = list(
        Session.objects.filter(round__season=season)
        .select_related("round__season__league")
        .defer("event_log")
        .order_by("round__number")
    )
    throughput_set = sessions[: args.races]
    latency_set = sessions[args.races : args.races + args.latency_runs]
    breakdown_set = sessions[args.races + args.latency_runs :]

    app.control.purge()
    worker = start_worker(url)
    try:
        start = time.perf_counter()
        for session in throughput_set:
            session_queue(session=session)
        wait_finished([s.pk for s in throughput_set])
        elapsed = time.perf_counter() - start
        per_minute = len(throughput_set) / elapsed * 60

        # Each session's race alone, then the same session through the
        # pipeline, one after the other: a machine whose speed drifts over
        # the run (a shared one's does) moves both figures alike.
        latencies, engine_times, play_times = [], [], []
        signals = TableSignals()  # bench/table_signals.py
        for session in latency_set:
            engine, play = engine_ms(session)
            engine_times.append(engine)
            play_times.append(play)
            signals.follow(session.pk)
            t0 = time.perf_counter()
            session_queue(session=session)
            latencies.append((signals.wait_finished(session.pk) - t0) * 1000)
    finally:
        os.killpg(worker.pid, 15)
        worker.wait(30)

    steps = breakdown(breakdown_set)
    engine_median = statistics.median(engine_times)
    play_median = statistics.median(play_times)
    pairs = list(zip(latencies, engine_times, strict=True))
    latency_median = statistics.median(latencies)
    figures = {
        "races": len(throughput_set),
        "sessions_per_minute": round(per_minute, 1),
        "throughput_seconds": round(elapsed, 2),
        "latency_ms_median": round(latency_median, 1),
        "latency_ms_p90": round(sorted(latencies)[int(0.9 * (len(latencies) - 1))], 1),
        "engine_ms_median": round(engine_median, 1),
        "engine_play_ms_median": round(play_median, 1),
        "overhead_ratio": round(latency_median / engine_median, 2),
        "overhead_ratio_to_play": round(latency_median / play_median, 2),
        # Session by session (the same race both ways): robust to the
        # engine's two kinds of race (about one in four runs twice as long).
        "overhead_ratio_paired": round(statistics.median(lat / eng for lat, eng in pairs), 2),
        "pipeline_own_ms": round(statistics.median(lat - eng for lat, eng in pairs), 1),
        "breakdown_ms": {**steps["wall"], "worker pickup (latency - run here)": round(
            latency_median - steps["wall"]["total"], 1)},
        "breakdown_cpu_ms": steps["cpu"],
        "load": round(os.getloadavg()[0], 2),
    }  # fmt: skip
    print(f"{figures['races']} races in {elapsed:.1f}s: {per_minute:.0f} sessions/minute")
    print(
        f"dispatch to standings stored: median {latency_median:.0f} ms; "
        f"engine alone {engine_median:.0f} ms to its result ({play_median:.0f} ms to its "
        f"last move); ratio {figures['overhead_ratio']} ({figures['overhead_ratio_to_play']})"
    )
    print("where the time of a session goes (median ms, run in this process; wall, CPU):")
    for label, ms in figures["breakdown_ms"].items():
        cpu = figures["breakdown_cpu_ms"].get(label)
        print(f"  {label:<46} {ms:8.1f} {'' if cpu is None else f'{cpu:8.1f}'}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
