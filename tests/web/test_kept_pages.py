"""Pages that cost what they show (issue 27, item 4): the home page, replay
steps and the exports are kept from when what they show last changed
(league/page_versions.py), read again in a query or none, and every change
shows on each of them at once."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from league.models import Team
from races.models import Session
from races.results.standings import standings_recompute
from tests.web.conftest import build_season, race_session

pytestmark = pytest.mark.django_db


def without_token(page: bytes) -> bytes:
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", page)


EXPORTS = [("standings", "json"), ("standings", "csv"), ("results", "json"), ("results", "csv")]


def organiser_client(user):
    client = Client()
    client.force_login(user)
    return client


def export_url(league, season, kind, fmt):
    return reverse(f"{kind}_export", args=[league.slug, season.slug, fmt])


# --- Query counts -----------------------------------------------------------


def test_the_home_page_is_kept_and_read_again_without_a_query(
    client, league, django_assert_num_queries
):
    build_season(league, finished=1)
    first = client.get("/").content
    with django_assert_num_queries(0):
        again = client.get("/").content
    assert b"csrf-token-of-the-reader" not in again
    assert without_token(again) == without_token(first)


@pytest.mark.parametrize("kind,fmt", EXPORTS)
def test_an_export_is_kept_and_read_again_without_a_query(
    client, league, kind, fmt, django_assert_num_queries
):
    season, grid, rounds = build_season(league, finished=1)
    url = export_url(league, season, kind, fmt)
    first = client.get(url)
    with django_assert_num_queries(0):
        again = client.get(url)
    assert again.content == first.content
    assert again["Content-Type"] == first["Content-Type"]
    assert again.get("Content-Disposition") == first.get("Content-Disposition")


def test_a_replay_step_is_kept_and_read_again_in_one_query(
    client, league, django_assert_num_queries
):
    season, grid, rounds = build_season(league, finished=1)
    session = rounds[0].sessions.get(kind=Session.Kind.RACE)
    url = reverse("replay", args=[session.pk, 3])
    first = client.get(url).content
    with django_assert_num_queries(1):
        again = client.get(url).content
    assert without_token(again) == without_token(first)
    # Another step of the same log: its steps are split already, its log
    # is not read again.
    with django_assert_num_queries(2):
        assert client.get(reverse("replay", args=[session.pk, 4])).status_code == 200


def test_a_replay_step_for_a_person_logged_in_is_made_for_them(client, league, owner):
    season, grid, rounds = build_season(league, finished=1)
    session = rounds[0].sessions.get(kind=Session.Kind.RACE)
    url = reverse("replay", args=[session.pk, 2])
    anonymous = client.get(url).content.decode()
    theirs = organiser_client(owner).get(url).content.decode()
    assert "Step 2 of" in anonymous and "Step 2 of" in theirs
    assert owner.username in theirs
    assert client.get(reverse("replay", args=[session.pk, 100000])).status_code == 404


# --- A change shows at once on every page -----------------------------------


def test_a_stored_result_shows_at_once_on_the_home_page_and_the_exports(client, league):
    season, grid, rounds = build_season(league, rounds=2, finished=1)
    urls = [export_url(league, season, kind, fmt) for kind, fmt in EXPORTS]
    before = {url: client.get(url).content for url in urls}
    home = client.get("/").content.decode()
    assert home.count('class="box"') == 1
    race_session(rounds[1])
    home = client.get("/").content.decode()
    assert home.count('class="box"') == 2
    for url in urls:
        assert client.get(url).content != before[url], url
    results = json.loads(client.get(export_url(league, season, "results", "json")).content)
    assert {r["round"] for r in results["results"]} == {1, 2}


def test_a_session_starting_shows_at_once_on_the_home_page(client, league):
    season, grid, rounds = build_season(league, rounds=2, finished=1)
    assert "Nothing is running." in client.get("/").content.decode()
    Session.objects.filter(round=rounds[1]).update(status=Session.Status.RUNNING)
    page = client.get("/").content.decode()
    assert "Nothing is running." not in page and "Running" in page


def test_a_renamed_team_shows_at_once_in_the_exports(client, league, owner):
    season, grid, rounds = build_season(league, finished=1, team_mode=True)
    red = Team.objects.create(season=season, name="Red", colour="#ff0000")
    for entry in grid[:2]:
        entry.team = red
        entry.save()
    standings_recompute(season=season)
    urls = [export_url(league, season, kind, fmt) for kind, fmt in EXPORTS]
    for url in urls:
        assert "Red" in client.get(url).content.decode(), url
    organiser_client(owner).post(
        reverse("team_edit", args=[red.pk]), {"name": "Scarlet", "colour": "#ee0000"}
    )
    for url in urls:
        page = client.get(url).content.decode()
        assert "Scarlet" in page and "Red" not in page, url


def test_a_renamed_league_shows_at_once_on_home_replay_and_exports(client, league, owner):
    season, grid, rounds = build_season(league, finished=1)
    session = rounds[0].sessions.get(kind=Session.Kind.RACE)
    urls = ["/", reverse("replay", args=[session.pk, 1]),
            export_url(league, season, "results", "json"),
            export_url(league, season, "standings", "json")]  # fmt: skip
    for url in urls:
        assert "Tuesday Night GP" in client.get(url).content.decode(), url
    organiser_client(owner).post(
        reverse("league_edit", args=[league.slug]), {"name": "Wednesday GP"}
    )
    for url in urls:
        page = client.get(url).content.decode()
        assert "Wednesday GP" in page and "Tuesday Night GP" not in page, url


def test_a_session_raced_again_shows_its_new_replay_at_once(client, league):
    from races.replay.steps import replay_page_key
    from races.running.runner import session_run

    season, grid, rounds = build_season(league, finished=1)
    session = rounds[0].sessions.get(kind=Session.Kind.RACE)
    url = reverse("replay", args=[session.pk, 5])
    before = client.get(url).content
    key = replay_page_key(session.pk, 5, "replay.html")
    Session.objects.filter(pk=session.pk).update(status=Session.Status.QUEUED, seed="another")
    assert session_run(session_id=session.pk) == "finished"
    assert replay_page_key(session.pk, 5, "replay.html") != key
    assert client.get(url).content != before
