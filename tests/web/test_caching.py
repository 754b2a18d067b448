"""The standings version: new on every recompute and every organiser edit
that changes what a season's pages show, shared through Redis, short-lived
in a cache only one process can see."""

import os

import pytest
from django.test import Client
from django.urls import reverse

from league import caching, page_versions
from league.models import Team
from races.results.standings import standings_recompute
from races.rounds.edits import round_create
from tests.web.conftest import build_season

pytestmark = pytest.mark.django_db


def test_recomputing_the_standings_gives_a_new_version(league):
    season, grid, rounds = build_season(league, finished=1)
    before = caching.standings_version(season.pk)
    assert caching.standings_version(season.pk) == before
    standings_recompute(season=season)
    assert caching.standings_version(season.pk) != before


def test_a_process_local_cache_keeps_a_version_only_seconds(settings):
    assert page_versions.version_timeout() == page_versions.LOCAL_VERSION_SECONDS
    settings.CACHES = {
        "default": {
            "BACKEND": "paddock.redis_pool.KeptClientRedisCache",
            "LOCATION": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/9"),
        }
    }
    assert page_versions.version_timeout() is None


# --- Organiser edits show at once on the pages cached for visitors -----------


def organiser_client(user):
    client = Client()
    client.force_login(user)
    return client


def test_a_renamed_round_shows_at_once_on_the_cached_season_page(client, league, steward):
    season, grid, rounds = build_season(league, rounds=1, finished=1)
    round_create(season=season, number=2, name="Round 2 GP", track="paddock_ring", laps=1)
    assert "Round 2 GP" in client.get(season.get_absolute_url()).content.decode()
    organiser_client(steward).post(
        reverse("round_edit", args=[league.slug, season.slug, 2]),
        {
            "name": "Night Race",
            "track": "paddock_ring",
            "laps": 1,
            "qualifying_format": "none",
            "grid_rule": "reverse",
        },
    )
    page = client.get(season.get_absolute_url()).content.decode()
    assert "Night Race" in page and "Round 2 GP" not in page


def test_a_new_round_shows_at_once_on_the_cached_season_page(client, league, owner):
    season, grid, rounds = build_season(league, finished=1)
    client.get(season.get_absolute_url())
    organiser_client(owner).post(
        reverse("round_create", args=[league.slug, season.slug]),
        {
            "number": 3,
            "name": "Finale",
            "track": "paddock_ring",
            "qualifying_format": "none",
            "grid_rule": "entry",
        },
    )
    assert "Finale" in client.get(season.get_absolute_url()).content.decode()


def test_a_renamed_team_shows_at_once_on_the_cached_standings_page(client, league, owner):
    season, grid, rounds = build_season(league, finished=0, team_mode=True)
    red = Team.objects.create(season=season, name="Red", colour="#ff0000")
    for entry in grid[:2]:
        entry.team = red
        entry.save()
    standings_recompute(season=season)
    standings_url = reverse("standings", args=[league.slug, season.slug])
    assert "Red" in client.get(standings_url).content.decode()
    organiser_client(owner).post(
        reverse("team_edit", args=[red.pk]), {"name": "Scarlet", "colour": "#ee0000"}
    )
    page = client.get(standings_url).content.decode()
    assert "Scarlet" in page and ">Red<" not in page


def test_a_renamed_league_shows_at_once_on_the_cached_season_pages(client, league, owner):
    season, grid, rounds = build_season(league, finished=1)
    standings_url = reverse("standings", args=[league.slug, season.slug])
    for url in (season.get_absolute_url(), standings_url):
        assert "Tuesday Night GP" in client.get(url).content.decode()
    organiser_client(owner).post(
        reverse("league_edit", args=[league.slug]), {"name": "Wednesday GP"}
    )
    for url in (season.get_absolute_url(), standings_url):
        page = client.get(url).content.decode()
        assert "Wednesday GP" in page and "Tuesday Night GP" not in page, url


def test_a_new_status_shows_at_once_on_the_cached_standings_page(client, league, owner):
    season, grid, rounds = build_season(league, finished=1)
    before = caching.standings_version(season.pk)
    organiser_client(owner).post(
        reverse("season_status", args=[league.slug, season.slug]),
        {"status": "finished", "confirm": "yes"},
    )
    assert caching.standings_version(season.pk) != before
    assert "Finished" in client.get(season.get_absolute_url()).content.decode()
