"""The embedded scheduler: in `make run` (the development server, no Redis,
no Celery beat) a daemon thread does beat's work, so a scheduled session
starts at its time with no extra process. Production runs Celery beat
instead (README); this starts only when EMBEDDED_SCHEDULER is on and the
process is the development server."""

from __future__ import annotations

import logging
import os
import sys
import threading

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from races.running.dispatch import sessions_dispatch_due
from races.table.online import deadlines_expire

log = logging.getLogger(__name__)


def scheduler_tick() -> int:
    """One pass of beat's work: queue the sessions whose time has come (they
    run at once when tasks run in-process) and expire missed deadlines."""
    now = timezone.now()
    return sessions_dispatch_due(now=now) + deadlines_expire(now=now)


class Scheduler:
    """A daemon thread calling `tick` every `interval` seconds, with the
    connection care Django gives a request around each pass."""

    def __init__(self, *, interval: float, tick=scheduler_tick):
        self.interval = interval
        self.tick = tick
        self.passes = 0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.loop, name="paddock-scheduler", daemon=True)

    def loop(self) -> None:
        while not self.stopped.is_set():
            close_old_connections()
            try:
                self.tick()
            except Exception:  # a bad session must not stop the schedule
                log.exception("the embedded scheduler's pass failed")
            finally:
                close_old_connections()
            self.passes += 1
            self.stopped.wait(self.interval)

    def start(self) -> Scheduler:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=self.interval + 30)


def should_start(argv: list[str], environ: dict) -> bool:
    """The development server's serving process: `runserver`, in the
    autoreloader's child (RUN_MAIN) or with --noreload."""
    if len(argv) < 2 or argv[1] != "runserver":
        return False
    return environ.get("RUN_MAIN") == "true" or "--noreload" in argv


def scheduler_start_if_wanted() -> Scheduler | None:
    if not getattr(settings, "EMBEDDED_SCHEDULER", False):
        return None
    if not should_start(sys.argv, dict(os.environ)):
        return None
    log.warning(
        "embedded scheduler: checking for due sessions every %ss", settings.SCHEDULER_SECONDS
    )
    return Scheduler(interval=settings.SCHEDULER_SECONDS).start()
