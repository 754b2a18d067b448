"""Filling a season's grid with bots from several connections at once, on
PostgreSQL under READ COMMITTED: nobody fails, nothing is created twice."""

import threading

import pytest
from django.db import connection, transaction

from league.models import Driver, Entry
from league.organise.entries import entry_create
from races.running.seating import bots_fill, persona_names
from tests.conftest import make_driver, make_season
from tests.races.worker import wait_for

pytestmark = pytest.mark.django_db(transaction=True)

FILLERS = 6


def fill_at_once(seasons, per_season: int) -> tuple[dict, list]:
    """Run bots_fill for every season from `per_season` threads each, all
    released at the same moment; each thread has its own connection."""
    jobs = [season for season in seasons for _ in range(per_season)]
    start = threading.Barrier(len(jobs))
    grids: dict[int, list[list[int]]] = {season.pk: [] for season in seasons}
    errors: list[BaseException] = []

    def fill(season):
        try:
            start.wait(timeout=30)
            grid = bots_fill(season=season)
            grids[season.pk].append([e.pk for e in grid])
        except BaseException as error:  # noqa: BLE001 - reported by the test
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=fill, args=(season,)) for season in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return grids, errors


def test_bots_fill_from_several_connections_creates_each_bot_once(league):
    assert connection.vendor == "postgresql"
    seasons = [
        make_season(league, slug=f"all-bots-{n}", rules={"level": "basic"}, grid_size=8)
        for n in range(2)
    ]
    grids, errors = fill_at_once(seasons, per_season=FILLERS // 2)
    assert errors == []
    for season in seasons:
        entries = Entry.objects.filter(season=season)
        assert entries.count() == 8
        assert len(set(entries.values_list("car_number", flat=True))) == 8
        # Every filler of a season got the same bot entries.
        assert grids[season.pk] == [sorted(entries.values_list("pk", flat=True))] * 3
    # Both seasons race the same eight personas, each driver created once.
    assert sorted(Driver.objects.values_list("name", flat=True)) == sorted(persona_names()[:8])


def test_bots_fill_at_once_leaves_people_and_their_numbers_alone(league):
    season = make_season(league, slug="mixed", rules={"level": "basic"}, grid_size=6)
    # A person who holds a persona's name is passed over, not made a bot.
    entry_create(season=season, driver=make_driver(persona_names()[0]), car_number=51)
    entry_create(season=season, driver=make_driver("Ana"), car_number=7)
    grids, errors = fill_at_once([season], per_season=FILLERS)
    assert errors == []
    entries = Entry.objects.filter(season=season).select_related("driver")
    assert entries.count() == 6
    bots = sorted((e.car_number, e.driver.name) for e in entries if e.driver.is_bot)
    assert bots == [(52, persona_names()[1]), (53, persona_names()[2]),
                    (54, persona_names()[3]), (55, persona_names()[4])]  # fmt: skip
    assert len({tuple(grid) for grid in grids[season.pk]}) == 1


def waiting_on_a_lock() -> int:
    """How many other connections to this database wait on a lock now."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0]


def test_a_person_taking_a_bot_number_at_the_same_moment_makes_the_fill_start_again(league):
    season = make_season(league, slug="join", rules={"level": "basic"}, grid_size=4)
    ana = make_driver("Ana")
    entered, release = threading.Event(), threading.Event()
    outcome: dict = {}

    def person_joins():
        try:
            with transaction.atomic():
                entry_create(season=season, driver=ana, car_number=51)
                entered.set()
                release.wait(30)  # committed only once the filler waits on car 51
        finally:
            connection.close()

    def filler():
        try:
            entered.wait(30)
            outcome["grid"] = [(e.car_number, e.driver.name) for e in bots_fill(season=season)]
        except BaseException as error:  # noqa: BLE001 - reported by the test
            outcome["error"] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=person_joins), threading.Thread(target=filler)]
    for thread in threads:
        thread.start()
    wait_for(lambda: waiting_on_a_lock() >= 1, timeout=30, what="the filler to wait on car 51")
    release.set()
    for thread in threads:
        thread.join(60)
    assert "error" not in outcome
    assert outcome["grid"] == [(51, "Ana")] + [(52 + n, persona_names()[n]) for n in range(3)]
