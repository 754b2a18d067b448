"""A round whose qualifying failed (issue 18, item 6): the race waits for an
organiser, the dispatcher sends nothing for it, and the organisers either
run the qualifying again or run the race on the round's fallback grid."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from league.models import DriverStanding
from league.organise.entries import entry_create
from races.models import Round, Session
from races.rounds.edits import round_create
from races.rounds.qualifying import (
    failure_reason,
    fallback_rule,
    qualifying_failure,
    qualifying_retry,
    race_fallback_choose,
)
from races.running import grid
from races.running.controls import session_queue, session_reschedule
from races.running.dispatch import sessions_dispatch_due
from races.running.plan import session_plan
from races.running.runner import session_run
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db
S = Session.Status


@pytest.fixture
def season(league):
    season = make_season(league, slug="fd", rules={"level": "basic"}, grid_size=4)
    for number, name in [(7, "Ana"), (3, "Ben")]:
        entry_create(season=season, driver=make_driver(name), car_number=number)
    return season


def run(session) -> str:
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    outcome = session_run(session_id=session.pk)
    session.refresh_from_db()
    return outcome


def failed_round(season, number=1, *, when=None, **fields) -> Round:
    """A round whose timed qualifying really failed in the runner: its track
    was unknown to the engine when the qualifying ran."""
    fields.setdefault("scheduled_at", when or timezone.now() - timedelta(minutes=1))
    rnd = round_create(
        season=season,
        number=number,
        name=f"Round {number}",
        track="paddock_ring",
        laps=1,
        qualifying_format="timed_lap",
        **fields,
    )
    Round.objects.filter(pk=rnd.pk).update(track="atlantis")
    assert run(qualifying_of(rnd)) == "failed"
    Round.objects.filter(pk=rnd.pk).update(track="paddock_ring")
    rnd.refresh_from_db()
    return rnd


def qualifying_of(rnd) -> Session:
    return rnd.sessions.get(kind=Session.Kind.QUALIFYING)


def race_of(rnd) -> Session:
    return rnd.sessions.get(kind=Session.Kind.RACE)


def state(rnd) -> tuple:
    """Everything the organisers' choices may change."""
    rnd.refresh_from_db()
    sessions = tuple(
        rnd.sessions.order_by("kind").values_list("kind", "status", "error", "queued_at")
    )
    return rnd.fallback_grid, rnd.fallback_by_id, sessions


def test_a_failed_qualifying_keeps_its_race_waiting_and_the_dispatcher_sends_nothing(season):
    rnd = failed_round(season)
    before = state(rnd)
    for minutes in (0, 5, 60):
        assert sessions_dispatch_due(now=timezone.now() + timedelta(minutes=minutes)) == 0
    assert state(rnd) == before
    failure = qualifying_failure(rnd, list(rnd.sessions.all()))
    assert failure.waiting and failure.rule == grid.ENTRY
    assert failure.reason == "the round's settings do not suit the game"
    assert "atlantis" in failure.error


def test_running_the_waiting_race_now_is_refused_and_changes_nothing(season):
    rnd = failed_round(season)
    before = state(rnd)
    with pytest.raises(ValidationError, match="waits for its qualifying, which failed"):
        session_queue(session=race_of(rnd))
    assert state(rnd) == before


@pytest.mark.parametrize("who", ["visitor", "driver_user", "nobody"])
def test_only_the_owner_and_stewards_may_choose(season, request, who):
    user = None if who == "nobody" else request.getfixturevalue(who)
    rnd = failed_round(season)
    before = state(rnd)
    with pytest.raises(PermissionDenied):
        qualifying_retry(rnd=rnd, by=user)
    with pytest.raises(PermissionDenied):
        race_fallback_choose(rnd=rnd, by=user, rule=grid.ENTRY)
    assert state(rnd) == before


@pytest.mark.parametrize("rule", ["", "qualifying", "championship", "reverse", "pole please"])
def test_a_rule_that_is_not_the_rounds_fallback_changes_nothing(season, steward, rule):
    rnd = failed_round(season)  # its grid rule, and so its fallback: entry order
    before = state(rnd)
    with pytest.raises(ValidationError) as refused:
        race_fallback_choose(rnd=rnd, by=steward, rule=rule)
    assert refused.value.message_dict == {
        "rule": ["This round's race falls back on car-number order; reload the page."]
    }
    assert state(rnd) == before


def test_the_race_runs_on_the_fallback_grid_once_however_often_it_is_chosen(season, steward):
    first = round_create(season=season, number=1, name="One", track="paddock_ring", laps=1)
    assert run(race_of(first)) == "finished"
    leader = DriverStanding.objects.get(season=season, rank=1).entry
    rnd = failed_round(season, 2, grid_rule="championship")
    assert fallback_rule(rnd) == grid.CHAMPIONSHIP

    assert race_fallback_choose(rnd=rnd, by=steward, rule="championship") is True
    after = state(rnd)
    assert after[:2] == ("championship", steward.pk)
    qualifying, race = qualifying_of(rnd), race_of(rnd)
    assert qualifying.status == S.CANCELLED and "atlantis" in qualifying.error  # the reason stays
    assert race.status == S.QUEUED  # it was due: queued at once
    # A second click (or a second organiser) changes nothing.
    assert race_fallback_choose(rnd=rnd, by=steward, rule="championship") is False
    assert state(rnd) == after
    with pytest.raises(ValidationError, match="already runs without its qualifying"):
        qualifying_retry(rnd=rnd, by=steward)
    # Nor is the qualifying run or scheduled by hand any more.
    with pytest.raises(ValidationError, match="runs without this qualifying"):
        session_queue(session=qualifying)
    with pytest.raises(ValidationError, match="runs without this qualifying"):
        session_reschedule(session=qualifying, when=timezone.now())
    assert state(rnd) == after

    plan = session_plan(race)
    assert plan.seats[0].id == f"car{leader.car_number}"  # championship order
    assert run(race) == "finished"
    assert sessions_dispatch_due(now=timezone.now() + timedelta(hours=1)) == 0
    failure = qualifying_failure(rnd, list(rnd.sessions.all()))
    assert not failure.waiting and failure.chosen_by == "stefan"


def test_a_race_later_in_the_day_keeps_its_time_on_the_fallback_grid(season, owner):
    later = timezone.now() + timedelta(hours=2)
    rnd = failed_round(season, grid_rule="random")
    # The qualifying ran early (an organiser's "Run now"); the race is later.
    Session.objects.filter(round=rnd).update(scheduled_at=later)
    assert race_fallback_choose(rnd=rnd, by=owner, rule="random") is True
    assert race_of(rnd).status == S.SCHEDULED
    assert sessions_dispatch_due(now=timezone.now()) == 0
    assert sessions_dispatch_due(now=later + timedelta(seconds=1)) == 1
    assert race_of(rnd).status == S.QUEUED


def test_retrying_the_qualifying_queues_it_once_and_the_race_follows_it(season, owner):
    rnd = failed_round(season)
    assert qualifying_retry(rnd=rnd, by=owner) is True
    after = state(rnd)
    qualifying = qualifying_of(rnd)
    assert qualifying.status == S.QUEUED and qualifying.error == ""
    assert qualifying_retry(rnd=rnd, by=owner) is False  # the second click
    assert state(rnd) == after
    with pytest.raises(ValidationError, match="queued, not failed"):
        race_fallback_choose(rnd=rnd, by=owner, rule=grid.ENTRY)
    assert state(rnd) == after
    assert qualifying_failure(rnd, list(rnd.sessions.all())) is None

    assert session_run(session_id=qualifying.pk) == "finished"
    assert sessions_dispatch_due(now=timezone.now()) == 1  # now the race goes
    race = race_of(rnd)
    pole = qualifying.results.get(position=1)
    assert session_plan(race).seats[0].id == pole.seat


def test_a_qualifying_that_has_not_failed_offers_no_choice(season, owner):
    rnd = round_create(
        season=season,
        number=1,
        name="One",
        track="paddock_ring",
        laps=1,
        qualifying_format="timed_lap",
    )
    before = state(rnd)
    assert qualifying_failure(rnd, list(rnd.sessions.all())) is None
    with pytest.raises(ValidationError, match="Only a qualifying that failed"):
        qualifying_retry(rnd=rnd, by=owner)
    with pytest.raises(ValidationError, match="scheduled, not failed"):
        race_fallback_choose(rnd=rnd, by=owner, rule=grid.ENTRY)
    assert state(rnd) == before


def test_a_round_without_qualifying_has_none_to_retry(season, owner):
    rnd = round_create(season=season, number=1, name="One", track="paddock_ring", laps=1)
    with pytest.raises(ValidationError, match="no timed qualifying"):
        qualifying_retry(rnd=rnd, by=owner)
    with pytest.raises(ValidationError, match="no timed qualifying"):
        race_fallback_choose(rnd=rnd, by=owner, rule=grid.ENTRY)


@pytest.mark.parametrize(
    "error, reason",
    [
        (
            "IntegrityError: duplicate key value violates unique constraint"
            ' "league_driver_name_key"',
            "two sessions tried to store the same record at the same moment",
        ),
        (
            "IllegalAction: malformed move action: braking is not allowed here",
            "a car's move was refused by the rules engine",
        ),
        (
            "RuntimeError: the race waits for a seat no bot drives.",
            "the race waits for a seat no bot drives",
        ),
        ("", "the session stopped with no message"),
    ],
)
def test_the_reason_is_told_in_plain_words(error, reason):
    assert failure_reason(error) == reason
