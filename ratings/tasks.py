"""Celery tasks for ratings: adapters that take ids and call one service."""

from celery import shared_task

from races.ratings import session_rate


@shared_task(acks_late=True)
def rate_session(session_id: int) -> int:
    return session_rate(session_id=session_id)
