"""Standings are materialised when results are stored, and recomputed
whole: storing the same results again never counts them twice."""

import pytest

from league import selectors
from league.models import DriverStanding, Entry, Team, TeamStanding
from league.organise.entries import entry_create
from races.models import Round, Session
from races.results.stewarding import penalty_add, penalty_remove
from races.results.store import SeatResult, session_results_store
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db


def make_round(season, number):
    return Round.objects.create(season=season, number=number, name=f"R{number}", track="t")


def store(rnd, finishing, *, kind=Session.Kind.RACE, eliminated=()):
    session, _ = Session.objects.get_or_create(round=rnd, kind=kind)
    session.status = Session.Status.FINISHED
    session.save()
    lines = [
        SeatResult(
            entry_id=entry.id,
            seat=f"car{entry.car_number}",
            position=i,
            status="eliminated" if entry in eliminated else "finished",
            distance=100 - i,
        )
        for i, entry in enumerate(finishing, start=1)
    ]
    return session_results_store(session=session, lines=lines)


@pytest.fixture
def grid(season):
    return [
        entry_create(season=season, driver=make_driver(name), car_number=n)
        for n, name in enumerate(["Ana", "Ben", "Cid"], start=1)
    ]


def table(season):
    return [(s.entry.driver.name, s.rank, s.points) for s in selectors.driver_standings(season)]


def test_storing_results_updates_the_standings(season, grid):
    ana, ben, cid = grid
    store(make_round(season, 1), [ben, ana, cid])
    assert table(season) == [("Ben", 1, 25), ("Ana", 2, 18), ("Cid", 3, 15)]


def test_storing_the_same_results_twice_counts_them_once(season, grid):
    ana, ben, cid = grid
    rnd = make_round(season, 1)
    store(rnd, [ana, ben, cid])
    store(rnd, [ana, ben, cid])
    assert table(season) == [("Ana", 1, 25), ("Ben", 2, 18), ("Cid", 3, 15)]
    assert DriverStanding.objects.filter(season=season).count() == 3


def test_a_corrected_result_replaces_the_old_one(season, grid):
    ana, ben, cid = grid
    rnd = make_round(season, 1)
    store(rnd, [ana, ben, cid])
    store(rnd, [cid, ben, ana])
    assert table(season)[0] == ("Cid", 1, 25)


def test_eliminated_cars_are_classified_behind_the_finishers(season, grid):
    ana, ben, cid = grid
    results = store(make_round(season, 1), [ana, ben, cid], eliminated=[ana])
    by_entry = {r.entry_id: r.position for r in results}
    assert by_entry == {ben.id: 1, cid.id: 2, ana.id: 3}


def test_qualifying_points_go_into_the_standings(league):
    season = make_season(league, scoring="formula-d-bga", slug="bga")
    ana, ben = (
        entry_create(season=season, driver=make_driver(n), car_number=i)
        for i, n in enumerate(["Ana", "Ben"], start=1)
    )
    rnd = make_round(season, 1)
    store(rnd, [ben, ana], kind=Session.Kind.QUALIFYING)
    store(rnd, [ana, ben])
    assert table(season) == [("Ana", 1, 1000 + 9), ("Ben", 2, 720 + 10)]
    assert DriverStanding.objects.get(entry=ana).rounds == {"1": 1009}


def test_a_penalty_changes_the_standings_at_once_and_can_be_withdrawn(season, grid, steward):
    ana, ben, cid = grid
    rnd = make_round(season, 1)
    store(rnd, [ana, ben, cid])
    penalty = penalty_add(entry=ana, round=rnd, points=10, reason="Blocking", steward=steward)
    # Ana and Cid both have 15; Ana's win puts her ahead on countback.
    assert table(season) == [("Ben", 1, 18), ("Ana", 2, 15), ("Cid", 3, 15)]
    assert DriverStanding.objects.get(entry=ana).penalty_points == 10
    penalty_remove(penalty=penalty)
    assert table(season)[0] == ("Ana", 1, 25)


def test_team_standings_sum_the_members(league):
    season = make_season(league, scoring="formula-d-team-race", slug="teams", team_mode=True)
    red = Team.objects.create(season=season, name="Red")
    blue = Team.objects.create(season=season, name="Blue")
    cars = [
        entry_create(season=season, driver=make_driver(n), car_number=i, team=team)
        for i, (n, team) in enumerate(
            [("Ana", red), ("Ben", blue), ("Cid", red), ("Dan", blue)], start=1
        )
    ]
    store(make_round(season, 1), cars)  # Ana 10, Ben 8, Cid 6, Dan 5
    standings = [(t.team.name, t.rank, t.points) for t in selectors.team_standings(season)]
    assert standings == [("Red", 1, 16), ("Blue", 2, 13)]
    assert TeamStanding.objects.count() == 2


def test_a_big_seasons_standings_load_in_a_fixed_number_of_queries(
    league, django_assert_max_num_queries
):
    season = make_season(league, slug="big", team_mode=True, team_size=2, grid_size=40)
    teams = [Team.objects.create(season=season, name=f"Team {i}") for i in range(20)]
    entries = [
        Entry.objects.create(
            season=season, driver=make_driver(f"Driver {i}"), car_number=i + 1, team=teams[i // 2]
        )
        for i in range(40)
    ]
    for number in range(1, 21):
        rotated = entries[number:] + entries[:number]
        store(make_round(season, number), rotated)
    with django_assert_max_num_queries(2):
        lines = selectors.driver_standings(season)
        rows = [(s.rank, s.entry.driver.name, s.entry.team.name, s.points) for s in lines]
    assert len(rows) == 40
    with django_assert_max_num_queries(1):
        assert len(selectors.team_standings(season)) == 20
