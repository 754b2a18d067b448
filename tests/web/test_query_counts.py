"""The season, standings and round pages load in a fixed number of queries,
whatever the number of entries and rounds."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Team
from races.models import Session
from tests.web.conftest import build_season, race_session

pytestmark = pytest.mark.django_db


def without_token(page: bytes) -> bytes:
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", page)


def queries(client, url) -> int:
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.fixture
def small_and_large(league):
    small = build_season(league, entries=3, rounds=1, slug="small", team_mode=True, finished=0)
    large = build_season(league, entries=10, rounds=6, slug="large", team_mode=True, finished=0)
    for season, grid, rounds in (small, large):
        team = Team.objects.create(season=season, name=f"T{season.slug}")
        for entry in grid[:2]:
            entry.team = team
            entry.save()
        race_session(rounds[0])
    return small, large


@pytest.mark.parametrize("page", ["season", "standings"])
def test_season_pages_take_the_same_queries_for_any_size(client, small_and_large, page, league):
    counts = [
        queries(client, reverse(page, args=[league.slug, s.slug])) for s, _, _ in small_and_large
    ]
    assert counts[0] == counts[1]


def test_the_standings_page_is_a_handful_of_queries(
    client, small_and_large, league, django_assert_max_num_queries
):
    season = small_and_large[1][0]
    cache.clear()
    # The season, its driver and team standings, the latest title odds.
    with django_assert_max_num_queries(5):
        client.get(reverse("standings", args=[league.slug, season.slug]))
    # from the cache: only the season
    with django_assert_max_num_queries(1):
        client.get(reverse("standings", args=[league.slug, season.slug]))


def test_the_season_page_is_bounded(client, small_and_large, league, django_assert_max_num_queries):
    season = small_and_large[1][0]
    cache.clear()
    with django_assert_max_num_queries(10):
        client.get(reverse("season", args=[league.slug, season.slug]))


def test_the_round_page_takes_the_same_queries_for_any_size(
    client, small_and_large, owner, django_assert_max_num_queries
):
    client.force_login(owner)
    client.get("/")  # the first page in a browser reads the person's time zone once
    counts = [queries(client, rounds[0].get_absolute_url()) for _, _, rounds in small_and_large]
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(10):
        client.get(small_and_large[1][2][0].get_absolute_url())


def test_a_visitor_without_a_session_gets_the_standings_without_a_query(
    client, small_and_large, league, django_assert_num_queries
):
    season = small_and_large[1][0]
    url = reverse("standings", args=[league.slug, season.slug])
    first = client.get(url).content
    with django_assert_num_queries(0):
        again = client.get(url).content
    # The same page, but for the language chooser's token, which is each reader's own.
    assert without_token(again) == without_token(first) and b"X-CSRFToken" not in again


def test_a_logged_in_organiser_gets_a_fresh_page_with_the_csrf_header(
    client, small_and_large, league, owner
):
    season = small_and_large[1][0]
    client.force_login(owner)
    page = client.get(reverse("standings", args=[league.slug, season.slug])).content
    assert b"X-CSRFToken" in page and b"olivia" in page


def test_a_visitor_without_a_session_gets_the_season_page_without_a_query(
    client, small_and_large, league, django_assert_num_queries
):
    """Every write of what the page shows gives the season a new version
    (issue 27, item 4; league/page_versions.py): a kept page asks nothing."""
    season, grid, rounds = small_and_large[1]
    url = reverse("season", args=[league.slug, season.slug])
    first = client.get(url).content
    with django_assert_num_queries(0):
        again = client.get(url).content
    assert without_token(again) == without_token(first)


def test_the_cached_season_page_follows_session_and_entry_changes(client, small_and_large, league):
    from league.organise.entries import entry_create
    from races.models import Session
    from tests.conftest import make_driver

    season, grid, rounds = small_and_large[1]
    url = reverse("season", args=[league.slug, season.slug])
    client.get(url)
    Session.objects.filter(round=rounds[1]).update(status=Session.Status.RUNNING)
    assert "Race: Running" in client.get(url).content.decode()
    entry_create(season=season, driver=make_driver("Newcomer Nia"), car_number=99)
    assert "Newcomer Nia" in client.get(url).content.decode()
    season.status = "finished"
    season.save()
    assert "Finished" in client.get(url).content.decode()


def test_a_divided_round_shows_each_divisions_grid_and_lap_chart_in_bounded_queries(
    client, league, owner, django_assert_max_num_queries
):
    """Issue 26 item 2: every division's race has its own grid, results and
    lap chart under its own heading; the page costs a few queries a session."""
    from races.running.runner import session_run
    from seasons.divisions import divisions_split

    season, grid, rounds = build_season(league, entries=4, rounds=1, slug="split", finished=0)
    divisions_split(
        season=season, count=2, by="hand", lines=["1 2", "3 4"], names=["Gold", "Silver"]
    )
    for session in rounds[0].sessions.all():
        Session.objects.filter(pk=session.pk).update(status="queued", seed=f"split-{session.pk}")
        assert session_run(session_id=session.pk) == "finished"
    client.force_login(owner)
    client.get("/")
    cache.clear()
    with django_assert_max_num_queries(14):
        page = client.get(rounds[0].get_absolute_url()).content.decode()
    gold, silver = page.index("<h2>Gold — Race"), page.index("<h2>Silver — Race")
    assert gold < silver and page.count("<h3>Lap chart</h3>") == 2
    assert page.count("<h3>Grid</h3>") == 2 and page.count("<h3>Race results</h3>") == 2
    # Each division's grid under its own heading: Gold's cars before Silver's heading.
    assert gold < page.index(grid[0].driver.name) < silver < page.rindex(grid[3].driver.name)
    assert len(set(re.findall(r'id="(lapchart-title-\d+)"', page))) == 2
