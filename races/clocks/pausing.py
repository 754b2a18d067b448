"""The organiser pauses a live table and resumes it (issue 25): every clock
stops, no decision is taken meanwhile and no deadline passes; the race log
says so, and so does the league's history. Both go the way a person's
decision goes (the session's row lock, then the bots asked to play on,
`session_advance_later`), so every open table hears of them as of a move."""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from races.clocks.notes import note
from races.clocks.sand_timers import sand_held
from races.clocks.seat_clocks import clocks_hold, clocks_run_again
from races.models import Session, TableNote, TablePause
from races.push.publish import table_changed
from races.running.controls import session_record
from races.running.queue import session_advance_later
from races.table.live_races import live_race


def _locked(session_id: int) -> Session:
    session = (
        Session.objects.select_for_update(of=("self",))
        .select_related("round__season")
        .filter(pk=session_id)
        .one()
    )
    if session is None or not session.live or session.status != Session.Status.AWAITING:
        raise ValidationError(_("Only a live race that waits for its drivers can be paused."))
    return session


def _events(session: Session) -> int:
    with live_race(session) as (_game, race):
        return len(race.events)


def table_pause(*, session_id: int, actor, now: datetime | None = None) -> None:
    now = now or timezone.now()
    with transaction.atomic():
        session = _locked(session_id)
        if TablePause.objects.filter(session=session).exists():
            raise ValidationError(_("This race is paused already."))
        TablePause.objects.create(session=session, paused_at=now, by=actor)
        clocks_hold(session, now)
        note(session, TableNote.Kind.PAUSED, now, events=_events(session))
        session_record(
            session,
            actor=actor,
            summary=gettext_noop("Race of round %(round)s paused"),
            before=gettext_noop("Running"),
            after=gettext_noop("Paused"),
        )
        session_advance_later(session.pk)
        table_changed(session)  # a pause leaves the turns as they were


def table_resume(*, session_id: int, actor, now: datetime | None = None) -> None:
    now = now or timezone.now()
    with transaction.atomic():
        session = _locked(session_id)
        pause = TablePause.objects.filter(session=session).first()
        if pause is None:
            raise ValidationError(_("This race is not paused."))
        clocks_run_again(session, list(session.turns.all()), now - pause.paused_at, now)
        sand_held(session, now - pause.paused_at)
        pause.delete()
        note(session, TableNote.Kind.RESUMED, now, events=_events(session))
        session_record(
            session,
            actor=actor,
            summary=gettext_noop("Race of round %(round)s resumed"),
            before=gettext_noop("Paused"),
            after=gettext_noop("Running"),
        )
        session_advance_later(session.pk)
        table_changed(session)  # a pause leaves the turns as they were
