"""The driver table moved on from each car's running total (issue 27, item 5;
races/results/running_totals.py): where every round counts and the season
keeps no team table, a store reads and writes each car's figures and the
round's part only, and the table is still `championship()`'s over every
stored row, stored in order, out of order, again and side by side."""

import random

import pytest
from django.db import connection
from hypothesis import given
from hypothesis import strategies as st

from league.models import DriverStanding, Season
from league.organise.entries import entry_create
from paddock.celery import app
from races.models import Result, Round, Session
from races.results import standings as standings_module
from races.results.store import SeatResult, results_enter
from races.rounds.edits import round_create
from tests.conftest import make_driver, make_season, scoring_presets
from tests.races.test_standings_side_by_side import (
    FEW_DRAWS,
    championship_now,
    expected_tables,
    lines_drawn,
    stored_concurrently,
    stored_in_batches,
    stored_tables,
)

pytestmark = pytest.mark.django_db(transaction=True)
ROUNDS = 5
CARS = 6


def season_made(league, **fields) -> Season:
    season = make_season(league, slug=f"rt{Season.objects.count()}", rules={"level": "basic"},
                         grid_size=CARS, **fields)  # fmt: skip
    for number in range(1, CARS + 1):
        entry_create(season=season, driver=make_driver(f"Car {season.pk}-{number}"),
                     car_number=number)  # fmt: skip
    for number in range(1, ROUNDS + 1):
        round_create(season=season, number=number, name=f"R{number}", track="paddock_ring",
                     laps=1, points_multiplier=2 if number == ROUNDS else 1)  # fmt: skip
    return season


@pytest.fixture
def counted(monkeypatch):
    """How often a store moved the table on from the running totals."""
    taken = []
    original = standings_module.running_totals_apply

    def apply(**kwargs):
        done = original(**kwargs)
        taken.append(done)
        return done

    monkeypatch.setattr(standings_module, "running_totals_apply", apply)
    return taken


def race_of(season: Season, number: int) -> Session:
    return Session.objects.select_related("round__season").get(
        round__season=season, round__number=number, kind=Session.Kind.RACE
    )


def in_order(season: Season, order: list[int]) -> list[SeatResult]:
    """Every car finished, in the order of `order` (car numbers)."""
    entry_of = dict(season.entries.values_list("car_number", "pk"))
    return [
        SeatResult(entry_of[car], f"s{car}", place, "finished", laps=1, distance=10 - place)
        for place, car in enumerate(order, 1)
    ]


def assert_championship(season: Season) -> None:
    tables = championship_now(season)
    assert stored_tables(season) == expected_tables(tables)
    points = dict(Result.objects.filter(session__round__season=season).values_list("pk", "points"))
    assert points == {s.row.key: s.points for s in tables.results}


def test_each_store_after_the_first_moves_the_table_on_from_the_running_totals(
    league, owner, counted
):
    season = season_made(league)
    orders = [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], [2, 1, 3, 4, 6, 5], [1, 3, 2, 4, 5, 6]]
    for number, order in enumerate(orders, 1):
        results_enter(session=race_of(season, number), lines=in_order(season, order), user=owner)
        assert_championship(season)
    # The first store has no rows to move on from; every later one does.
    assert counted == [False, True, True, True]
    row = DriverStanding.objects.get(season=season, entry__car_number=1)
    assert row.rounds == {"1": 25, "2": 25, "3": 18, "4": 25}
    assert set(row.places) == {"1", "2", "3", "4"}


def test_a_round_stored_again_swaps_its_part_and_a_car_it_no_longer_lists_loses_it(
    league, owner, counted
):
    season = season_made(league)
    for number, order in enumerate([[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]], 1):
        results_enter(session=race_of(season, number), lines=in_order(season, order), user=owner)
    # Round 1 corrected: car 6 is no longer in it, the others change places.
    five = [line for line in in_order(season, [2, 3, 1, 4, 5, 6]) if line.seat != "s6"]
    results_enter(session=race_of(season, 1), lines=five, user=owner)
    assert counted[-1] is True
    assert_championship(season)
    six = DriverStanding.objects.get(season=season, entry__car_number=6)
    assert six.rounds == {"2": 25}
    assert set(six.places) == {"2"}
    assert six.positions == {"1": 1}


def test_cars_level_on_points_and_countback_are_ranked_from_every_round(league, owner, counted):
    season = season_made(league)
    results_enter(session=race_of(season, 1), lines=in_order(season, [1, 2, 3, 4, 5, 6]),
                  user=owner)  # fmt: skip
    # Cars 1 and 2 swap: level on points and countback, so the latest round
    # decides (FD scoring's tie-break), which only every round's parts tell.
    results_enter(session=race_of(season, 2), lines=in_order(season, [2, 1, 4, 3, 6, 5]),
                  user=owner)  # fmt: skip
    assert counted == [False, False]
    assert_championship(season)
    ranks = dict(DriverStanding.objects.filter(season=season).values_list("entry__car_number",
                                                                          "rank"))  # fmt: skip
    assert ranks[2] == 1 and ranks[1] == 2


def test_a_season_that_drops_rounds_or_races_in_teams_ranks_from_every_round(
    league, owner, counted
):
    from league.models import ScoringSystem

    scoring_presets()
    base = ScoringSystem.objects.get(slug="formula-1-2010")
    base.pk, base.slug, base.name, base.drop_worst = None, "f1-drop-one", "F1 drop one", 1
    base.save()
    for fields in ({"scoring": "f1-drop-one"}, {"team_mode": True}):
        season = season_made(league, **fields)
        for number, order in enumerate([[1, 2, 3, 4, 5, 6], [2, 3, 1, 4, 6, 5]], 1):
            lines = in_order(season, order)
            results_enter(session=race_of(season, number), lines=lines, user=owner)
        assert_championship(season)
    assert counted == [False] * 4


@FEW_DRAWS
@given(seed=st.integers(0, 10_000), batches=st.integers(2, 4))
def test_running_totals_after_concurrent_stores_equal_the_championship(
    league, owner, broker, counted, seed, batches
):
    app.loader.import_default_modules()
    rng = random.Random(seed)
    season = season_made(league)
    sessions = list(
        Session.objects.filter(round__season=season, kind=Session.Kind.RACE).select_related(
            "round__season"
        )
    )
    stored_in_batches(rng, season, sessions, owner, batches)
    assert_championship(season)
    connection.close()


def test_the_running_totals_moved_on_in_the_property_runs(league, owner, broker, counted):
    """The property above would pass by ranking from every round each time:
    over a few draws of it, the running totals are what moved the table on."""
    app.loader.import_default_modules()
    rng = random.Random(7)
    season = season_made(league)
    sessions = list(Session.objects.filter(round__season=season, kind=Session.Kind.RACE)
                    .select_related("round__season").order_by("round__number"))  # fmt: skip
    for session in sessions:
        results_enter(session=session, lines=lines_drawn(rng, season), user=owner)
    stored_concurrently([(s, lines_drawn(rng, season)) for s in sessions[:3]], owner)
    assert_championship(season)
    assert counted.count(True) >= 3, counted
    assert Round.objects.filter(season=season).count() == ROUNDS
