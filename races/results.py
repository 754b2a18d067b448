"""Storing a session's results: points, the event log, and new standings,
in one transaction."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from league import scoring
from league.services import standings_recompute
from races.aftermath import results_stored
from races.models import Result, Session


@dataclass(frozen=True)
class SeatResult:
    """One line of an engine's result, tied to the entry that drove it."""

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
    """Replace the session's results with these, score them and recompute the
    season's standings. Storing the same results twice counts them once."""
    season = session.round.season
    table = scoring.PointsTable.of(season.scoring)
    lines = list(lines)
    classified = scoring.classify(
        scoring.Placing(line.seat, line.status, line.distance, line.position) for line in lines
    )
    position_of = {p.key: p.position for p in classified}
    Result.objects.filter(session=session).delete()
    results = []
    for line in lines:
        position = position_of[line.seat]
        if session.kind == Session.Kind.QUALIFYING:
            points = scoring.qualifying_points(table, position=position, status=line.status)
        else:
            points = scoring.race_points(
                table, position=position, status=line.status, figures=line.figures
            )
        results.append(
            Result(
                session=session,
                entry_id=line.entry_id,
                seat=line.seat,
                position=position,
                status=line.status,
                laps=line.laps,
                distance=line.distance,
                figures=dict(line.figures or {}),
                points=points,
            )
        )
    Result.objects.bulk_create(sorted(results, key=lambda r: r.position))
    standings_recompute(season=season)
    results_stored(session_id=session.pk)
    return results
