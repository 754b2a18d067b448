"""A season's sessions stored side by side (issue 27, item 5): results of
several rounds (qualifying and race, some stored twice, one corrected) stored
from concurrent threads in any order leave standings equal to
`championship()` over every stored row, and each result's points equal to
what the championship gives it."""

import random
import threading
from decimal import Decimal

import pytest
from django.db import connection
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from league.models import DriverStanding, Season, Team, TeamStanding
from league.organise.entries import entry_create
from league.scoring.championship import championship
from league.scoring.tables import PointsTable, points_plain
from paddock.celery import app
from races.models import Penalty, Result, Round, Session
from races.results.standings import _season_facts, result_penalties, result_rows
from races.results.store import SeatResult, results_enter
from races.rounds.edits import round_create
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db(transaction=True)
ROUNDS = 4
CARS = 4
STATUSES = ["finished", "finished", "finished", "retired", "not_classified"]


def season_made(league) -> Season:
    season = make_season(league, slug=f"sbs{Season.objects.count()}", rules={"level": "basic"},
                         grid_size=CARS, team_mode=True)  # fmt: skip
    teams = [Team.objects.create(season=season, name=name) for name in ("Red", "Blue")]
    for number in range(1, CARS + 1):
        driver = make_driver(f"Car {season.pk}-{number}")
        entry_create(season=season, driver=driver, car_number=number, team=teams[number % 2])
    for number in range(1, ROUNDS + 1):
        round_create(season=season, number=number, name=f"R{number}", track="paddock_ring",
                     laps=1, qualifying_format=Round.QualifyingFormat.TIMED_LAP,
                     points_multiplier=2 if number == ROUNDS else 1)  # fmt: skip
    return season


def lines_drawn(rng: random.Random, season: Season) -> list[SeatResult]:
    entries = list(season.entries.order_by("pk").values_list("pk", flat=True))
    rng.shuffle(entries)
    return [
        SeatResult(
            entry,
            f"s{entry}",
            place,
            rng.choice(STATUSES),
            laps=1,
            distance=10 - place,
            figures={"best_lap": rng.randint(60, 63)},
        )  # fmt: skip
        for place, entry in enumerate(entries, 1)
    ]


def stored_concurrently(jobs, user) -> None:
    failures = []

    def store(session, lines):
        try:
            results_enter(session=session, lines=lines, user=user)
        except Exception as error:  # reported below
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=store, args=job) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures, failures


def stored_in_batches(rng, season: Season, sessions: list, owner, batches: int) -> None:
    """A points penalty in the first session's round, then `batches` draws of
    sessions stored concurrently with drawn results."""
    Penalty.objects.create(
        round=sessions[0].round,
        entry=season.entries.first(),
        kind=Penalty.Kind.POINTS,
        points=3,
        reason="x",
        steward=owner,
    )
    for _ in range(batches):
        # Each session at most once a batch (a session's own lock orders
        # two stores of it); the batch's order and timing are the draw's.
        chosen = rng.sample(sessions, rng.randint(2, len(sessions)))
        stored_concurrently([(s, lines_drawn(rng, season)) for s in chosen], owner)


def championship_now(season: Season):
    season = Season.objects.select_related("scoring").get(pk=season.pk)
    table, entries, team = _season_facts(season)
    rows, _ = result_rows(season, team)
    teams = list(season.teams.values_list("id", flat=True))
    return championship(
        PointsTable.of(season.scoring), rows, penalties=result_penalties(season),
        entries=list(entries), teams=teams,
    )  # fmt: skip


def stored_tables(season: Season):
    drivers = {
        s.entry_id: (s.rank, s.points, s.penalty_points, s.rounds, s.dropped, s.positions)
        for s in DriverStanding.objects.filter(season=season)
    }
    teams = {
        s.team_id: (s.rank, s.points, s.penalty_points, s.rounds, s.positions)
        for s in TeamStanding.objects.filter(season=season)
    }
    return drivers, teams


def expected_tables(tables):
    def plain(mapping):
        return {str(k): points_plain(v) for k, v in sorted(mapping.items())}

    drivers = {
        line.key: (line.rank, Decimal(line.points), Decimal(line.penalty), plain(line.rounds),
                   line.dropped, {str(p): c for p, c in sorted(line.positions.items())})
        for line in tables.drivers
    }  # fmt: skip
    teams = {
        line.key: (line.rank, Decimal(line.points), Decimal(line.penalty), plain(line.rounds),
                   {str(p): c for p, c in sorted(line.positions.items())})
        for line in tables.teams
    }  # fmt: skip
    return drivers, teams


# A few draws of concurrent stores: each builds a season and runs threads.
FEW_DRAWS = settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


@FEW_DRAWS
@given(seed=st.integers(0, 10_000), batches=st.integers(1, 3))
def test_standings_after_concurrent_stores_equal_the_championship(
    league, owner, broker, seed, batches
):
    # The tasks a store hands over are looked up by name: known before the
    # threads store (the after-store queues themselves are purged after).
    app.loader.import_default_modules()
    rng = random.Random(seed)
    season = season_made(league)
    sessions = list(Session.objects.filter(round__season=season).select_related("round__season"))
    stored_in_batches(rng, season, sessions, owner, batches)
    tables = championship_now(season)
    assert stored_tables(season) == expected_tables(tables)
    points = dict(Result.objects.filter(session__round__season=season).values_list("pk", "points"))
    assert points == {s.row.key: s.points for s in tables.results}
