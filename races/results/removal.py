"""Deleting a session's result on purpose: the one way a stored result
goes (issue 23). It is written in the league's history and kept, so it can
be restored within the restore window (seasons/restore.py); the session
becomes cancelled and the season is scored again."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.models import Removal
from league.organise.removals import removal_keep
from league.season_stage import Action, stage_check
from races.models import Result, Session
from races.results.follow import PLACES, result_order_words
from races.results.standings import standings_recompute
from races.rounds.edits import round_words


def result_lines(session: Session) -> list[dict]:
    """The session's stored result as plain lines (SeatResult's fields)."""
    return [
        {
            "entry_id": r.entry_id,
            "seat": r.seat,
            "position": r.position,
            "status": r.status,
            "laps": r.laps,
            "distance": r.distance,
            "figures": dict(r.figures or {}),
        }
        for r in Result.objects.filter(session=session).order_by("position")
    ]


@transaction.atomic
def session_results_delete(*, session: Session, actor) -> int:
    """Delete the session's result; returns how many cars' lines went."""
    session = (
        Session.objects.select_for_update(of=("self",))
        .select_related("round__season__league")
        .get(pk=session.pk)
    )
    season = session.round.season
    stage_check(season, Action.RESULTS)
    lines = result_lines(session)
    if not lines:
        raise ValidationError(_("This session has no result to delete."))
    was = result_order_words(session=session)
    removal_keep(
        season=season,
        kind=Removal.Kind.RESULT,
        name=round_words(session.round),
        data={"session": session.pk, "kind": session.kind, "lines": lines},
        actor=actor,
    )
    record(
        season.league,
        actor=actor,
        topic="result",
        season=season,
        summary=gettext_noop("Result of round %(round)s deleted (can be restored)"),
        params={"round": round_words(session.round), "was": was},
        before=PLACES[session.kind][0],
        after=gettext_noop("No result"),
    )
    Result.objects.filter(session=session).delete()
    session.status = Session.Status.CANCELLED
    session.save(update_fields=["status"])
    standings_recompute(season=season)
    return len(lines)
