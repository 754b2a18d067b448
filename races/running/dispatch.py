"""The periodic dispatcher (Celery beat): queue the sessions whose time has
come, and send again what a lost message or a dead worker left behind."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q

from races.models import Session, Turn
from races.running.queue import session_advance_later, session_run_later

S = Session.Status


# Every session of a round has a division or none does (sessions_sync).
_same_division = Q(division_id=OuterRef("division_id")) | Q(division__isnull=True)


def _races_waiting_for_qualifying():
    """A race waits while its round's qualifying has neither finished nor
    been cancelled: qualifying runs before the race of the same round.

    A qualifying that failed keeps its race here, without a loop: a failed
    session is never sent again by the dispatcher, so each pass sends
    nothing for the round and changes nothing. It does not wait silently:
    the round and session pages say the qualifying failed, why, and offer
    the organisers a retry or the round's fallback grid
    (races/rounds/qualifying.py); a retry queues the qualifying, the fallback
    cancels it, and either lets the race go.

    A main race after a sprint waits for the sprint alike, and each
    division's sessions wait for their own division's (issue 26)."""
    unfinished_qualifying = (
        Session.objects.filter(
            round=OuterRef("round"),
            kind=Session.Kind.QUALIFYING,
        )
        .filter(_same_division)
        .exclude(status__in=(S.FINISHED, S.CANCELLED))
    )
    unfinished_sprint = (
        Session.objects.filter(
            round=OuterRef("round"),
            kind=Session.Kind.RACE,
            leg=Session.Leg.SPRINT,
        )
        .filter(_same_division)
        .exclude(status__in=(S.FINISHED, S.CANCELLED))
    )
    return (
        Session.objects.filter(kind=Session.Kind.RACE)
        .annotate(
            waiting=Exists(unfinished_qualifying),
            after_sprint=Exists(unfinished_sprint.exclude(pk=OuterRef("pk"))),
        )
        .filter(Q(waiting=True) | Q(after_sprint=True, leg=Session.Leg.MAIN))
        .values("pk")
    )


def sessions_dispatch_due(*, now: datetime) -> int:
    """Send every session that should run now; returns how many were sent.

    Sending twice is harmless: run_session claims a session once.
    """
    sent = 0
    due = (
        Session.objects.filter(status=S.SCHEDULED, scheduled_at__lte=now)
        .exclude(pk__in=_races_waiting_for_qualifying())
        .order_by("scheduled_at", "kind", "-leg")  # qualifying, sprint, then the race
        .values_list("pk", flat=True)
    )
    for pk in list(due):
        with transaction.atomic():
            if Session.objects.filter(pk=pk, status=S.SCHEDULED).update(
                status=S.QUEUED, queued_at=now
            ):
                session_run_later(pk)
                sent += 1

    resend_before = now - timedelta(seconds=settings.SESSION_RESEND_SECONDS)
    stale = Session.objects.filter(status=S.QUEUED, queued_at__lt=resend_before)
    for pk in list(stale.values_list("pk", flat=True)):
        with transaction.atomic():
            if Session.objects.filter(pk=pk, status=S.QUEUED).update(queued_at=now):
                session_run_later(pk)
                sent += 1

    # A live race whose bots should be playing (nobody owes a decision) but
    # whose advance message was lost: ask again.
    stalled = Session.objects.filter(
        status=S.AWAITING, live=True, queued_at__lt=resend_before
    ).exclude(pk__in=Turn.objects.values("session_id"))
    for pk in list(stalled.values_list("pk", flat=True)):
        with transaction.atomic():
            if Session.objects.filter(pk=pk, status=S.AWAITING).update(queued_at=now):
                session_advance_later(pk)
                sent += 1

    abandoned = Session.objects.filter(status=S.RUNNING, lease_until__lt=now)
    for pk in list(abandoned.values_list("pk", flat=True)):
        with transaction.atomic():
            session_run_later(pk)  # run_session takes over an expired lease
            sent += 1
    return sent
