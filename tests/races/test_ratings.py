"""Ratings from stored results: every finished race of a game, in order,
idempotent, bots rated by level."""

import pytest
from django.core.management import call_command

from league.organise.entries import entry_create
from races.models import Result, Session
from races.results.store import SeatResult, session_results_store
from races.rounds.edits import round_create
from races.running.aftermath import results_stored
from ratings.models import Rating, RatingChange
from ratings.updates import ratings_rebuild, session_rate
from tests.conftest import make_driver, make_season
from tests.races.test_running import race_of, run

pytestmark = pytest.mark.django_db


@pytest.fixture
def fd_season(league):
    season = make_season(league, slug="fd", rules={"level": "basic"}, grid_size=5)
    for number, name in [(7, "Ana"), (3, "Ben")]:
        entry_create(season=season, driver=make_driver(name), car_number=number)
    return season


def raced(season, number):
    rnd = round_create(
        season=season, number=number, name=f"R{number}", track="paddock_ring", laps=1
    )
    session = race_of(rnd)
    assert run(session) == "finished"
    return session


def snapshot():
    return sorted(
        (r.game, r.driver_id or 0, r.bot_level, round(r.mu, 9), round(r.sigma, 9), r.races)
        for r in Rating.objects.all()
    )


def test_a_race_rates_each_person_and_the_bot_level_once(fd_season):
    session = raced(fd_season, 1)
    assert session_rate(session_id=session.pk) == 1
    people = Rating.objects.filter(game="formula_d", driver__isnull=False)
    assert sorted(r.driver.name for r in people) == ["Ana", "Ben"]
    bots = Rating.objects.get(game="formula_d", driver__isnull=True)
    assert (bots.bot_level, bots.races, bots.holder) == ("pro", 1, "Pro bots")
    assert RatingChange.objects.filter(session=session).count() == 3
    winner = Result.objects.get(session=session, position=1).entry.driver
    if not winner.is_bot:
        assert Rating.objects.get(driver=winner).mu > 25


def test_rating_the_same_result_twice_counts_it_once(fd_season):
    first = raced(fd_season, 1)
    second = raced(fd_season, 2)
    session_rate(session_id=first.pk)
    session_rate(session_id=second.pk)
    once = snapshot()
    session_rate(session_id=second.pk)
    session_rate(session_id=first.pk)
    assert snapshot() == once
    assert RatingChange.objects.count() == 6
    assert Rating.objects.get(driver__name="Ana").races == 2


def test_a_corrected_earlier_result_replays_the_later_races(fd_season):
    first = raced(fd_season, 1)
    second = raced(fd_season, 2)
    session_rate(session_id=first.pk)
    session_rate(session_id=second.pk)
    lines = [
        SeatResult(r.entry_id, r.seat, len(first.results.all()) + 1 - r.position, "finished")
        for r in first.results.all()
    ]
    session_results_store(session=first, lines=lines)  # the order reversed
    session_rate(session_id=first.pk)
    corrected = snapshot()
    ratings_rebuild(game="formula_d")
    assert snapshot() == corrected


def test_bots_of_a_level_are_rated_by_the_level_that_drove(fd_season):
    session = raced(fd_season, 1)
    seats = session.seats
    for record in seats:
        if record["name"] not in ("Ana", "Ben"):
            record["bot"] = "rookie"
    Session.objects.filter(pk=session.pk).update(seats=seats)
    session_rate(session_id=session.pk)
    assert set(Rating.objects.filter(driver__isnull=True).values_list("bot_level", flat=True)) == {
        "rookie"
    }


def test_a_did_not_start_car_is_not_rated(fd_season):
    session = raced(fd_season, 1)
    lines = [
        SeatResult(
            r.entry_id, r.seat, r.position, "did_not_start" if r.position == 1 else "finished"
        )
        for r in session.results.all()
    ]
    session_results_store(session=session, lines=lines)
    session_rate(session_id=session.pk)
    assert set(RatingChange.objects.filter(session=session).values_list("cars", flat=True)) == {4}
    absent = Result.objects.get(session=session, status="did_not_start").entry.driver
    if not absent.is_bot:
        assert not RatingChange.objects.filter(session=session, rating__driver=absent).exists()


def test_the_command_rebuilds_every_rating_from_history(fd_season, capsys):
    first = raced(fd_season, 1)
    session_rate(session_id=first.pk)
    before = snapshot()
    Rating.objects.update(mu=1.0)
    call_command("ratings_rebuild")
    assert snapshot() == before
    assert "Formula D: 1 race rated" in capsys.readouterr().out


def test_storing_results_rates_the_race_once_the_transaction_commits(
    fd_season, django_capture_on_commit_callbacks, settings
):
    from paddock.celery import app

    session = raced(fd_season, 1)
    app.conf.task_always_eager = True
    try:
        with django_capture_on_commit_callbacks(execute=True):
            results_stored(session_id=session.pk, season_id=session.round.season_id)
    finally:
        app.conf.task_always_eager = False
    assert RatingChange.objects.filter(session=session).count() == 3
