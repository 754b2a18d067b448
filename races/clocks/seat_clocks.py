"""Each person's game clock at a live table (issue 25), as Board Game
Arena's Game_clock: a bank of time at the start, a little more for every
decision made, running down only while the race waits for that seat. Seats
deciding together (a programming or building phase) run their clocks at
once. The caller holds the session's row lock, so a clock is written by one
process at a time; every time is given (`now`), never read here, so the
tests drive the clocks with a time source of their own.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from league.season_settings.speeds import clock_terms
from races.models import SeatClock, Session, TablePause
from races.running.seats import seat_records


def _ms(delta: timedelta) -> int:
    return int(delta.total_seconds() * 1000)


def left_ms_at(clock: SeatClock, now: datetime) -> int:
    """What the clock holds at `now` (below zero once it ran out)."""
    if clock.since is None:
        return clock.left_ms
    return clock.left_ms - _ms(now - clock.since)


def runs_out_at(clock: SeatClock, now: datetime) -> datetime:
    return now + timedelta(milliseconds=max(0, left_ms_at(clock, now)))


def paused(session: Session) -> bool:
    return TablePause.objects.filter(session=session).exists()


def _clocks(session: Session) -> dict[str, SeatClock]:
    """The session's clocks, one for each person's seat, made at the
    season's speed the first time they are asked for."""
    clocks = {c.seat: c for c in SeatClock.objects.filter(session=session)}
    records = seat_records(session.seats) if session.live else []
    people = [r.id for r in records if r.kind == "human"]
    missing = [seat for seat in people if seat not in clocks]
    if missing:
        season = session.round.season
        terms = clock_terms(season.speed, season.decision_seconds)
        bank = int(terms.bank_seconds * 1000)
        top = None if terms.max_bank_seconds is None else int(terms.max_bank_seconds * 1000)
        made = SeatClock.objects.bulk_create(
            SeatClock(
                session=session,
                seat=seat,
                left_ms=bank,
                increment_ms=int(terms.increment_seconds * 1000),
                max_ms=top,
            )
            for seat in missing
        )
        clocks.update({c.seat: c for c in made})
    return clocks


def clocks_follow(session: Session, deciding: Iterable[str], now: datetime) -> dict[str, datetime]:
    """The clocks as the race now waits: each deciding seat's clock runs
    (unless the table is paused), every other one stops. Returns when each
    deciding seat's clock runs out, for its turn's deadline."""
    deciding = set(deciding)
    held = paused(session)
    due = {}
    for seat, clock in _clocks(session).items():
        if seat in deciding:
            if clock.since is None and not held:
                clock.since = now
                clock.save(update_fields=["since"])
            due[seat] = runs_out_at(clock, now)
        elif clock.since is not None:
            _stopped(clock, now, decided=False)
    return due


def clock_stop(session: Session, seat: str, now: datetime, *, decided: bool) -> None:
    """Stop a seat's clock: its decision was made (`decided`: the clock
    gains its increment, up to its most), or the car went to the autopilot."""
    clock = SeatClock.objects.filter(session=session, seat=seat).first()
    if clock is not None:
        _stopped(clock, now, decided=decided)


def _stopped(clock: SeatClock, now: datetime, *, decided: bool) -> None:
    left = max(0, left_ms_at(clock, now))
    if decided:
        left += clock.increment_ms
        if clock.max_ms is not None:
            left = min(left, clock.max_ms)
    clock.left_ms, clock.since = left, None
    clock.save(update_fields=["left_ms", "since"])


def ran_out(session: Session, seat: str, now: datetime) -> bool:
    """Whether the seat's own clock is empty at `now` (else a deadline that
    passed was the decision's own timer, the game's)."""
    clock = SeatClock.objects.filter(session=session, seat=seat).first()
    return clock is not None and left_ms_at(clock, now) <= 0


def clock_timeout(session: Session, seat: str, now: datetime) -> int:
    """The seat ran out of time and the game's default decided for it: the
    clock counts it and gains its increment. Returns how often it ran out."""
    clock = SeatClock.objects.get(session=session, seat=seat)
    clock.timeouts += 1
    clock.save(update_fields=["timeouts"])
    _stopped(clock, now, decided=True)
    return clock.timeouts


def clock_given_back(session: Session, seat: str) -> None:
    """A person takes their car back from the autopilot: the clock forgets
    its timeouts and holds at least one move's increment."""
    clock = SeatClock.objects.filter(session=session, seat=seat).first()
    if clock is not None:
        clock.timeouts = 0
        clock.left_ms = max(clock.left_ms, clock.increment_ms)
        clock.save(update_fields=["timeouts", "left_ms"])


def clocks_hold(session: Session, now: datetime) -> None:
    """The organiser paused the table: every running clock stops where it is."""
    for clock in SeatClock.objects.filter(session=session, since__isnull=False):
        _stopped(clock, now, decided=False)


def clocks_run_again(session: Session, turns: list, shift: timedelta, now: datetime) -> None:
    """The table goes on after a pause of `shift`: the open turns' clocks run
    from `now`, and each turn is due when its clock runs out or, sooner,
    when the decision's own timer (put back by the pause) does."""
    clocks = _clocks(session)
    for turn in turns:
        clock = clocks.get(turn.seat)
        own_timer = turn.deadline + shift
        turn.opened_at += shift
        turn.deadline = own_timer if clock is None else min(own_timer, runs_out_at(clock, now))
        turn.save(update_fields=["opened_at", "deadline"])
        if clock is not None and clock.since is None:
            clock.since = now
            clock.save(update_fields=["since"])
