"""A real-time table started at its time by the scheduler's task on real
Celery workers (issue 25, item 3): two workers both take the scheduler's
passes, the race starts once, at its time, with the driver who sat down,
her no-show rival on the autopilot and a bot in the empty seat."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from league.models import Entry
from races.lobby.seating import lobby_join
from races.models import Session, Turn
from races.running.seats import seat_records
from races.tasks import dispatch_due_sessions
from tests.races.race_night import real_time_round
from tests.races.worker import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status


def log_size(worker) -> int:
    return worker.log_path.stat().st_size if worker.log_path.exists() else 0


def runs_of(worker, outcome: str, since: int) -> int:
    """The worker's runs that ended so, logged after `since` (the log is
    appended to by every test run)."""
    with open(worker.log_path) as log:
        log.seek(since)
        return len(re.findall(rf"run_session\[[^\]]+\] succeeded in \S+ '{outcome}'", log.read()))


def test_the_scheduler_on_two_workers_starts_the_table_once_at_its_time(league, workers):
    season, session, (ana, ben, cid), _ = real_time_round(league, slug="workers")
    lobby_join(session_id=session.pk, user=ana)
    lobby_join(session_id=session.pk, user=cid)
    at = timezone.now() + timedelta(seconds=3)
    Session.objects.filter(pk=session.pk).update(scheduled_at=at)
    first, second = workers("rt1"), workers("rt2")
    since = {worker.name: log_size(worker) for worker in (first, second)}

    def started() -> bool:
        # Beat's pass, sent to whichever worker takes it, as often as it likes.
        dispatch_due_sessions.delay()
        dispatch_due_sessions.delay()
        return Session.objects.get(pk=session.pk).status == S.AWAITING

    wait_for(started, timeout=90, every=0.5, what="the table to start at its time")
    session.refresh_from_db()
    assert session.started_at >= at  # never before its time
    seats = {r.user_id: r for r in seat_records(session.seats) if r.user_id}
    assert not seats[ana.pk].autopilot and not seats[cid.pk].autopilot
    assert seats[ben.pk].autopilot  # not at the table: the autopilot drives
    assert sum(r.kind == "bot" for r in seat_records(session.seats)) == 1
    assert Entry.objects.filter(season=season, driver__is_bot=True).count() == 1
    assert set(Turn.objects.filter(session=session).values_list("user_id", flat=True)) <= {
        ana.pk,
        cid.pk,
    }

    def runs() -> int:
        return sum(runs_of(w, "awaiting", since[w.name]) for w in (first, second))

    wait_for(lambda: runs() >= 1, what="the run's line in the worker logs")
    assert runs() == 1  # started once
