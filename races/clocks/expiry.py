"""A deadline that passed (issue 25): a seat out of its own time, or the
decision's own timer (the game's, in real seconds: a timer for the last
seat still deciding, the Game's `decision_seconds`). The game's default has decided by
then (races/table/online.py `deadline_missed`); this keeps the clock and
the log: out of time once, the decision is logged as defaulted; twice,
the seat's autopilot takes the car for the rest of the race (its person
may take it back at the table)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from races.clocks.notes import note
from races.clocks.seat_clocks import clock_stop, clock_timeout
from races.models import Session, TableNote
from races.running.seats import SeatRecord

TIMEOUTS_TO_AUTOPILOT = 2


def clock_out(
    session: Session,
    records: list[SeatRecord],
    seat: str,
    now: datetime,
    *,
    out: bool,
    events: int,
) -> list[SeatRecord]:
    """The seats after `seat`'s deadline passed (`out`: its clock was empty
    then, else the game's own timer ran out first)."""
    if not out:
        clock_stop(session, seat, now, decided=True)
        return records
    timeouts = clock_timeout(session, seat, now)
    note(session, TableNote.Kind.DEFAULTED, now, events=events, seat=seat)
    if timeouts < TIMEOUTS_TO_AUTOPILOT:
        return records
    note(session, TableNote.Kind.AUTOPILOT, now, events=events, seat=seat)
    return [replace(r, autopilot=True) if r.id == seat else r for r in records]
