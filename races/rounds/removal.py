"""Deleting a round: only one without results or penalties (those stay: a
round that has been scored is part of the season), kept so it can be
restored within the restore window (seasons/restore.py)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.models import Removal
from league.organise.removals import removal_keep
from league.scoring.tables import points_plain
from league.season_stage import Action, stage_check
from races.models import Result, Round, Session
from races.rounds.edits import round_record, round_said, round_words

BUSY = (Session.Status.QUEUED, Session.Status.RUNNING, Session.Status.AWAITING)


def round_delete_refusal(rnd: Round) -> str | None:
    """Why the round cannot be deleted, in words; None when it can."""
    if Result.objects.filter(session__round=rnd).exists():
        return _(
            "Round %(number)s has results: they stay. Delete its results first "
            "(each can be restored) if the round really goes."
        ) % {"number": rnd.number}
    if rnd.penalties.exists():
        return _("Round %(number)s has penalties: the stewards' decisions stay.") % {
            "number": rnd.number
        }
    if rnd.sessions.filter(protests__isnull=False).exists():
        return _("Round %(number)s has incident reports: the stewards' records stay.") % {
            "number": rnd.number
        }
    if rnd.sessions.filter(status__in=BUSY).exists():
        return _("A session of round %(number)s is being run: wait for it to stop.") % {
            "number": rnd.number
        }
    return None


def round_snapshot(rnd: Round) -> dict:
    return {
        "number": rnd.number,
        "name": rnd.name,
        "track": rnd.track,
        "laps": rnd.laps,
        "options": rnd.options,
        "scheduled_at": rnd.scheduled_at.isoformat() if rnd.scheduled_at else None,
        "qualifying_format": rnd.qualifying_format,
        "grid_rule": rnd.grid_rule,
        "points_multiplier": points_plain(rnd.points_multiplier),
    }


@transaction.atomic
def round_delete(*, rnd: Round, actor=None) -> None:
    rnd = (
        Round.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=rnd.pk)
    )
    stage_check(rnd.season, Action.ROUNDS)
    refusal = round_delete_refusal(rnd)
    if refusal:
        raise ValidationError(refusal)
    removal_keep(
        season=rnd.season,
        kind=Removal.Kind.ROUND,
        name=round_words(rnd),
        data=round_snapshot(rnd),
        actor=actor,
    )
    round_record(
        rnd,
        actor=actor,
        summary=gettext_noop("Round %(round)s deleted (can be restored)"),
        before=round_said(rnd),
    )
    rnd.delete()
