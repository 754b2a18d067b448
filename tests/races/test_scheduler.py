"""`make run` starts scheduled sessions at their time with no extra process:
the development server's scheduler thread does Celery beat's work."""

from datetime import timedelta

import pytest
from django.utils import timezone

from paddock.celery import app
from races.models import Session
from races.running.scheduler import Scheduler, scheduler_tick, should_start
from tests.web.conftest import build_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def in_process_tasks():
    """Tasks run in the caller, as in `make run` (no Redis, no worker)."""
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


def test_a_tick_runs_the_sessions_whose_time_has_come(
    league, in_process_tasks, django_capture_on_commit_callbacks
):
    season, grid, rounds = build_season(league, entries=3, rounds=2, finished=0, slug="tick")
    due, later = (r.sessions.get() for r in rounds)
    Session.objects.filter(pk=due.pk).update(scheduled_at=timezone.now() - timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert scheduler_tick() >= 1
    due.refresh_from_db()
    later.refresh_from_db()
    assert due.status == Session.Status.FINISHED and due.results.count() == 3
    assert later.status == Session.Status.SCHEDULED


def test_the_thread_ticks_until_stopped_and_survives_a_failing_pass():
    import time

    calls = []

    def tick():
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("a session's engine failed")
        return 0

    scheduler = Scheduler(interval=0.01, tick=tick).start()
    deadline = time.monotonic() + 5
    while len(calls) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)
    scheduler.stop()
    assert len(calls) >= 4 and not scheduler.thread.is_alive()


@pytest.mark.parametrize(
    ("argv", "environ", "starts"),
    [
        (["manage.py", "runserver"], {"RUN_MAIN": "true"}, True),
        (["manage.py", "runserver", "--noreload"], {}, True),
        (["manage.py", "runserver"], {}, False),  # the autoreloader's parent
        (["manage.py", "migrate"], {"RUN_MAIN": "true"}, False),
        (["gunicorn", "paddock.wsgi"], {}, False),
    ],
)
def test_it_starts_only_in_the_development_server(argv, environ, starts):
    assert should_start(argv, environ) is starts
