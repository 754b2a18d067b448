"""An organiser's controls over a session: queue, retry, cancel, reschedule, live or automatic."""

from __future__ import annotations

from datetime import UTC, datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.page_versions import season_pages_changed
from league.season_stage import Action, stage_check
from paddock.prepared import PreparedUpdate
from races.models import Round, Session, scheduled_at_error
from races.push.publish import table_changed
from races.running.queue import session_run_later

# Which statuses each organiser action starts from.
QUEUEABLE = (Session.Status.SCHEDULED, Session.Status.FAILED, Session.Status.CANCELLED)


CANCELLABLE = (
    Session.Status.SCHEDULED,
    Session.Status.QUEUED,
    Session.Status.FAILED,
    Session.Status.AWAITING,
)


def _failed_qualifying():
    """For a race: its round's qualifying, when that failed and no organiser
    has chosen to run the race without it (races/rounds/qualifying.py). Such a race
    is not queued: it would take a grid from a qualifying with no result."""
    return Session.objects.filter(
        round=OuterRef("round"),
        kind=Session.Kind.QUALIFYING,
        status=Session.Status.FAILED,
        round__fallback_grid="",
    ).exclude(pk=OuterRef("pk"))


def _skipped_qualifying() -> Q:
    """A qualifying whose race the organisers chose to run without it: it is
    not run or scheduled any more (races/rounds/qualifying.py). Its round is
    tested in a subquery: an UPDATE whose condition joins the round is
    written as `id IN (SELECT …)`, twice the work of one statement."""
    chosen = Round.objects.filter(pk=OuterRef("round_id")).exclude(fallback_grid="")
    return Q(kind=Session.Kind.QUALIFYING) & Exists(chosen)


def _held(rows):
    """Rows less the sessions held back."""
    return rows.exclude(Exists(_failed_qualifying())).exclude(_skipped_qualifying())


def _why_held(session: Session) -> str | None:
    """Why a session may not be queued or rescheduled, if that is the reason
    an update found nothing to change; read only then."""
    rows = Session.objects.filter(pk=session.pk)
    if rows.filter(Exists(_failed_qualifying())).exists():
        return _(
            "The race waits for its qualifying, which failed: retry the qualifying, "
            "or run the race without it, from the round page."
        )
    if rows.filter(_skipped_qualifying()).exists():
        return _("The race runs without this qualifying, as the organisers chose: it is not run.")
    return None


def session_queue(*, session: Session) -> None:
    """Run a session now: it is queued and a worker picks it up."""
    # No transaction of its own: the UPDATE is one statement, and the task is
    # sent once it is committed (at once here, or when a caller's transaction
    # commits), which saves BEGIN and COMMIT on every dispatch.
    now = timezone.now()
    changed = QUEUE.run(session_id=session.pk, now=now)
    if changed != 1:
        raise ValidationError(
            _why_held(session)
            or _("A %(status)s session cannot be run.")
            % {"status": session.get_status_display().lower()}
        )
    # What the UPDATE wrote, without reading the whole row (actions, event
    # log) back before the task is sent.
    session.status, session.error, session.queued_at = Session.Status.QUEUED, "", now
    # The task first: a worker picks it up while the pages' versions change.
    session_run_later(session.pk)
    season_pages_changed({session.round.season_id})


# Compiled once a process (paddock/prepared.py). The base manager's UPDATE
# does not look the row's season up for the pages' versions: the session's
# round names it.
QUEUE = PreparedUpdate(
    lambda session_id, now: (
        _held(Session._base_manager.filter(pk=session_id, status__in=QUEUEABLE)),
        {"status": Session.Status.QUEUED, "error": "", "queued_at": now},
    ),
    session_id=int,
    now=datetime,
)


def session_retry(*, session: Session) -> None:
    if session.status != Session.Status.FAILED:
        raise ValidationError(_("Only a failed session can be retried."))
    session_queue(session=session)


@transaction.atomic
def session_cancel(*, session: Session, actor=None) -> None:
    changed = Session.objects.filter(pk=session.pk, status__in=CANCELLABLE).update(
        status=Session.Status.CANCELLED
    )
    if changed != 1:
        raise ValidationError(
            _("A %(status)s session cannot be cancelled.")
            % {"status": session.get_status_display().lower()}
        )
    before = session.status
    session.refresh_from_db()
    table_changed(session)  # a table open in a browser says it is cancelled
    session_record(
        session,
        actor=actor,
        summary=gettext_noop("Session of round %(round)s cancelled"),
        before=STATUS_WORDS.get(before, ""),
        after=STATUS_WORDS[Session.Status.CANCELLED],
    )


@transaction.atomic
def session_reschedule(*, session: Session, when: datetime, actor=None) -> None:
    error = scheduled_at_error(when)
    if error:
        raise ValidationError(error)
    rows = Session.objects.filter(
        pk=session.pk, status__in=(Session.Status.SCHEDULED, Session.Status.CANCELLED)
    ).exclude(_skipped_qualifying())
    if rows.update(status=Session.Status.SCHEDULED, scheduled_at=when) != 1:
        raise ValidationError(
            _why_held(session)
            or _("A %(status)s session cannot be rescheduled.")
            % {"status": session.get_status_display().lower()}
        )
    was = session.scheduled_at
    session.refresh_from_db()
    session_record(
        session,
        actor=actor,
        summary=gettext_noop("Session of round %(round)s rescheduled"),
        before=gettext_noop("%(was)s"),
        after=gettext_noop("%(now)s"),
        was=was.strftime("%Y-%m-%d %H:%M UTC") if was else "—",
        now=when.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    )


@transaction.atomic
def session_play_mode_set(*, session: Session, live: bool, actor=None) -> None:
    """Play one session live (people drive) or automatically (autopilots
    drive), whatever the season's default; only before it starts."""
    changed = Session.objects.filter(
        pk=session.pk, status__in=(Session.Status.SCHEDULED, Session.Status.CANCELLED)
    ).update(live=live)
    if changed != 1:
        raise ValidationError(_("Only a session that has not started can change how it is played."))
    session.refresh_from_db()
    session_record(
        session,
        actor=actor,
        summary=gettext_noop("How the session of round %(round)s is played changed"),
        after=gettext_noop("People drive themselves") if live else gettext_noop("Autopilots drive"),
    )


# A session's status as stored in the history (the model's labels,
# untranslated: the history is read in each reader's language).
STATUS_WORDS = {
    Session.Status.SCHEDULED: gettext_noop("Scheduled"),
    Session.Status.QUEUED: gettext_noop("Queued"),
    Session.Status.RUNNING: gettext_noop("Running"),
    Session.Status.AWAITING: gettext_noop("Awaiting players"),
    Session.Status.FINISHED: gettext_noop("Finished"),
    Session.Status.FAILED: gettext_noop("Failed"),
    Session.Status.CANCELLED: gettext_noop("Cancelled"),
}


def session_record(session: Session, *, actor, summary: str, before="", after="", **params):
    """A line of the league's history about an organiser's session control,
    in its transaction; refused, with words, where the season's stage keeps
    its rounds."""
    rnd = Round.objects.select_related("season__league").get(pk=session.round_id)
    stage_check(rnd.season, Action.ROUNDS)
    record(
        rnd.season.league,
        actor=actor,
        topic="round",
        season=rnd.season,
        summary=summary,
        params={"round": f"{rnd.number} ({rnd.name})", **params},
        before=before,
        after=after,
    )
