"""Sitting down at a real-time table before it starts, leaving it, arriving
after the start, and the organiser's hand on it (issue 25, item 3). Every
change takes the session's row lock, so a driver sitting down and the
scheduler starting the race never cross: the start reads the table as the
last committed change left it, and nobody sits down once it has started."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.models import Entry
from races.lobby.arrivals import real_time_table
from races.models import Arrival, Session
from races.push.publish import table_changed
from races.running.controls import session_record
from races.running.queue import session_run_later
from races.running.seats import seat_records
from races.table.online import autopilot_take_back

S = Session.Status


def _locked_table(session_id: int) -> Session:
    """The session's row, locked, when it is a real-time table."""
    session = (
        Session.objects.select_for_update(of=("self",))
        .select_related("round__season__league")
        .filter(pk=session_id)
        .one()
    )
    if session is None or not real_time_table(session):
        raise ValidationError(_("This session is not a real-time table."))
    return session


def _before_start(session: Session) -> None:
    if session.status != S.SCHEDULED:
        raise ValidationError(_("The race has started: the table is closed."))


def drivers_expected(session: Session):
    """The entries of the people who race this round: at its table."""
    return Entry.objects.filter(
        season=session.round.season,
        withdrawn=False,
        reserve=False,
        driver__is_bot=False,
        driver__user__isnull=False,
    )


def _entry_of(session: Session, user) -> Entry:
    entry = drivers_expected(session).filter(driver__user=user).first()
    if entry is None:
        raise PermissionDenied(_("Only a driver entered in this round can sit at its table."))
    return entry


def lobby_join(*, session_id: int, user) -> bool:
    """The driver sits down at the table; returns whether that started the
    race (a season that starts once everyone is in). Sitting down twice
    changes nothing."""
    with transaction.atomic():
        session = _locked_table(session_id)
        _before_start(session)
        entry = _entry_of(session, user)
        Arrival.objects.get_or_create(
            session=session, entry=entry, defaults={"user": user, "arrived_at": timezone.now()}
        )
        table_changed(session)  # every lobby open at the table sees who sat down
        if not session.round.season.start_when_all_in:
            return False
        present = set(session.arrivals.values_list("entry_id", flat=True))
        if not set(drivers_expected(session).values_list("pk", flat=True)) <= present:
            return False
        return _start(session)


def lobby_leave(*, session_id: int, user) -> None:
    """The driver stands up before the start; leaving twice changes nothing."""
    with transaction.atomic():
        session = _locked_table(session_id)
        _before_start(session)
        entry = _entry_of(session, user)
        Arrival.objects.filter(session=session, entry=entry).delete()
        table_changed(session)


def lobby_arrive_late(*, session_id: int, user) -> None:
    """A no-show arriving after the start takes their car back from the
    autopilot, where the season lets them (races/lobby/arrivals.py)."""
    session = Session.objects.select_related("round__season").filter(pk=session_id).one()
    if session is None or not real_time_table(session):
        raise ValidationError(_("This session is not a real-time table."))
    if session.status == S.SCHEDULED:
        raise ValidationError(_("The race has not started: sit down at the table."))
    mine = [r for r in seat_records(session.seats) if r.user_id == user.pk]
    if not mine:
        raise PermissionDenied(_("You have no car in this race."))
    autopilot_take_back(session_id=session.pk, user=user, seat=mine[0].id)


def _start(session: Session) -> bool:
    """Queue the table's start (one conditional update: a second start, or
    the scheduler's at the same moment, finds it queued and does nothing)."""
    now = timezone.now()
    if not Session.objects.filter(pk=session.pk, status=S.SCHEDULED).update(
        status=S.QUEUED, queued_at=now
    ):
        return False
    session.status, session.queued_at = S.QUEUED, now
    session_run_later(session.pk)
    table_changed(session)
    return True


def lobby_start_now(*, session_id: int, actor) -> None:
    """An organiser starts the table before its time with whoever is there."""
    with transaction.atomic():
        session = _locked_table(session_id)
        _before_start(session)
        present = session.arrivals.count()
        expected = drivers_expected(session).count()
        session_record(
            session,
            actor=actor,
            summary=gettext_noop("Round %(round)s: the real-time table started before its time"),
            after=gettext_noop("%(present)s of %(expected)s drivers at the table"),
            present=present,
            expected=expected,
        )
        _start(session)


def lobby_unseat(*, session_id: int, entry_id: int, actor) -> None:
    """An organiser takes a driver off the table before the start (they are
    a no-show unless they sit down again)."""
    with transaction.atomic():
        session = _locked_table(session_id)
        _before_start(session)
        arrival = (
            Arrival.objects.filter(session=session, entry_id=entry_id)
            .select_related("entry__driver")
            .first()
        )
        if arrival is None:
            raise ValidationError(_("That driver is not at the table."))
        arrival.delete()
        table_changed(session)
        session_record(
            session,
            actor=actor,
            summary=gettext_noop("Round %(round)s: %(driver)s taken off the real-time table"),
            before=gettext_noop("At the table"),
            after=gettext_noop("Not at the table"),
            driver=arrival.entry.driver.name,
        )
