"""Sending a signal to the browsers of a group, whichever process changed
what they show (issue 25): the channel layer (settings.CHANNEL_LAYERS) is
Redis publish/subscribe in production, so a change made by any worker or web
process reaches every browser on every web process; the development
server's memory without Redis. What is said and to whom is the callers'
(races/push/publish.py for the tables and turns, `season_news` for what a
season's pages show); the sockets are races/push/consumers.py's.

A signal is news, never the state: one that cannot be sent is logged and
dropped, and a browser catches up from the state when it reconnects.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import logging
import os
import threading
import weakref

from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)

CHANGED = "push.changed"  # the consumers' handler: PushConsumer.push_changed


def season_group(season_id: int) -> str:
    return f"season.{int(season_id)}"


def season_news(season_id: int) -> None:
    """Tell the pages following a season (its standings, a tournament's page)
    that what they show changed: once the current transaction commits (at
    once outside one)."""
    transaction.on_commit(lambda: send_all([(season_group(season_id), {"what": "season"})]))


# The loop of the ASGI server in this process, once a browser has connected:
# a thread of that process (a view, the embedded scheduler) hands its news to
# that loop; any other process (a Celery worker) sends on a loop of its own.
_server_loop: asyncio.AbstractEventLoop | None = None


def server_loop_is(loop: asyncio.AbstractEventLoop) -> None:
    global _server_loop
    _server_loop = loop


def send_all(sends: list[tuple[str, dict]], waited: bool = False) -> None:
    """Send each (group, {"what": …, …}) in order. `waited`: return once
    they are sent (a thread off the loop only), for a caller with nothing
    more urgent to do than this news: the sending thread then has the
    interpreter to itself rather than waiting for the caller's next pause."""
    try:
        _send_all(sends, waited)
    except Exception:
        log.exception("could not announce %s", [group for group, _said in sends])


def _send_all(sends: list[tuple[str, dict]], waited: bool = False) -> None:
    layer = get_channel_layer()
    if layer is None or not sends:
        return

    async def send() -> None:
        async with _in_order():
            for group, said in sends:
                await layer.group_send(group, {"type": CHANGED, **said})

    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    loop = _server_loop
    if running is not None:  # called on a loop: send beside what it is doing
        running.create_task(send())
        return
    if loop is not None and loop.is_running():
        sending = asyncio.run_coroutine_threadsafe(send(), loop)
    else:
        sending = asyncio.run_coroutine_threadsafe(send(), _sender_loop())
        _sent_later(sending)
    if waited:
        sending.result(SEND_SECONDS)


# A process without a server loop (a Celery worker, a management command)
# sends on one loop of its own, kept running in a thread: a new loop for
# each signal (async_to_sync) also opens a new connection to the channel
# layer, about 5 ms a signal, three times on each stored session's path.
# The caller does not wait for its signal (four a stored session, 1.5 ms in
# all when it did): the loop sends them in the order they were given, while
# the caller goes on, and a process that exits waits for the last of them.
# A caller that waits (a finished race's last signal) lets the loop's thread
# run at once: else it runs only when the caller's thread next lets go of
# the interpreter, about 2 ms later on a finishing worker (measured from
# the hand-over to a listener hearing it, in another process).
SEND_SECONDS = 10
_sender: tuple[int, asyncio.AbstractEventLoop] | None = None
_sender_lock = threading.Lock()
_last_sent: concurrent.futures.Future | None = None
_order: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # loop -> its lock


def _in_order() -> asyncio.Lock:
    """The running loop's lock around a signal's sends: asyncio's lock is
    taken first come, first served, so signals go out in the order given."""
    loop = asyncio.get_running_loop()
    lock = _order.get(loop)
    if lock is None:
        lock = _order[loop] = asyncio.Lock()
    return lock


def _sent_later(future: concurrent.futures.Future) -> None:
    global _last_sent
    _last_sent = future
    future.add_done_callback(_failure_logged)


def _failure_logged(future: concurrent.futures.Future) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("could not announce a signal", exc_info=future.exception())


@atexit.register
def _last_signal_sent() -> None:
    """A process that exits (a management command) sends what it said."""
    if _last_sent is not None and _sender is not None and _sender[0] == os.getpid():
        try:
            _last_sent.result(SEND_SECONDS)
        except Exception:  # logged by _failure_logged
            pass


def _sender_loop() -> asyncio.AbstractEventLoop:
    global _sender
    with _sender_lock:
        # Keyed by the process: a forked worker child starts its own thread.
        if _sender is None or _sender[0] != os.getpid() or not _sender[1].is_running():
            loop = asyncio.new_event_loop()
            started = threading.Event()
            loop.call_soon(started.set)
            threading.Thread(target=loop.run_forever, name="push-sender", daemon=True).start()
            started.wait()
            _sender = (os.getpid(), loop)
        return _sender[1]
