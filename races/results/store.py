"""Storing a session's results, from the engine or entered by hand: places,
statuses and figures, then the season scored again, in one transaction."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.scoring import tables as scoring
from races.models import Result, Session
from races.results.standings import standings_recompute
from races.running.aftermath import results_stored


@dataclass(frozen=True)
class SeatResult:
    """One line of a result, tied to the entry that drove it."""

    entry_id: int
    seat: str
    position: int
    status: str
    laps: int = 0
    distance: int = 0
    figures: Mapping[str, Any] | None = None


# No savepoint when called inside a transaction (as a finishing session
# does): there is nothing to roll back to short of the whole transaction,
# and a savepoint is two more round trips.
@transaction.atomic(savepoint=False)
def session_results_store(*, session: Session, lines: Iterable[SeatResult]) -> list[Result]:
    """Replace the session's results with these, then score the season again
    (races/results/standings.py gives each result its points). Storing the same
    results twice counts them once."""
    season = session.round.season
    lines = list(lines)
    classified = scoring.classify(
        scoring.Placing(line.seat, line.status, line.distance, line.position) for line in lines
    )
    position_of = {p.key: p.position for p in classified}
    Result.objects.filter(session=session).delete()
    results = [
        Result(
            session=session,
            entry_id=line.entry_id,
            seat=line.seat,
            position=position_of[line.seat],
            status=line.status,
            laps=line.laps,
            distance=line.distance,
            figures=dict(line.figures or {}),
        )
        for line in lines
    ]
    Result.objects.bulk_create(sorted(results, key=lambda r: r.position))
    points = standings_recompute(season=season)
    for result in results:
        result.points = points.get(result.pk, result.points)
    results_stored(session_id=session.pk)
    return results


HAND_ENTERABLE = (
    Session.Status.SCHEDULED,
    Session.Status.CANCELLED,
    Session.Status.FAILED,
    Session.Status.FINISHED,
)


@transaction.atomic
def results_enter(*, session: Session, lines: list[SeatResult], user) -> list[Result]:
    """A result played around a table (or a correction of any result): stored,
    scored and put in the standings as an engine result is, marked as
    entered by hand. Every car at most once; places 1..n without a gap."""
    session = Session.objects.select_for_update().select_related("round__season").get(pk=session.pk)
    if session.status not in HAND_ENTERABLE:
        raise ValidationError(
            _("A %(status)s session is being run: enter its result once it has stopped.")
            % {"status": session.get_status_display().lower()}
        )
    if not lines:
        raise ValidationError(_("Give at least one car's result."))
    entries = [line.entry_id for line in lines]
    if len(set(entries)) != len(entries):
        raise ValidationError(_("Each car appears once in a result."))
    positions = sorted(line.position for line in lines)
    if positions != list(range(1, len(lines) + 1)):
        raise ValidationError(_("Give places 1 to %(count)s, each once.") % {"count": len(lines)})
    season_entries = set(session.round.season.entries.values_list("pk", flat=True))
    if not set(entries) <= season_entries:
        raise ValidationError(_("A car in this result does not race in this season."))
    session.status = Session.Status.FINISHED
    session.entered_by = user
    session.finished_at = timezone.now()
    session.lease_until = None
    session.error = ""
    session.save(update_fields=["status", "entered_by", "finished_at", "lease_until", "error"])
    return session_results_store(session=session, lines=lines)
