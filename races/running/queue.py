"""Handing work to the Celery workers once the transaction that asks for it
commits. Tasks are looked up by name in the app's registry, so the services
that queue work never import the task module that calls them back."""

from __future__ import annotations

from celery import current_app
from django.db import transaction

RUN_SESSION = "races.tasks.run_session"
ADVANCE_SESSION = "races.tasks.advance_session"


def _task(task_name: str):
    tasks = current_app.tasks
    if task_name not in tasks:
        # The tasks modules are discovered when a worker starts; a web
        # process imports them the first time it hands work over.
        current_app.loader.import_default_modules()
    return tasks[task_name]


def _later(task_name: str, session_id: int) -> None:
    transaction.on_commit(lambda: _task(task_name).delay(session_id))


def session_run_later(session_id: int) -> None:
    """Run a queued session (an automatic race to its end; a live one up
    to the first decision a person owes)."""
    _later(RUN_SESSION, session_id)


def session_advance_later(session_id: int) -> None:
    """Let the bots of a live race play on after a person's decision."""
    _later(ADVANCE_SESSION, session_id)
