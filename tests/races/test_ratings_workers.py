"""Ratings through two real Celery workers (issue 23, item 5): the same
result stored twice at once, then an earlier result corrected, leaves each
driver exactly one rating change per race they drove and their rated race
count equal to those races, as a rebuild from history counts them."""

import re
import threading

import pytest
from django.db import connection

from league.organise.entries import entry_create
from races.models import Result, Session
from races.results.store import SeatResult, results_enter
from races.rounds.edits import round_create
from ratings.models import Rating, RatingChange
from ratings.updates import ratings_rebuild
from tests.conftest import make_driver, make_season
from tests.races.test_ratings import snapshot
from tests.races.test_running import race_of, run
from tests.races.worker import ARTIFACTS, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
RATERS = ("rater-a", "rater-b")
RATED = re.compile(r"rate_session\[[^\]]+\] succeeded in \S+: [1-9]")


def lines_of(session: Session, *, reversed_order: bool = False) -> list[SeatResult]:
    results = list(Result.objects.filter(session=session).order_by("position"))
    count = len(results)
    return [
        SeatResult(
            r.entry_id, r.seat, count + 1 - r.position if reversed_order else r.position, "finished"
        )  # fmt: skip
        for r in results
    ]


def stored_at_once(session: Session, lines: list[SeatResult], user) -> None:
    """Two people store the same result at the same moment."""
    start = threading.Barrier(2)
    failures = []

    def store():
        try:
            start.wait()
            results_enter(session=session, lines=lines, user=user)
        except Exception as error:  # pragma: no cover - reported below
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=store) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures, failures


def rater_logs(offsets: dict) -> str:
    text = ""
    for name, offset in offsets.items():
        with open(ARTIFACTS / f"worker-{name}.log") as log:
            log.seek(offset)
            text += log.read()
    return text


def test_a_result_stored_twice_at_once_then_corrected_is_rated_once_per_race(
    league, owner, workers
):
    season = make_season(league, slug="rated", rules={"level": "basic"}, grid_size=4)
    for number, name in [(7, "Ana"), (3, "Ben")]:
        entry_create(season=season, driver=make_driver(name), car_number=number)
    ARTIFACTS.mkdir(exist_ok=True)
    offsets = {}
    for name in RATERS:
        path = ARTIFACTS / f"worker-{name}.log"
        offsets[name] = path.stat().st_size if path.exists() else 0
        workers(name, queues="ratings")
    races = []
    for number in (1, 2, 3):
        rnd = round_create(
            season=season, number=number, name=f"R{number}", track="paddock_ring", laps=1
        )
        races.append(race_of(rnd))
        assert run(races[-1]) == "finished"

    stored_at_once(races[1], lines_of(races[1]), owner)
    results_enter(session=races[0], lines=lines_of(races[0], reversed_order=True), user=owner)

    # 3 races rated, the second stored twice more, the first corrected: 6 tasks.
    # Counted by the races each task rated (at least one): a task left queued
    # by an earlier test, for a session that is gone, rates none.
    wait_for(
        lambda: len(RATED.findall(rater_logs(offsets))) >= 6,
        timeout=90,
        what="six rating tasks to finish",
    )
    logs = rater_logs(offsets)
    assert "raised unexpected" not in logs and "IntegrityError" not in logs, logs[-3000:]
    assert logs.count("ratings.tasks.rate_session") >= 6

    for rating in Rating.objects.filter(game="formula_d"):
        changes = list(
            RatingChange.objects.filter(rating=rating).values_list("session_id", flat=True)
        )
        if rating.driver_id:
            drove = set(
                Result.objects.filter(entry__driver_id=rating.driver_id).values_list(
                    "session_id", flat=True
                )
            )
        else:
            drove = {s.pk for s in races}
        assert sorted(changes) == sorted(drove), rating.holder  # one change per race
        assert rating.races == len(drove) == 3, rating.holder
    # A rebuild from history counts the same races. Its mu and sigma were
    # once seen to differ for one player after concurrent stores (not
    # reproduced sequentially): an open issue, named in the branch's report.
    counted = {(r[0], r[1], r[2], r[5]) for r in snapshot()}
    ratings_rebuild(game="formula_d")
    assert {(r[0], r[1], r[2], r[5]) for r in snapshot()} == counted
