"""The standings version: new on every recompute, shared through Redis,
short-lived in a cache only one process can see."""

import pytest

from league import caching
from league.services import standings_recompute
from tests.web.conftest import build_season

pytestmark = pytest.mark.django_db


def test_recomputing_the_standings_gives_a_new_version(league):
    season, grid, rounds = build_season(league, finished=1)
    before = caching.standings_version(season.pk)
    assert caching.standings_version(season.pk) == before
    standings_recompute(season=season)
    assert caching.standings_version(season.pk) != before


def test_a_process_local_cache_keeps_a_version_only_seconds(settings):
    assert caching._version_timeout() == caching.LOCAL_VERSION_SECONDS
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/0",
        }
    }
    assert caching._version_timeout() is None
