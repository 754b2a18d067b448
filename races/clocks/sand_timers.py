"""A game's sand timer at a live table (issue 25: a timer of the rules
that runs in real seconds for every seat deciding at once, the Game's
`table_timer`). The table keeps when each run of it began, as a line of
the log (a TableNote, TIMER_TURNED): the first time a decision is asked
under a run, its sand begins to run. Every decision under that run is due
when the sand runs out (or sooner, by its seat's own clock); a decision
still open then gets the timer's `out` action, recorded as the
actions are, so a replay repeats it without a clock. Every time is given
(`now`), never read here."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from league.season_settings.speeds import clock_words
from races.models import Session, TableNote
from races.rules import Action, Decision

K = TableNote.Kind


def _turned(session: Session, run: str) -> TableNote | None:
    return TableNote.objects.filter(session=session, kind=K.TIMER_TURNED, timer=run).first()


def sand_due(
    session: Session, game, decisions: Iterable[Decision], now: datetime, *, events: int
) -> dict[str, datetime]:
    """{seat: when the sand of its decision's timer runs out}, for the
    decisions asked under a timer; a run seen for the first time begins
    now, and the log says so."""
    due = {}
    for decision in decisions:
        timer = game.table_timer(decision)
        if timer is None:
            continue
        note = _turned(session, timer.run)
        if note is None:
            note = TableNote.objects.create(
                session=session,
                kind=K.TIMER_TURNED,
                at=now,
                events=events,
                timer=timer.run,
                seconds=timer.seconds,
            )
        due[decision.seat] = note.at + timedelta(seconds=note.seconds or timer.seconds)
    return due


def sand_out(session: Session, game, decision: Decision | None, now: datetime) -> Action | None:
    """The game's action for a decision whose timer's sand has run out by
    `now`; None when it has not (the seat's own time ran out instead)."""
    timer = None if decision is None else game.table_timer(decision)
    note = None if timer is None else _turned(session, timer.run)
    if note is None or note.at + timedelta(seconds=note.seconds or 0) > now:
        return None
    return timer.out


def sand_held(session: Session, shift: timedelta) -> None:
    """The table went on after a pause of `shift`: the sand did not run."""
    for note in TableNote.objects.filter(session=session, kind=K.TIMER_TURNED):
        note.at += shift
        note.save(update_fields=["at"])


def sand_state(session: Session) -> tuple:
    """What the shown timer is drawn from: the latest run and its start."""
    note = TableNote.objects.filter(session=session, kind=K.TIMER_TURNED).order_by("pk").last()
    return () if note is None else (note.timer, note.at, note.seconds)


def sand_shown(session: Session, now: datetime) -> dict | None:
    """The running timer as the table shows it: the sand left in words, the
    share of it left, and when it runs out for the page's script
    (static/js/sand_timer.js); None when no sand runs."""
    note = TableNote.objects.filter(session=session, kind=K.TIMER_TURNED).order_by("pk").last()
    if note is None or not note.seconds:
        return None
    ends = note.at + timedelta(seconds=note.seconds)
    left = (ends - now).total_seconds()
    if left <= 0:
        return None
    share = min(1.0, left / note.seconds)
    top, bottom = round(30 * share, 2), round(30 * (1 - share), 2)
    return {
        "words": clock_words(left),
        "left": int(left),
        "seconds": note.seconds,
        "ends": ends.isoformat(),
        # the glass's picture (viewBox 0 0 40 64): sand above y 32, below y 62
        "top_y": 32 - top,
        "top_h": top,
        "bottom_y": 62 - bottom,
        "bottom_h": bottom,
    }
