"""Round and session services: create, schedule, queue, cancel, retry.

Running a session (the engine, results, standings) is races/runner.py.
Views and Celery tasks call these; no Celery inside except the hand-off on
commit.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Season
from races.models import Round, Session, scheduled_at_error
from races.queue import session_run_later
from races.season_edits import round_rules_check

# Which statuses each organiser action starts from.
QUEUEABLE = (Session.Status.SCHEDULED, Session.Status.FAILED, Session.Status.CANCELLED)
CANCELLABLE = (
    Session.Status.SCHEDULED,
    Session.Status.QUEUED,
    Session.Status.FAILED,
    Session.Status.AWAITING,
)


@transaction.atomic
def round_create(
    *,
    season: Season,
    number: int,
    name: str,
    track: str,
    laps: int | None = None,
    options: dict | None = None,
    scheduled_at: datetime | None = None,
    qualifying_format: str = Round.QualifyingFormat.NONE,
    grid_rule: str = Round.GridRule.ENTRY,
    points_multiplier: Decimal | int = 1,
) -> Round:
    """A round with its sessions: a qualifying session when the format runs
    one (a timed lap), then the race."""
    rnd = Round(
        season=season,
        number=number,
        name=name,
        track=track,
        laps=laps,
        options=options or {},
        scheduled_at=scheduled_at,
        qualifying_format=qualifying_format,
        grid_rule=grid_rule,
        points_multiplier=points_multiplier,
    )
    rnd.full_clean()
    rnd.save()
    sessions_sync(rnd=rnd)
    round_rules_check(rnd=rnd)
    return rnd


UNRUN = (Session.Status.SCHEDULED, Session.Status.CANCELLED)


@transaction.atomic
def round_update(
    *,
    rnd: Round,
    name: str,
    track: str,
    laps: int | None = None,
    options: dict | None = None,
    scheduled_at: datetime | None = None,
    qualifying_format: str = Round.QualifyingFormat.NONE,
    grid_rule: str = Round.GridRule.ENTRY,
    points_multiplier: Decimal | int = 1,
) -> Round:
    """Change a round before any of its sessions has run; its sessions follow
    the new format and schedule."""
    rnd = Round.objects.select_for_update().get(pk=rnd.pk)
    if rnd.sessions.exclude(status__in=UNRUN).exists():
        raise ValidationError(_("A round can only be changed before its sessions have run."))
    rnd.name = name
    rnd.track = track
    rnd.laps = laps
    rnd.options = options or {}
    rnd.scheduled_at = scheduled_at
    rnd.qualifying_format = qualifying_format
    rnd.grid_rule = grid_rule
    rnd.points_multiplier = points_multiplier
    rnd.full_clean()
    rnd.save()
    sessions_sync(rnd=rnd)
    round_rules_check(rnd=rnd)
    return rnd


def sessions_sync(*, rnd: Round) -> None:
    """Make the round's sessions match its format and schedule."""
    wants_qualifying = rnd.qualifying_format == Round.QualifyingFormat.TIMED_LAP
    kinds = (
        [Session.Kind.QUALIFYING, Session.Kind.RACE] if wants_qualifying else [Session.Kind.RACE]
    )
    for kind in kinds:
        session, created = Session.objects.get_or_create(
            round=rnd,
            kind=kind,
            defaults={"scheduled_at": rnd.scheduled_at, "live": rnd.season.live_play},
        )
        if not created and session.status == Session.Status.SCHEDULED:
            session.scheduled_at = rnd.scheduled_at
            session.save(update_fields=["scheduled_at"])
    if not wants_qualifying:
        Session.objects.filter(
            round=rnd, kind=Session.Kind.QUALIFYING, status=Session.Status.SCHEDULED
        ).delete()


def _failed_qualifying():
    """For a race: its round's qualifying, when that failed and no organiser
    has chosen to run the race without it (races/qualifying.py). Such a race
    is not queued: it would take a grid from a qualifying with no result."""
    return Session.objects.filter(
        round=OuterRef("round"),
        kind=Session.Kind.QUALIFYING,
        status=Session.Status.FAILED,
        round__fallback_grid="",
    ).exclude(pk=OuterRef("pk"))


# A qualifying whose race the organisers chose to run without it: it is not
# run or scheduled any more (races/qualifying.py).
SKIPPED_QUALIFYING = Q(kind=Session.Kind.QUALIFYING) & ~Q(round__fallback_grid="")


def _held(rows):
    return rows.exclude(Exists(_failed_qualifying())).exclude(SKIPPED_QUALIFYING)


def _why_held(session: Session) -> str | None:
    """Why a session may not be queued or rescheduled, if that is the reason
    an update found nothing to change; read only then."""
    rows = Session.objects.filter(pk=session.pk)
    if rows.filter(Exists(_failed_qualifying())).exists():
        return _(
            "The race waits for its qualifying, which failed: retry the qualifying, "
            "or run the race without it, from the round page."
        )
    if rows.filter(SKIPPED_QUALIFYING).exists():
        return _("The race runs without this qualifying, as the organisers chose: it is not run.")
    return None


def session_queue(*, session: Session) -> None:
    """Run a session now: it is queued and a worker picks it up."""
    # No transaction of its own: the UPDATE is one statement, and the task is
    # sent once it is committed (at once here, or when a caller's transaction
    # commits), which saves BEGIN and COMMIT on every dispatch.
    now = timezone.now()
    changed = _held(Session.objects.filter(pk=session.pk, status__in=QUEUEABLE)).update(
        status=Session.Status.QUEUED, error="", queued_at=now
    )
    if changed != 1:
        raise ValidationError(
            _why_held(session)
            or _("A %(status)s session cannot be run.")
            % {"status": session.get_status_display().lower()}
        )
    # What the UPDATE wrote, without reading the whole row (actions, event
    # log) back before the task is sent.
    session.status, session.error, session.queued_at = Session.Status.QUEUED, "", now
    session_run_later(session.pk)


def session_retry(*, session: Session) -> None:
    if session.status != Session.Status.FAILED:
        raise ValidationError(_("Only a failed session can be retried."))
    session_queue(session=session)


@transaction.atomic
def session_cancel(*, session: Session) -> None:
    changed = Session.objects.filter(pk=session.pk, status__in=CANCELLABLE).update(
        status=Session.Status.CANCELLED
    )
    if changed != 1:
        raise ValidationError(
            _("A %(status)s session cannot be cancelled.")
            % {"status": session.get_status_display().lower()}
        )
    session.refresh_from_db()


@transaction.atomic
def session_reschedule(*, session: Session, when: datetime) -> None:
    error = scheduled_at_error(when)
    if error:
        raise ValidationError(error)
    rows = Session.objects.filter(
        pk=session.pk, status__in=(Session.Status.SCHEDULED, Session.Status.CANCELLED)
    ).exclude(SKIPPED_QUALIFYING)
    if rows.update(status=Session.Status.SCHEDULED, scheduled_at=when) != 1:
        raise ValidationError(
            _why_held(session)
            or _("A %(status)s session cannot be rescheduled.")
            % {"status": session.get_status_display().lower()}
        )
    session.refresh_from_db()


@transaction.atomic
def session_play_mode_set(*, session: Session, live: bool) -> None:
    """Play one session live (people drive) or automatically (autopilots
    drive), whatever the season's default; only before it starts."""
    changed = Session.objects.filter(
        pk=session.pk, status__in=(Session.Status.SCHEDULED, Session.Status.CANCELLED)
    ).update(live=live)
    if changed != 1:
        raise ValidationError(_("Only a session that has not started can change how it is played."))
    session.refresh_from_db()
