"""Title odds and clinch states stored after each round, shown on the
standings and season pages and in the API."""

import pytest
from django.urls import reverse

from league.models import DriverStanding
from paddock.celery import app
from races.running.aftermath import results_stored
from ratings.models import TitleOdds
from ratings.updates import ratings_rebuild
from seasons.title_odds import season_so_far, title_odds_refresh
from tests.web.conftest import build_season, race_session

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fewer_simulations(settings):
    settings.TITLE_ODDS_SIMULATIONS = 2000


@pytest.fixture
def gp(league):
    season, grid, rounds = build_season(league, entries=3, rounds=3, finished=2)
    ratings_rebuild()
    return season, grid, rounds


def test_the_season_is_read_as_plain_data(gp):
    season, grid, _ = gp
    so_far, entries = season_so_far(season)
    assert set(so_far.drivers) == {e.pk for e in grid} == set(entries)
    assert so_far.held == (1, 2) and [r.number for r in so_far.to_come] == [3]
    assert all(len(so_far.scores[e.pk]) == 2 for e in grid)


def test_odds_after_a_round_are_stored_once_and_seeded(gp):
    season, _, _ = gp
    first = title_odds_refresh(season_id=season.pk)
    again = title_odds_refresh(season_id=season.pk)
    assert TitleOdds.objects.filter(season=season).count() == 1
    assert first.after_round == 2 == again.after_round
    assert [d["title"] for d in first.drivers] == [d["title"] for d in again.drivers]
    assert abs(sum(d["title"] for d in first.drivers) - 1) < 1e-9
    assert first.simulations == 2000
    assert {d["state"] for d in first.drivers} <= {"champion", "can still win", "out"}


def test_a_finished_season_has_a_certain_champion(gp):
    season, _, rounds = gp
    race_session(rounds[2])
    odds = title_odds_refresh(season_id=season.pk)
    leader = DriverStanding.objects.get(season=season, rank=1).entry
    top = odds.drivers[0]
    assert (top["entry_id"], top["state"], top["title"], top["margin"]) == (
        leader.pk,
        "champion",
        1.0,
        0.0,
    )
    assert all(d["state"] == "out" and d["title"] == 0 for d in odds.drivers[1:])


def test_the_standings_page_shows_the_odds_with_their_date(client, gp, league):
    season, grid, _ = gp
    title_odds_refresh(season_id=season.pk)
    html = client.get(reverse("standings", args=[league.slug, season.slug])).content.decode()
    assert "Title odds" in html and "After round 2, computed" in html
    assert "2000 simulated finishes" in html
    for entry in grid:
        assert entry.driver.name in html
    assert "Can still win" in html or "Champion" in html


def test_the_season_page_charts_how_the_odds_moved(client, gp, league):
    season, _, rounds = gp
    title_odds_refresh(season_id=season.pk)
    race_session(rounds[2])
    title_odds_refresh(season_id=season.pk)
    html = client.get(reverse("season", args=[league.slug, season.slug])).content.decode()
    assert "How the title odds moved" in html and html.count("<polyline") >= 3
    assert ">R2<" in html and ">R3<" in html


def test_the_api_gives_the_latest_odds(client, gp, league):
    season, _, _ = gp
    title_odds_refresh(season_id=season.pk)
    data = client.get(f"/api/leagues/{league.slug}/seasons/{season.slug}/odds").json()
    assert data["after_round"] == 2 and data["simulations"] == 2000
    assert len(data["drivers"]) == 3 and data["drivers"][0]["state"] in (
        "champion",
        "can still win",
    )


def test_rating_a_race_refreshes_the_odds(gp, django_capture_on_commit_callbacks):
    """The stored result's own path (races/running/aftermath.py): the rating task is
    found by name even in a process that never imported the tasks modules
    (Celery discovers them lazily; a test run alone is such a process)."""
    season, _, rounds = gp
    session = rounds[1].sessions.get(kind="race")
    TitleOdds.objects.filter(season=season).delete()
    app.conf.task_always_eager = True
    try:
        with django_capture_on_commit_callbacks(execute=True):
            results_stored(session_id=session.pk, season_id=session.round.season_id)
    finally:
        app.conf.task_always_eager = False
    assert TitleOdds.objects.filter(season=season, after_round=2).exists()
