"""A browser at a live table for `bench/push.py`: its push socket, the live
area it is sent or fetches, and the driver's panel it posts from, each as
the page's script (static/js/push.js) handles them."""

from __future__ import annotations

import asyncio
import json
import re
import time
from urllib.parse import urlencode

from bench.online import posted

DIGEST = re.compile(r'id="live" hx-get="([^"]+)"')
COCKPIT = re.compile(r'id="cockpit"[^>]*hx-get="([^"]+)"')
READ = re.compile(r'id="live"[^>]*data-read="(\d+)"')
FORM = 'class="panel panel-'  # a decision on the driver's panel

# What the post and the signal took, refusals and failed fetches, for the bench.
PARTS: dict[str, list] = {"post": [], "signal": [], "refused": [], "fetch_errors": []}


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
        self.panel, self.panel_out = "", 0  # the panel shown; its fetches and posts out
        self.waiters: list[asyncio.Future] = []  # woken when a new state arrives

    async def open(self):
        from websockets.asyncio.client import connect

        _status, page = await http(self.port, "GET", f"/sessions/{self.session_id}/",
                                   {"Cookie": self.headers["Cookie"]})  # fmt: skip
        self.live = DIGEST.search(page).group(1).replace("&amp;", "&")
        found = READ.search(page)  # a page that says when its state was read
        self.read = int(found.group(1)) if found else 0
        self.cockpit = None
        self.panel_drawn(page)
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
            if "area" not in said:
                self.whole = True
                self.dirty.set()
                continue
            self.shown(said["area"])
            # As the page's script: the panel is asked only while one is out
            # or when its digest changed.
            if self.panel_out or said.get("panel") != self.digest():
                self.dirty.set()

    def digest(self) -> str | None:
        return self.cockpit.partition("seen=")[2] if self.cockpit else None

    def panel_drawn(self, html: str) -> None:
        """The panel as drawn in `html` (a page, a fetch or a post's answer)."""
        found = COCKPIT.search(html)
        if found:
            self.cockpit = found.group(1).replace("&amp;", "&")
            self.panel = html[found.start() :]

    def shown(self, html: str) -> None:
        read = int(found.group(1)) if (found := READ.search(html)) else 0
        if read < self.read:
            return
        self.arrived.append(time.perf_counter())
        for waiter in self.waiters:
            if not waiter.done():
                waiter.set_result(None)
        self.waiters.clear()
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
        self.panel_out += 1
        try:
            status, html = await http(self.port, "GET", self.cockpit, self.headers)
        finally:
            self.panel_out -= 1
        if status == 200:
            self.panel_drawn(html)

    async def decide(self) -> float | None:
        """Post the decision on this seat's panel, if it shows one: when it
        was posted. The panel shown is the one posted from, as on the page."""
        data = posted(self.panel) if FORM in self.panel and not self.panel_out else None
        if data is None:
            return None
        started = time.perf_counter()
        self.panel_out += 1
        try:
            status, html = await http(
                self.port, "POST", f"/sessions/{self.session_id}/decide/", self.headers, data
            )
        finally:
            self.panel_out -= 1
        if status == 200:
            self.panel_drawn(html)
        if status != 200 or 'class="error"' in html:  # refused: nothing changed to measure
            PARTS["refused"].append(status)
            self.dirty.set()  # the panel asked again, as the refusal's answer would show
            return None
        return started

    async def close(self):
        for task in self.tasks:
            task.cancel()
        await self.socket.close()
