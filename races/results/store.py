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
from django.utils.translation import gettext_lazy

from league.scoring import tables as scoring
from paddock.prepared import PreparedInsert
from races.models import Result, Session
from races.results.follow import places_words, results_follow, results_removed_words
from races.results.standings import season_standings_lock, standings_after_round
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


# One INSERT of the session's results, its text kept (paddock/prepared.py).
RESULTS = PreparedInsert(Result)


# No savepoint when called inside a transaction (as a finishing session
# does): there is nothing to roll back to short of the whole transaction,
# and a savepoint is two more round trips.
@transaction.atomic(savepoint=False)
def session_results_store(
    *,
    session: Session,
    lines: Iterable[SeatResult],
    actor=None,
    how: str = "engine",
    names: Mapping[int, tuple[str, int]] | None = None,
) -> list[Result]:
    """Replace the session's results with these, then score the session's
    round again and put it in the standings (races/results/standings.py gives
    each result its points). Storing the same results twice counts them once.

    Sessions of a season store side by side up to here: the race, its log
    and the session row are the caller's, under the session's own lock. The
    season's lock is taken only now, for what must be one at a time: its
    results replaced, the round scored and the tables ranked again, all
    costing the round and the entries, never the whole season.

    `names`: each entry's driver name and car number, where the caller has
    them (a session's seats keep them), for the history's words."""
    season = session.round.season
    lines = list(lines)
    season_standings_lock(season)
    classified = scoring.classify(
        scoring.Placing(line.seat, line.status, line.distance, line.position) for line in lines
    )
    position_of = {p.key: p.position for p in classified}
    before, names = _results_replaced(session, lines, names)
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
    RESULTS.run(sorted(results, key=lambda r: r.position))
    points = standings_after_round(season=season, number=session.round.number)
    for result in results:
        result.points = points.get(result.pk, result.points)
    results_stored(
        session_id=session.pk,
        season_id=season.pk,
        hooked=getattr(session, "hooks_listening", None),
        tournament=getattr(session, "for_a_tournament", None),
    )
    now = places_words(((r.position, r.entry_id) for r in results), names)
    results_follow(session=session, before=before, actor=actor, how=how, now=now)
    return results


def _results_replaced(
    session: Session, lines: list[SeatResult], names: Mapping[int, tuple[str, int]] | None
) -> tuple[str, Mapping[int, tuple[str, int]]]:
    """Delete the session's stored results: their places in words, and the
    name and car number of each car of `lines`. A session its claim read
    without results (`has_results`, races/running/claim.py) has none to
    delete while it runs (nobody else stores a running session's results),
    so the caller's names are enough and nothing is sent."""
    if names is not None and getattr(session, "has_results", True) is False:
        return "", names
    return results_removed_words(session=session, entries=[line.entry_id for line in lines])


FLAG_WORDS = {
    "pole": gettext_lazy("Only one car takes pole position in a session."),
    "fastest_lap": gettext_lazy("Only one car sets the fastest lap in a session."),
}


def _flags_once_check(lines: list[SeatResult]) -> None:
    """At most one pole and one fastest lap in a session: two would both
    earn the bonus (league/scoring/championship.py, round_bonuses)."""
    errors = [
        str(words)
        for flag, words in FLAG_WORDS.items()
        if sum(1 for line in lines if (line.figures or {}).get(flag)) > 1
    ]
    if errors:
        raise ValidationError(errors)


HAND_ENTERABLE = (
    Session.Status.SCHEDULED,
    Session.Status.CANCELLED,
    Session.Status.FAILED,
    Session.Status.FINISHED,
)


@transaction.atomic
def results_enter(
    *, session: Session, lines: list[SeatResult], user, how: str = "hand"
) -> list[Result]:
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
    _flags_once_check(lines)
    season_entries = set(session.round.season.entries.values_list("pk", flat=True))
    if not set(entries) <= season_entries:
        raise ValidationError(_("A car in this result does not race in this season."))
    session.status = Session.Status.FINISHED
    session.entered_by = user
    session.finished_at = timezone.now()
    session.lease_until = None
    session.error = ""
    session.save(update_fields=["status", "entered_by", "finished_at", "lease_until", "error"])
    return session_results_store(session=session, lines=lines, actor=user, how=how)
