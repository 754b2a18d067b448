"""What follows a stored result, off the results path: ratings (then title
odds) and the league's webhooks. Each is a Celery task queued by name when
the transaction that stored the result commits (as races/running/queue.py does), so
a slow rating or a failing hook never delays or undoes a result, and the
services never import the task modules that call them back."""

from __future__ import annotations

from celery import current_app
from django.db import transaction

RATE_SESSION = "ratings.tasks.rate_session"
ANNOUNCE_RESULT = "webhooks.tasks.announce_result"
ANNOUNCE_SESSION_STARTED = "webhooks.tasks.announce_session_started"
ANNOUNCE_SEASON_FINISHED = "webhooks.tasks.announce_season_finished"


def _task(task_name: str):
    tasks = current_app.tasks
    if task_name not in tasks:
        # The tasks modules are discovered when a worker starts; a web
        # process imports them the first time it hands work over.
        current_app.loader.import_default_modules()
    return tasks[task_name]


def _later(task_name: str, object_id: int) -> None:
    transaction.on_commit(lambda: _task(task_name).delay(object_id))


def results_stored(*, session_id: int) -> None:
    """Called inside the transaction that stored a session's results."""
    _later(RATE_SESSION, session_id)
    _later(ANNOUNCE_RESULT, session_id)


def session_started(*, session_id: int) -> None:
    """Called once a worker has claimed a session and its race has started."""
    _later(ANNOUNCE_SESSION_STARTED, session_id)


def season_finished(*, season_id: int) -> None:
    """Called when an organiser has finished a season."""
    _later(ANNOUNCE_SEASON_FINISHED, season_id)
