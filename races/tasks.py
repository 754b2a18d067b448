"""Celery tasks: adapters that take ids and call one service."""

from celery import shared_task
from django.utils import timezone

from races.running.dispatch import sessions_dispatch_due
from races.running.runner import session_run
from races.table.online import deadlines_expire, session_advance, turns_notify


@shared_task(acks_late=True, reject_on_worker_lost=True)
def run_session(session_id: int) -> str:
    return session_run(session_id=session_id)


@shared_task
def dispatch_due_sessions() -> int:
    return sessions_dispatch_due(now=timezone.now())


@shared_task(acks_late=True)
def advance_session(session_id: int) -> str:
    return session_advance(session_id=session_id)


@shared_task
def expire_deadlines() -> int:
    return deadlines_expire(now=timezone.now())


@shared_task
def notify_waiting_drivers() -> int:
    return turns_notify(now=timezone.now())
