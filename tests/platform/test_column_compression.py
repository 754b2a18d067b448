"""Large JSON columns rewritten on every stored session are compressed with
lz4 on PostgreSQL (races/migrations/0004_session_actions_lz4.py,
league/migrations/0021_standings_parts_lz4.py), and read back whole."""

import pytest
from django.db import connection

from league.models import DriverStanding, TeamStanding
from races.models import Session
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db

LZ4 = [
    (Session, "actions"),
    (DriverStanding, "rounds"),
    (DriverStanding, "places"),
    (TeamStanding, "rounds"),
    (TeamStanding, "places"),
]


@pytest.mark.parametrize(("model", "column"), LZ4)
def test_a_rewritten_json_column_is_compressed_with_lz4(model, column):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attcompression FROM pg_attribute"
            " WHERE attrelid = %s::regclass AND attname = %s",
            [model._meta.db_table, column],
        )
        assert cursor.fetchone() == ("l",)


def test_a_long_seasons_parts_read_back_whole(league):
    season = make_season(league, slug="long")
    entry = season.entries.create(driver=make_driver("Jim Long"), car_number=9)
    places = {str(n): [str(25 - n % 10), n % 10 + 1, 0] for n in range(1, 200)}
    DriverStanding.objects.create(
        season=season, entry=entry, rank=1, points=1, places=places, rounds={"1": "25"}
    )
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_column_compression(places) FROM league_driverstanding WHERE entry_id = %s",
            [entry.pk],
        )
        assert cursor.fetchone() == ("lz4",)
    assert DriverStanding.objects.get(entry=entry).places == places
