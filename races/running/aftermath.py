"""What follows a stored result, off the results path: ratings (then title
odds), the league's webhooks and a tournament's next round. Each is a
Celery task queued by name when the transaction that stored the result
commits (races/running/handover.py), so a slow rating or a failing hook
never delays or undoes a result, and the services never import the task
modules that call them back."""

from __future__ import annotations

from django.db.models import Exists, OuterRef

from league.models import League, Season
from paddock.push import season_news
from races.running.handover import after_commit

RATE_SESSION = "ratings.tasks.rate_session"
ANNOUNCE_RESULT = "webhooks.tasks.announce_result"
ANNOUNCE_SESSION_STARTED = "webhooks.tasks.announce_session_started"
ANNOUNCE_SEASON_FINISHED = "webhooks.tasks.announce_season_finished"
# A tournament draws its next round when the last table of a round is stored.
TABLE_FINISHED = "tournaments.tasks.table_finished"


def results_stored(
    *,
    session_id: int,
    season_id: int,
    hooked: bool | None = None,
    tournament: bool | None = None,
) -> None:
    """Called inside the transaction that stored a session's results.
    `hooked` and `tournament`: what `aftermath_facts` read with the session,
    where the caller has them (None: read here)."""
    after_commit(RATE_SESSION, session_id)
    if _hooks_listen(season_id) if hooked is None else hooked:
        after_commit(ANNOUNCE_RESULT, session_id)
    # Only a tournament's table can end a round of its draw, and a
    # tournament's tables race in a season of its own: any other session
    # would hand a sessions worker a task with nothing to do.
    if _a_tournaments(season_id) if tournament is None else tournament:
        after_commit(TABLE_FINISHED, session_id)


def session_started(*, session_id: int, season_id: int, hooked: bool | None = None) -> None:
    """Called once a worker has claimed a session and its race has started."""
    if _hooks_listen(season_id) if hooked is None else hooked:
        after_commit(ANNOUNCE_SESSION_STARTED, session_id)
    season_news(season_id)  # a tournament's page shows its tables racing


def aftermath_facts() -> dict:
    """Annotations of a session query for what follows its start and its
    result, read with the session (the runner's claim) rather than a query
    each: whether its league has a webhook switched on (a league without
    one, most, would hand a webhooks worker a task that tells nobody), and
    whether it is a tournament's table."""
    league, season = OuterRef("round__season__league_id"), OuterRef("round__season_id")
    return {
        "hooks_listening": Exists(_hooked_leagues().filter(pk=league)),
        "for_a_tournament": Exists(_tournament_seasons().filter(pk=season)),
    }


def _hooked_leagues():
    return League.objects.filter(webhooks__active=True)


def _tournament_seasons():
    return Season.objects.filter(tournament__isnull=False)


def _hooks_listen(season_id: int) -> bool:
    return _hooked_leagues().filter(seasons=season_id).exists()


def _a_tournaments(season_id: int) -> bool:
    return _tournament_seasons().filter(pk=season_id).exists()


def season_finished(*, season_id: int) -> None:
    """Called when an organiser has finished a season."""
    after_commit(ANNOUNCE_SEASON_FINISHED, season_id)
