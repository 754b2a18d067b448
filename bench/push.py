"""Server push at the table (issue 25): how fast a decision reaches the other
seats, how many spectators one web process holds, and that an idle table is
never polled. Over the loopback only, bounded in count and time.

One ASGI web process (daphne, with the suite's settings: it serves its own
static files), one Celery worker (`sessions`, `online`), PostgreSQL and Redis.
A six-person race of `--game` (Heat by default: everyone decides at once).

- `push_ms_p50`, `push_ms_p99`: from a decision's post to the new state
  (the live area with a new digest, brought by the push signal or fetched
  on it, as a browser's page does) having arrived at every other seat of
  the table.
- `spectators_held`: spectator sockets held open at once on the web process
  (1,000; `spectators_errors` those refused or dropped, `spectators_signalled`
  those that heard one change), and the process's `spectators_rss_mb`.
- `polls_per_minute_per_table`: requests a real Chromium page (a seat and a
  spectator) makes for the table while nothing happens.
- `push_ms_p50_50_tables`: the same with 50 six-seat tables playing at once
  on the one web process (six people of their own at each), each table
  sitting down at a moment of its own within the first `--pace` seconds and
  posting every 0.5 to 1.5 times `--pace` (seeded); with the web process's
  CPU per decision and its share of a core (`--tables-only`: only these).

Each seat does as the page's script does (bench/push_seats.py): it posts
from the panel it shows, and asks for its panel only when a signal's digest
differs from the one it shows.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python bench/push.py [--quick] [--tables-only]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.pipeline import bench_database_url, recreate_database, setup_django, start_worker  # noqa: E402
from bench.push_seats import PARTS, Seat  # noqa: E402
from bench.push_tables import league_with_tables, waiting, web_process  # noqa: E402
from tests.races.web_server import free_port  # noqa: E402

OPENS = 'window.opens = 0; document.addEventListener("htmx:wsOpen", () => window.opens++);'


async def table_round(
    seats: list[Seat], decisions: int, pace: float, until: float, chance=None
) -> list[float]:
    """Decisions at one table, one seat after another: for each, the ms
    until every other seat has the new state (a 10 s wait counts as 10 s).
    What part of it was the post and the signal goes to `PARTS`. With
    `chance` (many tables at once), the table sits down at a moment of its
    own within the first `pace` and its people take 0.5 to 1.5 times `pace`
    to decide: tables that all posted on the same beat would measure a
    crowd that never gathers at a race night."""
    measured = []
    if chance is not None:
        await asyncio.sleep(chance.uniform(0, pace))
    while len(measured) < decisions and time.monotonic() < until:
        if all(seat.finished for seat in seats):
            break
        made = False
        for seat in seats:
            started = await seat.decide()
            if started is None:
                continue
            PARTS["post"].append((time.perf_counter() - started) * 1000)
            made = True
            others = [s for s in seats if s is not seat]
            give_up = time.perf_counter() + 10
            while (left := give_up - time.perf_counter()) > 0:
                firsts = [next((t for t in s.arrived if t > started), None) for s in others]
                if all(firsts):
                    break
                # Woken by an arrival: the bench's own waiting must not take
                # the machine's time from the web process it measures.
                news = asyncio.get_running_loop().create_future()
                for other in others:
                    other.waiters.append(news)
                try:
                    await asyncio.wait_for(news, left)
                except TimeoutError:
                    pass
            measured.append(max((t or give_up) for t in firsts) * 1000 - started * 1000)
            heard = [next((t for t in s.signals if t > started), give_up) for s in others]
            PARTS["signal"].append(max(heard) * 1000 - started * 1000)
            await asyncio.sleep(pace if chance is None else pace * chance.uniform(0.5, 1.5))
            if len(measured) >= decisions:
                break
        if not made:
            await asyncio.sleep(0.02)
    return measured


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1) if values else -1.0


async def seats_at(port, session_id, people) -> list[Seat]:
    seats = [Seat(port, session_id, cookie, csrf) for cookie, csrf in people]
    for seat in seats:
        await seat.open()
    return seats


async def spectators(port: int, session_id: int, count: int, pid: int) -> dict:
    """Hold `count` spectator sockets at once; one change reaches each."""
    from websockets.asyncio.client import connect

    from races.push.publish import table_changed

    url = f"ws://127.0.0.1:{port}/push/?table={session_id}&language=en"
    origin = f"http://127.0.0.1:{port}"
    gate, errors, sockets = asyncio.Semaphore(50), 0, []

    async def one():
        nonlocal errors
        async with gate:
            try:
                sockets.append(await connect(url, additional_headers={"Origin": origin},
                                             open_timeout=60))  # fmt: skip
            except Exception:
                errors += 1

    await asyncio.gather(*(one() for _ in range(count)))
    await asyncio.sleep(1)
    rss = rss_mb(pid)
    await asyncio.to_thread(table_changed, session_id)

    async def heard(socket) -> bool:
        try:
            return "table" in await asyncio.wait_for(socket.recv(), 20)
        except Exception:
            return False

    signalled = sum(await asyncio.gather(*(heard(s) for s in sockets)))
    held = sum(1 for s in sockets if s.state.name == "OPEN")
    await asyncio.gather(*(s.close() for s in sockets), return_exceptions=True)
    return {"spectators_held": held, "spectators_errors": errors + (count - held - errors),
            "spectators_signalled": signalled, "spectators_rss_mb": rss}  # fmt: skip


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far, user and system."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return -1.0


async def idle_polls(port: int, session_id: int, cookie: str, seconds: float) -> float:
    """Requests a real browser page makes for the table while nothing happens."""
    from playwright.async_api import async_playwright

    executable = shutil.which("chromium")
    if executable is None:
        raise SystemExit("polls are counted in Debian's chromium: apt-get install chromium")
    asked = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=executable,
                                                   args=["--headless", "--no-sandbox"])  # fmt: skip
        for signed_in in (True, False):
            context = await browser.new_context()
            await context.add_init_script(OPENS)
            if signed_in:
                await context.add_cookies([{"name": "sessionid", "value": cookie,
                                            "url": f"http://127.0.0.1:{port}"}])  # fmt: skip
            page = await context.new_page()
            page.on("request", lambda r: asked.append(r.url) if "/sessions/" in r.url else None)
            await page.goto(f"http://127.0.0.1:{port}/sessions/{session_id}/")
            await page.wait_for_function("() => window.opens >= 1", timeout=30_000)
        await asyncio.sleep(2)  # the catch-up fetch on opening is not a poll
        asked.clear()
        await asyncio.sleep(seconds)
        await browser.close()
    return round(len(asked) * 60 / seconds / 1, 1)


async def measure(args, port: int, pid: int, ids: list[int], people, cookie: str) -> dict:
    figures = {}
    if not args.tables_only:
        figures.update(await one_table(args, port, ids[0], people[0]))
        figures.update(await spectators(port, ids[0], args.spectators, pid))
        figures["polls_per_minute_per_table"] = await idle_polls(port, ids[0], cookie, args.idle)
    figures.update(await many_tables(args, port, pid, ids[1:], people[1:]))
    return figures


async def one_table(args, port: int, session_id: int, people) -> dict:
    one = await seats_at(port, session_id, people)
    times = await table_round(one, args.decisions, 0.05, time.monotonic() + args.budget)
    for seat in one:
        await seat.close()
    figures = {"push_ms_p50": percentile(times, 0.5), "push_ms_p99": percentile(times, 0.99),
               "push_decisions": len(times), "post_ms_p50": percentile(PARTS["post"], 0.5),
               "signal_ms_p50": percentile(PARTS["signal"], 0.5)}  # fmt: skip
    figures["push_waits_over_10s"] = sum(1 for t in times if t >= 10_000)
    return figures


async def many_tables(args, port: int, pid: int, ids: list[int], people) -> dict:
    figures = {}
    pairs = zip(ids, people, strict=True)
    tables = [await seats_at(port, pk, seated) for pk, seated in pairs]
    until = time.monotonic() + args.budget * 1.5
    cpu, wall, load = cpu_seconds(pid), time.monotonic(), os.getloadavg()[0]
    own, posts, signals = time.process_time(), len(PARTS["post"]), len(PARTS["signal"])
    chance = random.Random(25)  # the same moments in every run
    rounds = await asyncio.gather(*(table_round(seats, args.per_table, args.pace, until, chance)
                                    for seats in tables))  # fmt: skip
    cpu, wall = cpu_seconds(pid) - cpu, time.monotonic() - wall
    many = [t for measured in rounds for t in measured]
    figures["web_cpu_ms_per_decision_50_tables"] = round(cpu * 1000 / max(1, len(many)), 1)
    figures["web_cpu_share_50_tables"] = round(cpu / wall, 2)  # of one core
    figures["post_ms_p50_50_tables"] = percentile(PARTS["post"][posts:], 0.5)
    figures["signal_ms_p50_50_tables"] = percentile(PARTS["signal"][signals:], 0.5)
    figures["bench_cpu_share_50_tables"] = round((time.process_time() - own) / wall, 2)
    figures["load_before_50_tables"] = round(load, 2)
    for seats in tables:
        for seat in seats:
            await seat.close()
    figures["refused"], figures["fetch_errors"] = len(PARTS["refused"]), len(PARTS["fetch_errors"])
    figures.update({"push_ms_p50_50_tables": percentile(many, 0.5), "tables": len(tables),
                    "push_ms_p99_50_tables": percentile(many, 0.99),
                    "tables_decisions": len(many)})  # fmt: skip
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="CI size: fewer of everything")
    parser.add_argument("--tables-only", action="store_true", help="only the many tables")
    parser.add_argument("--game", default="heat")
    # 3 s between a table's posts: each of its six people decides about every
    # 18 s, a real-time table's pace; 50 tables then post 17 decisions a second.
    parser.add_argument("--pace", type=float, default=3.0, help="seconds between a table's posts")
    args = parser.parse_args()
    args.decisions, args.spectators, args.idle = (12, 100, 5) if args.quick else (40, 1000, 10)
    args.tables, args.per_table = (5, 4) if args.quick else (50, 6)
    args.budget = 20 if args.quick else 30  # seconds of deciding at one table, then at many
    url = bench_database_url()
    recreate_database(url)
    setup_django(url)
    from paddock.celery import app

    app.control.purge()
    ids, people, cookie = league_with_tables(args.game, 1 + args.tables)
    worker = start_worker(url)
    port = free_port()
    web = web_process(url, port)
    try:
        waiting(ids)
        figures = asyncio.run(measure(args, port, web.pid, ids, people, cookie))
    finally:
        for process in (web, worker):
            os.killpg(process.pid, 15)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, 9)
    figures["game"], figures["quick"] = args.game, args.quick
    print(f"push p50 {figures.get('push_ms_p50')} ms; {figures['tables']} tables p50 "
          f"{figures['push_ms_p50_50_tables']} ms")  # fmt: skip
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
