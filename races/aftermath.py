"""What follows a stored result, off the results path: ratings, then title
odds, and the league's webhooks. Queued when the results' transaction
commits, as Celery tasks (adapters that call one service each), so a slow
rating or a failing hook never delays or undoes a result."""

from __future__ import annotations

from celery import shared_task
from django.db import transaction

from races.ratings import session_rate


def results_stored(*, session_id: int) -> None:
    """Called inside the transaction that stored a session's results."""
    transaction.on_commit(lambda: rate_session.delay(session_id))


@shared_task(acks_late=True)
def rate_session(session_id: int) -> int:
    return session_rate(session_id=session_id)
