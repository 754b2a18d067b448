"""Every seat's clock as the table shows it (issue 25): the time left in
words, whether it runs, and when it runs out for the page's script to count
down (static/js/clocks.js); and what the clocks are drawn from, for the
table's kept pieces (races/table/live_table.py)."""

from __future__ import annotations

from datetime import datetime

from league.season_settings.speeds import clock_words
from races.clocks.sand_timers import sand_state
from races.clocks.seat_clocks import left_ms_at, runs_out_at
from races.models import SeatClock, Session, TablePause


def clocks_state(session: Session) -> tuple:
    """What the clocks are drawn from: each clock's stored time and start,
    and whether the table is paused. It changes when a clock starts or
    stops, never while one runs down."""
    clocks = SeatClock.objects.filter(session=session).order_by("seat")
    rows = [(c.seat, c.left_ms, c.since, c.timeouts) for c in clocks]
    paused = TablePause.objects.filter(session=session).exists()
    return (rows, paused, sand_state(session))


def clocks_shown(session: Session, now: datetime) -> dict[str, dict]:
    """{seat: {"words", "running", "ends", "left"}} for every person's seat."""
    shown = {}
    for clock in SeatClock.objects.filter(session=session):
        left = max(0, left_ms_at(clock, now)) / 1000
        shown[clock.seat] = {
            "words": clock_words(left),
            "running": clock.since is not None,
            "ends": runs_out_at(clock, now).isoformat() if clock.since is not None else "",
            "left": int(left),
        }
    return shown
