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
  on the one web process (six people of their own at each), a table posting
  every `--pace` seconds.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python bench/push.py [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.online import posted  # noqa: E402
from bench.pipeline import bench_database_url, recreate_database, setup_django, start_worker  # noqa: E402
from bench.push_tables import league_with_tables, waiting, web_process  # noqa: E402
from tests.races.web_server import free_port  # noqa: E402

DIGEST = re.compile(r'id="live" hx-get="([^"]+)"')
COCKPIT = re.compile(r'id="cockpit"[^>]*hx-get="([^"]+)"')
READ = re.compile(r'id="live"[^>]*data-read="(\d+)"')
OPENS = 'window.opens = 0; document.addEventListener("htmx:wsOpen", () => window.opens++);'


async def http(port: int, method: str, path: str, headers: dict, body: dict | None = None):
    """(status, text) of one request over a fresh loopback connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = urlencode(body or {}, doseq=True).encode()
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if body is not None:
        lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(data)}"]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + (data if body is not None else b""))
    answer = await reader.read()
    writer.close()
    head, _, rest = answer.partition(b"\r\n\r\n")  # the pages' answers have a length: never chunked
    return int(head.split(b" ", 2)[1]), rest.decode()


class Seat:
    """A browser at the table: its push socket, and the live area it fetches
    with its digest whenever the socket says the table changed."""

    def __init__(self, port: int, session_id: int, cookies: str, csrf: str):
        self.port, self.session_id, self.csrf = port, session_id, csrf
        self.headers = {"Cookie": cookies, "HX-Request": "true", "X-CSRFToken": csrf}
        self.live, self.arrived, self.signals, self.dirty = "", [], [], asyncio.Event()
        self.finished, self.whole, self.read = False, False, 0

    async def open(self):
        from websockets.asyncio.client import connect

        _status, page = await http(self.port, "GET", f"/sessions/{self.session_id}/",
                                   {"Cookie": self.headers["Cookie"]})  # fmt: skip
        self.live = DIGEST.search(page).group(1).replace("&amp;", "&")
        found = READ.search(page)  # a page that says when its state was read
        self.read = int(found.group(1)) if found else 0
        found = COCKPIT.search(page)
        self.cockpit = found.group(1).replace("&amp;", "&") if found else None
        headers = {"Origin": f"http://127.0.0.1:{self.port}", "Cookie": self.headers["Cookie"]}
        url = f"ws://127.0.0.1:{self.port}/push/?table={self.session_id}&language=en"
        self.socket = await connect(url, additional_headers=headers, open_timeout=60)
        self.tasks = [asyncio.create_task(self.listen()), asyncio.create_task(self.follow())]

    async def listen(self):
        """As the page's script does: a signal with the public area shows it
        at once (unless an older state than the one shown) and only the
        panel is asked; a bare signal has both asked."""
        async for message in self.socket:
            said = json.loads(message)
            if said["changed"] != "table":
                continue
            self.signals.append(time.perf_counter())
            if "area" in said:
                self.shown(said["area"])
            else:
                self.whole = True
            self.dirty.set()

    def shown(self, html: str) -> None:
        read = int(found.group(1)) if (found := READ.search(html)) else 0
        if read < self.read:
            return
        self.arrived.append(time.perf_counter())
        self.read = read
        found = DIGEST.search(html)
        self.live = found.group(1).replace("&amp;", "&") if found else self.live
        self.finished = found is None

    async def follow(self):
        """The driver's panel, asked with the digest it has, on every
        signal; the live area too when the signal did not bring it."""
        while True:
            await self.dirty.wait()
            self.dirty.clear()
            whole, self.whole = self.whole, False
            try:
                await asyncio.gather(self.follow_live() if whole else asyncio.sleep(0),
                                     self.follow_cockpit())  # fmt: skip
            except (OSError, ValueError, IndexError) as error:  # asked again, as htmx would
                PARTS["fetch_errors"].append(repr(error))
                self.dirty.set()
                await asyncio.sleep(0.05)

    async def follow_live(self):
        status, html = await http(self.port, "GET", self.live, self.headers)
        if status == 200:  # a new state (a finished race's area follows nothing more)
            self.shown(html)

    async def follow_cockpit(self):
        if self.cockpit is None:
            return
        status, html = await http(self.port, "GET", self.cockpit, self.headers)
        if status == 200 and (found := COCKPIT.search(html)):
            self.cockpit = found.group(1).replace("&amp;", "&")

    async def decide(self) -> float | None:
        """Post the decision on this seat's panel, if any: when it was posted."""
        cockpit = f"/sessions/{self.session_id}/cockpit/"
        _status, html = await http(self.port, "GET", cockpit, self.headers)
        data = posted(html)
        if data is None:
            return None
        started = time.perf_counter()
        status, html = await http(
            self.port, "POST", f"/sessions/{self.session_id}/decide/", self.headers, data
        )
        if status != 200 or 'class="error"' in html:  # refused: nothing changed to measure
            PARTS["refused"].append(status)
            return None
        return started

    async def close(self):
        for task in self.tasks:
            task.cancel()
        await self.socket.close()


async def table_round(seats: list[Seat], decisions: int, pace: float, until: float) -> list[float]:
    """Decisions at one table, one seat after another: for each, the ms
    until every other seat has the new state (a 10 s wait counts as 10 s).
    What part of it was the post and the signal goes to `PARTS`."""
    measured = []
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
            while time.perf_counter() < give_up:
                firsts = [next((t for t in s.arrived if t > started), None) for s in others]
                if all(firsts):
                    break
                await asyncio.sleep(0.001)
            measured.append(max((t or give_up) for t in firsts) * 1000 - started * 1000)
            heard = [next((t for t in s.signals if t > started), give_up) for s in others]
            PARTS["signal"].append(max(heard) * 1000 - started * 1000)
            await asyncio.sleep(pace)
            if len(measured) >= decisions:
                break
        if not made:
            await asyncio.sleep(0.02)
    return measured


PARTS: dict[str, list] = {"post": [], "signal": [], "refused": [], "fetch_errors": []}


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
    one = await seats_at(port, ids[0], people[0])
    times = await table_round(one, args.decisions, 0.05, time.monotonic() + args.budget)
    for seat in one:
        await seat.close()
    figures = {"push_ms_p50": percentile(times, 0.5), "push_ms_p99": percentile(times, 0.99),
               "push_decisions": len(times), "post_ms_p50": percentile(PARTS["post"], 0.5),
               "signal_ms_p50": percentile(PARTS["signal"], 0.5)}  # fmt: skip
    figures["push_waits_over_10s"] = sum(1 for t in times if t >= 10_000)
    figures.update(await spectators(port, ids[0], args.spectators, pid))
    figures["polls_per_minute_per_table"] = await idle_polls(port, ids[0], cookie, args.idle)
    pairs = zip(ids[1:], people[1:], strict=True)
    tables = [await seats_at(port, pk, seated) for pk, seated in pairs]
    until = time.monotonic() + args.budget * 1.5
    rounds = await asyncio.gather(*(table_round(seats, args.per_table, args.pace, until)
                                    for seats in tables))  # fmt: skip
    many = [t for measured in rounds for t in measured]
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
    print(f"push p50 {figures['push_ms_p50']} ms; {figures['tables']} tables p50 "
          f"{figures['push_ms_p50_50_tables']} ms")  # fmt: skip
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
