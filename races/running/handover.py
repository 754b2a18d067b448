"""Handing work to the Celery workers once the transaction that asks for it
commits: the one place that does it (races/running/queue.py and
races/running/aftermath.py name the tasks). Tasks are looked up by name in
the app's registry, so the services that queue work never import the task
module that calls them back."""

from __future__ import annotations

from celery import current_app
from django.db import transaction


def _task(task_name: str):
    tasks = current_app.tasks
    if task_name not in tasks:
        # The tasks modules are discovered when a worker starts; a web
        # process imports them the first time it hands work over.
        current_app.loader.import_default_modules()
    return tasks[task_name]


def after_commit(task_name: str, *args) -> None:
    """Queue the task named `task_name` with `args` once the current
    transaction commits (at once outside a transaction)."""
    transaction.on_commit(lambda: _task(task_name).delay(*args))
