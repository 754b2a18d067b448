"""Celery tasks: adapters that take ids and call one service."""

from celery import shared_task
from django.db import OperationalError
from django.utils import timezone

from tournaments.running.draw import table_done
from tournaments.running.schedule import tournaments_draw_due


# A database that refuses a connection for a moment does not leave a round
# undrawn until the scheduler's next pass: the task tries again.
@shared_task(acks_late=True, autoretry_for=(OperationalError,), retry_backoff=2, max_retries=6)
def table_finished(session_id: int) -> bool:
    return table_done(session_id=session_id) is not None


@shared_task
def draw_due_rounds() -> int:
    return tournaments_draw_due(now=timezone.now())
