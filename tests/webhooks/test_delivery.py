"""Deliveries against a real local HTTP server that fails, times out and
succeeds: retried with backoff, signed, logged; results unaffected."""

import json

import pytest
from django.urls import reverse

from paddock.celery import app
from tests.web.conftest import build_season, client_for
from tests.webhooks.hook_server import HookServer
from webhooks.announcements import result_stored_announce, season_finished_announce
from webhooks.delivery import backoff, delivery_attempt, signature
from webhooks.models import Delivery
from webhooks.services import webhook_create
from webhooks.tasks import announce_result

pytestmark = pytest.mark.django_db


@pytest.fixture
def server(settings):
    settings.WEBHOOK_PRIVATE_HOSTS = ["127.0.0.1"]
    settings.WEBHOOK_TIMEOUT_SECONDS = 0.5
    settings.WEBHOOK_RETRY_BASE_SECONDS = 10
    settings.WEBHOOK_MAX_ATTEMPTS = 3
    with HookServer() as running:
        yield running


@pytest.fixture
def raced(league):
    season, grid, rounds = build_season(league, entries=3, rounds=2, finished=1)
    return season, rounds[0].sessions.get(kind="race")


def hook(league, owner, server, form="paddock"):
    return webhook_create(
        league=league,
        url=server.url,
        form=form,
        events=["result_stored", "season_finished", "session_started"],
        user=owner,
    )


def test_a_result_is_posted_signed_in_paddock_form(league, owner, server, raced):
    webhook = hook(league, owner, server)
    (delivery_id,) = result_stored_announce(session_id=raced[1].pk)
    assert delivery_attempt(delivery_id=delivery_id) is None
    delivery = Delivery.objects.get(pk=delivery_id)
    assert (delivery.status, delivery.attempts, delivery.response_status) == ("delivered", 1, 200)
    (request,) = server.received
    headers = request["headers"]
    expected = signature(webhook.secret, headers["X-Paddock-Timestamp"], request["body"])
    assert headers["X-Paddock-Signature"] == f"sha256={expected}"
    assert headers["X-Paddock-Event"] == "result_stored"
    payload = json.loads(request["body"])
    assert payload["event"] == "result_stored" and payload["league"] == league.slug
    assert [r["position"] for r in payload["data"]["results"]] == [1, 2, 3]
    assert "1. Driver gp" in payload["text"]


def test_the_discord_form_is_a_discord_message(league, owner, server, raced):
    hook(league, owner, server, form="discord")
    (delivery_id,) = result_stored_announce(session_id=raced[1].pk)
    delivery_attempt(delivery_id=delivery_id)
    payload = json.loads(server.received[0]["body"])
    assert set(payload) == {"content", "embeds"}
    assert payload["content"].startswith("Tuesday Night GP")
    assert payload["embeds"][0]["url"].endswith(raced[1].round.get_absolute_url())


def test_a_failing_hook_is_retried_with_a_growing_wait_then_delivered(league, owner, server, raced):
    hook(league, owner, server)
    server.answers = [500, 503]
    (delivery_id,) = result_stored_announce(session_id=raced[1].pk)
    assert delivery_attempt(delivery_id=delivery_id) == 10
    delivery = Delivery.objects.get(pk=delivery_id)
    assert (delivery.status, delivery.response_status) == ("pending", 500)
    assert delivery.error == "The hook answered 500."
    assert delivery_attempt(delivery_id=delivery_id) == 20
    assert delivery_attempt(delivery_id=delivery_id) is None
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("delivered", 3)
    assert len(server.received) == 3
    # The same body each time: the signature covers exactly what was stored.
    assert len({r["body"] for r in server.received}) == 1


def test_a_hook_that_times_out_is_logged_and_given_up_after_the_last_try(
    league, owner, server, raced
):
    hook(league, owner, server)
    server.answers = ["slow", "slow", "slow"]
    server.slow_seconds = 1.5
    (delivery_id,) = result_stored_announce(session_id=raced[1].pk)
    for _ in range(3):
        delivery_attempt(delivery_id=delivery_id)
    delivery = Delivery.objects.get(pk=delivery_id)
    assert (delivery.status, delivery.attempts) == ("gave_up", 3)
    assert delivery.error == "No answer within 0.5 s."


def test_the_backoff_doubles(settings):
    settings.WEBHOOK_RETRY_BASE_SECONDS = 30
    assert [backoff(n) for n in (1, 2, 3, 4)] == [30, 60, 120, 240]


def test_announcing_the_same_result_twice_delivers_it_once(league, owner, server, raced):
    hook(league, owner, server)
    assert len(result_stored_announce(session_id=raced[1].pk)) == 1
    assert result_stored_announce(session_id=raced[1].pk) == []


def test_the_task_retries_by_itself_until_delivered(league, owner, server, raced, settings):
    settings.WEBHOOK_RETRY_BASE_SECONDS = 0
    hook(league, owner, server)
    server.answers = [500, 500]
    app.conf.task_always_eager = True
    try:
        assert announce_result.delay(raced[1].pk).get() == 1
    finally:
        app.conf.task_always_eager = False
    delivery = Delivery.objects.get()
    assert (delivery.status, delivery.attempts) == ("delivered", 3)


def test_a_finished_season_announces_its_champion(league, owner, server, raced):
    season = raced[0]
    hook(league, owner, server)
    assert season_finished_announce(season_id=season.pk) == []  # still running
    season.status = "finished"
    season.save()
    (delivery_id,) = season_finished_announce(season_id=season.pk)
    delivery_attempt(delivery_id=delivery_id)
    payload = json.loads(server.received[0]["body"])
    champion = season.driver_standings.get(rank=1).entry.driver.name
    assert f"{champion} is the champion" in payload["text"]


def test_the_organiser_sees_hooks_and_the_delivery_log_and_others_cannot(
    client, league, owner, visitor, server, raced
):
    hook(league, owner, server)
    server.answers = [500]
    (delivery_id,) = result_stored_announce(session_id=raced[1].pk)
    delivery_attempt(delivery_id=delivery_id)
    url = reverse("league_webhooks", args=[league.slug])
    html = client_for(client, owner).get(url).content.decode()
    assert server.url in html and "The hook answered 500." in html and "Waiting to be sent" in html
    client.logout()
    assert client_for(client, visitor).get(url).status_code == 403


def test_the_form_explains_a_refused_address_and_stores_nothing(client, league, owner):
    url = reverse("league_webhooks", args=[league.slug])
    response = client_for(client, owner).post(
        url, {"url": "https://169.254.169.254/x", "form": "paddock", "events": ["result_stored"]}
    )
    assert "private, loopback or link-local" in response.content.decode()
    assert not league.webhooks.exists()


def test_a_visitor_cannot_add_or_remove_a_hook(client, league, owner, visitor, server):
    webhook = hook(league, owner, server)
    client_for(client, visitor)
    add = client.post(
        reverse("league_webhooks", args=[league.slug]),
        {"url": "https://example.org/x", "form": "paddock", "events": ["result_stored"]},
    )
    remove = client.post(reverse("webhook_delete", args=[league.slug, webhook.pk]))
    assert (add.status_code, remove.status_code) == (403, 403)
    assert league.webhooks.count() == 1


def test_finishing_a_season_in_the_organiser_page_posts_to_the_hook(
    client, league, owner, server, raced, django_capture_on_commit_callbacks
):
    season = raced[0]
    hook(league, owner, server)
    app.conf.task_always_eager = True
    try:
        with django_capture_on_commit_callbacks(execute=True):
            client_for(client, owner).post(
                reverse("season_status", args=[league.slug, season.slug]),
                {"status": "finished", "confirm": "yes"},
            )
    finally:
        app.conf.task_always_eager = False
    delivery = Delivery.objects.get(event="season_finished")
    assert delivery.status == "delivered"
    assert json.loads(server.received[-1]["body"])["event"] == "season_finished"
