"""Who is at a real-time table (issue 25, item 3), read where a session
starts (races/running/plan.py) and where a car is taken back from the
autopilot (races/table/online.py). A session is a real-time table when it
is played live in a season of a real-time speed
(league/season_settings/race_night.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Entry
from league.season_settings.race_night import NO_SHOW_BOT, late_arrival_allowed, real_time
from races.models import Arrival, Session
from races.running.seats import SeatRecord


def real_time_table(session: Session) -> bool:
    return bool(session.live) and real_time(session.round.season)


def at_table(session: Session) -> set[int] | None:
    """The entries whose drivers sat down at a real-time table; None for
    any other session, where every person drives their own car."""
    if not real_time_table(session):
        return None
    return set(Arrival.objects.filter(session=session).values_list("entry_id", flat=True))


def kept_off_grid(session: Session, present: set[int] | None) -> set[int]:
    """The entries of drivers not at the table whose places go to bots, when
    the season gives a no-show's place to a bot; else none."""
    if present is None or session.round.season.no_show != NO_SHOW_BOT:
        return set()
    people = Entry.objects.filter(
        season=session.round.season, withdrawn=False, reserve=False, driver__is_bot=False
    )
    return set(people.exclude(pk__in=present).values_list("pk", flat=True))


def no_shows_to_autopilot(records: list[SeatRecord], present: set[int] | None) -> list[SeatRecord]:
    """Each no-show's car handed to their autopilot at the start."""
    if present is None:
        return records
    return [
        replace(r, autopilot=True) if r.kind == "human" and r.entry_id not in present else r
        for r in records
    ]


def no_show(session: Session, record: SeatRecord) -> bool:
    """A seat of a real-time table whose driver was not at it at the start
    and has not arrived since."""
    if not real_time_table(session) or record.entry_id is None or record.kind != "human":
        return False
    return not Arrival.objects.filter(session=session, entry_id=record.entry_id).exists()


def may_take_back(session: Session, record: SeatRecord) -> bool:
    """Whether the driver may take their car back from the autopilot: any
    driver but a no-show where the season keeps their autopilot on."""
    return late_arrival_allowed(session.round.season) or not no_show(session, record)


def take_back_refusal(session: Session, record: SeatRecord, user) -> str | None:
    """Why a driver may not take their car back from the autopilot (a
    no-show where the season keeps their autopilot on for the whole race),
    or None; a no-show who may is recorded as arriving late. The caller
    holds the session's row lock."""
    if not no_show(session, record):
        return None
    if not late_arrival_allowed(session.round.season):
        return _("You were not at the table at the start: your autopilot drives this race.")
    Arrival.objects.create(
        session=session, entry_id=record.entry_id, user=user, arrived_at=timezone.now(), late=True
    )
    return None


# How long before its start a real-time table is shown in a person's header
# as a table to sit down at (the table itself is open to sit at all along).
HEADER_BEFORE = timedelta(hours=1)


def tables_to_sit_at(user, now=None) -> list[Session]:
    """The real-time tables about to start (or due and not started yet)
    where the person has a car and has not sat down: the header names
    them beside the decisions they owe."""
    if not user.is_authenticated:
        return []
    now = now or timezone.now()
    sessions = (
        Session.objects.filter(
            status=Session.Status.SCHEDULED,
            live=True,
            scheduled_at__lte=now + HEADER_BEFORE,
            round__season__live_play=True,
            round__season__entries__driver__user=user,
            round__season__entries__withdrawn=False,
        )
        .exclude(arrivals__user=user)
        .select_related("round__season")
        .only(
            "scheduled_at",
            "round__name",
            "round__season__name",
            "round__season__speed",
            "round__season__live_play",
        )  # fmt: skip
        .order_by("scheduled_at", "pk")
        .distinct()
    )
    return [s for s in sessions if real_time(s.round.season)]
