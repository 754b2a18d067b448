"""After a result, through real Celery workers: the race is rated and the
league's webhook is posted, retried past a hook that times out and fails,
while the result itself is stored at once."""

import json

import pytest

from league.organise.entries import entry_create
from races.models import Result, Session
from races.rounds.edits import round_create
from races.running.controls import session_queue
from ratings.models import RatingChange
from tests.conftest import make_driver, make_season
from tests.races.worker import wait_for
from tests.webhooks.hook_server import HookServer
from webhooks.delivery import signature
from webhooks.models import Delivery
from webhooks.services import webhook_create

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

HOOK_ENV = {
    "WEBHOOK_PRIVATE_HOSTS": "127.0.0.1",
    "WEBHOOK_TIMEOUT_SECONDS": "1",
    "WEBHOOK_RETRY_BASE_SECONDS": "1",
}


def test_a_stored_result_is_rated_and_posted_while_a_failing_hook_waits_its_turn(
    league, owner, workers, settings
):
    settings.WEBHOOK_PRIVATE_HOSTS = ["127.0.0.1"]
    season = make_season(league, slug="hooked", rules={"level": "basic"}, grid_size=4)
    entry_create(season=season, driver=make_driver("Ana"), car_number=7)
    rnd = round_create(season=season, number=1, name="Opening", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    with HookServer() as server:
        server.answers = ["slow", 500, 200]
        webhook = webhook_create(
            league=league, url=server.url, form="paddock", events=["result_stored"], user=owner
        )
        workers("w1", **HOOK_ENV)
        workers("hooks", queues="webhooks,ratings", **HOOK_ENV)
        session_queue(session=session)
        wait_for(
            lambda: Session.objects.filter(pk=session.pk, status="finished").exists(),
            what="the session to finish",
        )
        assert Result.objects.filter(session=session).count() == 4
        wait_for(
            lambda: RatingChange.objects.filter(session=session).count() == 2,
            what="the race to be rated (Ana and the pro bots)",
        )
        delivery = wait_for(
            lambda: Delivery.objects.filter(status="delivered").first(),
            timeout=60,
            what="the hook to be delivered",
        )
    assert delivery.attempts == 3
    assert len(server.received) == 3
    last = server.received[-1]
    expected = signature(webhook.secret, last["headers"]["X-Paddock-Timestamp"], last["body"])
    assert last["headers"]["X-Paddock-Signature"] == f"sha256={expected}"
    assert json.loads(last["body"])["data"]["session"] == session.pk
    # The result was stored before the hook heard anything: its first try
    # began only once the results' transaction had committed.
    first_try = server.received[0]["at"]
    assert Session.objects.get(pk=session.pk).finished_at.timestamp() < first_try
