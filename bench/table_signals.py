"""A bench's ear at the session tables (races/push/publish.py): it hears the
signal a table is sent once a session's result has committed, so that a
latency run ends when the result is known to be stored rather than at a
poll's next step, and sends no query while the worker runs."""

from __future__ import annotations

import time


class TableSignals:
    """Hears the signals sent to session tables (races/push/publish.py), so
    that a latency run wakes when the session's result has committed (the
    signal is sent after the commit) rather than at a poll's next step, and
    sends no query while the worker runs. The status is still read from the
    database after each signal."""

    def __init__(self):
        import asyncio
        import queue
        import threading

        from channels.layers import get_channel_layer

        self.heard = queue.Queue()
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.layer = get_channel_layer()
        self.channel = self._call(self.layer.new_channel())
        asyncio.run_coroutine_threadsafe(self._listen(), self.loop)

    def _call(self, coroutine):
        import asyncio

        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(10)

    async def _listen(self):
        while True:
            self.heard.put(await self.layer.receive(self.channel))

    def follow(self, session_id: int) -> None:
        from races.push.publish import table_group

        self._call(self.layer.group_add(table_group(session_id), self.channel))

    def wait_finished(self, session_id: int, timeout: float = 900) -> float:
        """Until the session is finished: its status read at each signal to
        its table (and once a second, should a signal be lost). Returns when
        it was known to be: the arrival of the signal its stored result
        sent (a table is told only once the result has committed; the read
        after it tells which signal it was, it does not store anything), or
        the read's end when no signal came. The first signal is the claim's
        ("running", sent before the race): a race so quick that the read
        after it finds the result stored still waits for its own signal."""
        import queue

        from races.models import Session
        from races.push.publish import table_group

        deadline = time.monotonic() + timeout
        signals = 0
        while time.monotonic() < deadline:
            try:
                self.heard.get(timeout=1)
                signals, known = signals + 1, time.perf_counter()
            except queue.Empty:
                known = None
            status = Session.objects.filter(pk=session_id).values_list("status", flat=True)[0]
            if status == "failed":
                raise SystemExit(f"session {session_id} failed")
            if status == "finished" and (signals > 1 or known is None):
                self._call(self.layer.group_discard(table_group(session_id), self.channel))
                return known or time.perf_counter()
        raise SystemExit("timed out waiting for a session")
