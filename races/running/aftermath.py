"""What follows a stored result, off the results path: ratings (then title
odds), the league's webhooks and a tournament's next round. Each is a
Celery task queued by name when the transaction that stored the result
commits (races/running/handover.py), so a slow rating or a failing hook
never delays or undoes a result, and the services never import the task
modules that call them back."""

from __future__ import annotations

from league.models import League, Season
from paddock.push import season_news
from races.running.handover import after_commit

RATE_SESSION = "ratings.tasks.rate_session"
ANNOUNCE_RESULT = "webhooks.tasks.announce_result"
ANNOUNCE_SESSION_STARTED = "webhooks.tasks.announce_session_started"
ANNOUNCE_SEASON_FINISHED = "webhooks.tasks.announce_season_finished"
# A tournament draws its next round when the last table of a round is stored.
TABLE_FINISHED = "tournaments.tasks.table_finished"


def results_stored(*, session_id: int, season_id: int, league_id: int | None = None) -> None:
    """Called inside the transaction that stored a session's results
    (`league_id`: the season's league, where the caller has it)."""
    after_commit(RATE_SESSION, session_id)
    if _hooks_listen(season_id, league_id):
        after_commit(ANNOUNCE_RESULT, session_id)
    # Only a tournament's table can end a round of its draw, and a
    # tournament's tables race in a season of its own: any other session
    # would hand a sessions worker a task with nothing to do.
    if Season.objects.filter(pk=season_id, tournament__isnull=False).exists():
        after_commit(TABLE_FINISHED, session_id)


def session_started(*, session_id: int, season_id: int, league_id: int | None = None) -> None:
    """Called once a worker has claimed a session and its race has started."""
    if _hooks_listen(season_id, league_id):
        after_commit(ANNOUNCE_SESSION_STARTED, session_id)
    season_news(season_id)  # a tournament's page shows its tables racing


def _hooks_listen(season_id: int, league_id: int | None) -> bool:
    """Whether the league has a webhook switched on: a league without one
    (most) would hand a webhooks worker a task that reads the session to
    tell nobody, and sending it costs a session about 2 ms before its race."""
    leagues = League.objects.filter(webhooks__active=True)
    if league_id is not None:
        return leagues.filter(pk=league_id).exists()
    return leagues.filter(seasons=season_id).exists()


def season_finished(*, season_id: int) -> None:
    """Called when an organiser has finished a season."""
    after_commit(ANNOUNCE_SEASON_FINISHED, season_id)
