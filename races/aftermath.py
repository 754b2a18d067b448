"""What follows a stored result, off the results path: ratings, then title
odds, and the league's webhooks. Queued when the results' transaction
commits, as Celery tasks (adapters that call one service each), so a slow
rating or a failing hook never delays or undoes a result."""

from __future__ import annotations

from celery import shared_task
from django.db import transaction

from races.announcements import (
    result_stored_announce,
    season_finished_announce,
    session_started_announce,
)
from races.ratings import session_rate
from webhooks.tasks import deliveries_send


def results_stored(*, session_id: int) -> None:
    """Called inside the transaction that stored a session's results."""
    transaction.on_commit(lambda: rate_session.delay(session_id))
    transaction.on_commit(lambda: announce_result.delay(session_id))


def session_started(*, session_id: int) -> None:
    """Called once a worker has claimed a session to run."""
    transaction.on_commit(lambda: announce_session_started.delay(session_id))


def season_finished(*, season_id: int) -> None:
    """Called when an organiser has finished a season."""
    transaction.on_commit(lambda: announce_season_finished.delay(season_id))


@shared_task(acks_late=True)
def rate_session(session_id: int) -> int:
    return session_rate(session_id=session_id)


@shared_task(acks_late=True)
def announce_result(session_id: int) -> int:
    created = result_stored_announce(session_id=session_id)
    deliveries_send(created)
    return len(created)


@shared_task(acks_late=True)
def announce_session_started(session_id: int) -> int:
    created = session_started_announce(session_id=session_id)
    deliveries_send(created)
    return len(created)


@shared_task(acks_late=True)
def announce_season_finished(season_id: int) -> int:
    created = season_finished_announce(season_id=season_id)
    deliveries_send(created)
    return len(created)
