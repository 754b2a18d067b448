"""Sessions through real Celery workers, PostgreSQL and Redis, with faults:
a worker killed mid-race, two workers given one session, Redis restarted."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from league.organise.entries import entry_create
from races.models import Result, Session
from races.rounds.edits import round_create
from races.running.dispatch import sessions_dispatch_due
from races.tasks import dispatch_due_sessions, run_session
from tests.conftest import make_driver, make_season
from tests.races.worker import wait_for

pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
]
S = Session.Status


@pytest.fixture
def race(league):
    season = make_season(league, slug="live", rules={"level": "basic"}, grid_size=6)
    entry_create(season=season, driver=make_driver("Ana"), car_number=7)
    rnd = round_create(
        season=season,
        number=1,
        name="Opening",
        track="paddock_ring",
        laps=1,
        scheduled_at=timezone.now() - timedelta(seconds=1),
    )
    return rnd.sessions.get(kind=Session.Kind.RACE)


def status(session):
    return Session.objects.values_list("status", flat=True).get(pk=session.pk)


def finished(session):
    return status(session) == S.FINISHED


def test_a_scheduled_session_is_dispatched_and_finishes_once(race, workers):
    workers("w1")
    dispatch_due_sessions.delay()
    wait_for(lambda: finished(race), what="the session to finish")
    assert Result.objects.filter(session=race).count() == 6
    assert race.round.season.driver_standings.count() == 6
    session = Session.objects.get(pk=race.pk)
    assert session.log_sha256 and session.progress["percent"] == 100


def test_a_worker_killed_mid_race_leaves_the_session_to_finish_exactly_once(race, workers):
    slow = workers("slow", SESSION_ROUND_MS="200")
    Session.objects.filter(pk=race.pk).update(status=S.QUEUED)
    run_session.delay(race.pk)
    wait_for(
        lambda: Session.objects.get(pk=race.pk).progress.get("round", 0) >= 2,
        what="the race to be under way",
    )
    slow.kill()
    assert status(race) == S.RUNNING
    workers("rescuer")
    time.sleep(3.5)  # the dead worker's lease (3 s in tests) runs out
    assert sessions_dispatch_due(now=timezone.now()) >= 1
    wait_for(lambda: finished(race), what="the rescued session to finish")
    assert Result.objects.filter(session=race).count() == 6
    assert len(set(Result.objects.filter(session=race).values_list("entry", flat=True))) == 6


def test_two_workers_given_the_same_session_run_it_once(race, workers):
    workers("w1", SESSION_ROUND_MS="20")
    workers("w2", SESSION_ROUND_MS="20")
    Session.objects.filter(pk=race.pk).update(status=S.QUEUED)
    first, second = run_session.delay(race.pk), run_session.delay(race.pk)
    outcomes = sorted([first.get(timeout=60), second.get(timeout=60)])
    assert outcomes == ["finished", "skipped"]
    assert Result.objects.filter(session=race).count() == 6


def test_redis_restarted_between_dispatch_and_run_loses_nothing(race, workers, private_redis):
    assert sessions_dispatch_due(now=timezone.now()) == 1
    assert status(race) == S.QUEUED
    private_redis.restart()  # the queued message is gone with it
    workers("after-restart", REDIS_URL=private_redis.url, CELERY_RESULT_BACKEND=private_redis.url)
    later = timezone.now() + timedelta(minutes=10)
    assert sessions_dispatch_due(now=later) == 1  # resends the queued session
    wait_for(lambda: finished(race), what="the session to finish after the restart")
    assert Result.objects.filter(session=race).count() == 6
