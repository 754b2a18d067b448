"""The round and session pages of a round whose qualifying failed say so in
plain words, with the reason and what to do; organisers get two buttons
(POST, CSRF, permission checked on the server), everyone else the news."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from league.organise.entries import entry_create
from races.models import Session
from tests.conftest import make_driver, make_season
from tests.races.test_qualifying_failure import failed_round, state

pytestmark = pytest.mark.django_db
S = Session.Status


@pytest.fixture
def rnd(league):
    season = make_season(league, slug="fd", rules={"level": "basic"}, grid_size=4)
    entry_create(season=season, driver=make_driver("Ana"), car_number=7)
    return failed_round(season, grid_rule="championship")


def urls(rnd) -> dict[str, str]:
    args = [rnd.season.league.slug, rnd.season.slug, rnd.number]
    return {
        "retry": reverse("round_qualifying_retry", args=args),
        "fallback": reverse("round_fallback_grid", args=args),
    }


def text(response) -> str:
    """The page's words as a reader sees them: tags dropped (words inside a
    line run on), entities read, spaces squeezed."""
    page = re.sub(r"</?(strong|em|a|span|small|time)\b[^>]*>", "", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page))).strip()


def pages(rnd) -> list[str]:
    return [
        rnd.get_absolute_url(),
        *(reverse("session_live", args=[s.pk]) for s in rnd.sessions.order_by("kind")),
    ]


def test_the_round_and_both_session_pages_tell_an_organiser_what_happened_and_what_to_do(
    client, owner, rnd
):
    client.force_login(owner)
    for url in pages(rnd):
        response = client.get(url)
        words = text(response)
        assert (
            "The qualifying failed The qualifying stopped before it finished: "
            "the round's settings do not suit the game. The race takes its grid from the "
            "qualifying, so the race waits and will not start until an organiser decides."
        ) in words, url
        assert (
            "What to do: run the qualifying again, or run the race without it, on the "
            "round's fallback grid: championship order (the leader starts at the front)."
        ) in words, url
        assert "Retry the qualifying" in words
        assert "Run the race on championship order (the leader starts at the front)" in words
        page = response.content.decode()
        for action in urls(rnd).values():
            form = re.search(rf'<form method="post" action="{action}".*?</form>', page, re.S)
            assert form and "csrfmiddlewaretoken" in form.group(0), (url, action)
        assert 'name="rule" value="championship"' in page
        assert "unknown track" in words  # what the session reported, folded away
        for raw in ("None", "True", "False", "[", "ConfigError: unknown"):
            assert raw not in words.split("What the session reported")[0], (url, raw)


@pytest.mark.parametrize("who", ["visitor", "anonymous"])
def test_everyone_else_reads_the_news_without_the_buttons(client, visitor, rnd, who):
    if who == "visitor":
        client.force_login(visitor)
    for url in pages(rnd):
        words = text(client.get(url))
        assert "The qualifying failed" in words and "the race waits" in words, url
        assert (
            "The league's organisers can run the qualifying again, or start the race without "
            "it, on championship order (the leader starts at the front)."
        ) in words
        assert "Retry the qualifying" not in words and "Run the race on" not in words


@pytest.mark.parametrize("who", ["anonymous", "visitor", "driver_user"])
def test_only_organisers_may_post_and_others_change_nothing(client, rnd, request, who):
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    before = state(rnd)
    for action in urls(rnd).values():
        assert client.post(action, {"rule": "championship"}).status_code == 403, action
    assert state(rnd) == before


def test_the_choices_need_a_post_with_the_csrf_token(owner, rnd):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(owner)
    before = state(rnd)
    for action in urls(rnd).values():
        assert strict.get(action).status_code == 405
        assert strict.post(action, {"rule": "championship"}).status_code == 403
    assert state(rnd) == before


def test_a_stale_rule_is_refused_with_a_message_and_changes_nothing(client, steward, rnd):
    client.force_login(steward)
    before = state(rnd)
    response = client.post(urls(rnd)["fallback"], {"rule": "random"}, follow=True)
    assert (
        "This round's race falls back on championship order (the leader starts at the front); "
        "reload the page."
    ) in text(response)
    assert state(rnd) == before


def test_running_the_race_on_the_fallback_grid_twice_runs_it_once(client, steward, rnd):
    client.force_login(steward)
    first = client.post(urls(rnd)["fallback"], {"rule": "championship"}, follow=True)
    assert (
        "The race runs without its qualifying, on championship order (the leader starts at "
        "the front)."
    ) in text(first)
    after = state(rnd)
    assert after[0] == "championship"
    second = client.post(urls(rnd)["fallback"], {"rule": "championship"}, follow=True)
    assert "Nothing changed: the race already runs without its qualifying." in text(second)
    assert state(rnd) == after
    # The round page and the (cancelled) qualifying's page keep the story;
    # the race's own page is the live one now, its race queued.
    assert rnd.sessions.get(kind=Session.Kind.RACE).status == S.QUEUED
    qualifying = rnd.sessions.get(kind=Session.Kind.QUALIFYING)
    for url in pages(rnd)[:2]:
        response = client.get(url)
        words = text(response)
        assert (
            "The qualifying failed (the round's settings do not suit the game), so stefan chose "
            "to run the race without it, on championship order (the leader starts at the front)."
        ) in words, url
        assert "Retry the qualifying" not in words
        assert "The race runs without this qualifying, as the organisers chose." in words
        for control in ("session_run", "session_reschedule", "session_play_mode"):
            assert reverse(control, args=[qualifying.pk]) not in response.content.decode()


def test_retrying_the_qualifying_twice_queues_it_once(client, owner, rnd):
    client.force_login(owner)
    first = client.post(urls(rnd)["retry"], follow=True)
    assert "The qualifying runs again; the race follows it." in text(first)
    after = state(rnd)
    second = client.post(urls(rnd)["retry"], follow=True)
    assert "Nothing changed: the qualifying was already sent to run again." in text(second)
    assert state(rnd) == after
    assert "The qualifying failed" not in text(client.get(rnd.get_absolute_url()))


def test_run_now_on_the_waiting_race_says_why_it_waits(client, owner, rnd):
    client.force_login(owner)
    race = rnd.sessions.get(kind=Session.Kind.RACE)
    before = state(rnd)
    response = client.post(reverse("session_run", args=[race.pk]), follow=True)
    assert (
        "The race waits for its qualifying, which failed: retry the qualifying, or run the "
        "race without it, from the round page."
    ) in text(response)
    assert state(rnd) == before
