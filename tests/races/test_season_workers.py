"""A fresh all-bot season whose sessions all start at once on three real
Celery workers (issue 18, item 6): every session finishes, and no bot
driver or bot entry is created twice."""

import re
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.utils import timezone

from league.models import Driver, Entry
from races.models import Result, Session
from races.rounds.edits import round_create
from races.running.dispatch import sessions_dispatch_due
from races.running.seating import persona_names
from tests.conftest import make_season
from tests.races.worker import wait_for

pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
]
S = Session.Status
ROUNDS = 40
CARS = 4
# A timed qualifying lap in every eighth round: its race waits for it.
QUALIFYING_ROUNDS = {1, 9, 17, 25, 33}


@pytest.fixture
def fresh_season(league):
    season = make_season(
        league, slug="all-bots", rules={"level": "basic"}, grid_size=CARS, fill_with_bots=True
    )
    due = timezone.now() - timedelta(seconds=1)
    for number in range(1, ROUNDS + 1):
        round_create(
            season=season,
            number=number,
            name=f"Round {number}",
            track="paddock_ring",
            laps=1,
            scheduled_at=due,
            qualifying_format="timed_lap" if number in QUALIFYING_ROUNDS else "none",
        )
    return season


def sessions_finished_by(worker, since: int) -> int:
    """How many sessions the worker ran to their stored result (a run that
    found its session taken over by another worker says "skipped")."""
    with open(worker.log_path) as log:
        log.seek(since)
        return len(re.findall(r"run_session\[[^\]]+\] succeeded in \S+ 'finished'", log.read()))


def test_a_fresh_season_dispatched_at_once_to_three_workers_finishes_every_session(
    fresh_season, workers
):
    with ThreadPoolExecutor(3) as starting:  # the three start side by side
        pool = list(starting.map(workers, [f"season-{n}" for n in range(1, 4)]))
    since = [worker.log_path.stat().st_size for worker in pool]
    sessions = Session.objects.filter(round__season=fresh_season)
    assert sessions.count() == ROUNDS + len(QUALIFYING_ROUNDS)

    # Every session due now goes out in one dispatch: each race, and the
    # qualifying of the rounds that have one (their races wait for them).
    assert sessions_dispatch_due(now=timezone.now()) == ROUNDS

    def all_finished_or_one_failed() -> bool:
        sessions_dispatch_due(now=timezone.now())  # what beat would do meanwhile
        if sessions.filter(status=S.FAILED).exists():
            return True
        return not sessions.exclude(status=S.FINISHED).exists()

    started = time.monotonic()
    wait_for(all_finished_or_one_failed, timeout=120, every=0.3, what="every session to finish")
    elapsed = time.monotonic() - started

    failed = dict(sessions.filter(status=S.FAILED).values_list("pk", "error"))
    assert failed == {}
    assert sessions.filter(status=S.FINISHED).count() == ROUNDS + len(QUALIFYING_ROUNDS)
    # One set of bot entries for the whole season, each persona created once.
    entries = Entry.objects.filter(season=fresh_season).select_related("driver")
    assert sorted(e.driver.name for e in entries) == sorted(persona_names()[:CARS])
    assert Driver.objects.count() == CARS
    for session in sessions:
        assert Result.objects.filter(session=session).count() == CARS
        assert {s["entry_id"] for s in session.seats} == {e.pk for e in entries}
    # The three workers shared the season between them.
    ran = [sessions_finished_by(worker, offset) for worker, offset in zip(pool, since, strict=True)]
    assert sum(ran) == ROUNDS + len(QUALIFYING_ROUNDS) and min(ran) > 0, ran
    print(f"{sum(ran)} sessions in {elapsed:.1f} s on three workers: {ran}")
