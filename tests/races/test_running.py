"""Running a session in-process: grid, bots, engine, one stored result."""

from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from league.models import DriverStanding, Entry
from league.organise.entries import entry_create
from races.models import Result, Round, Session
from races.rounds.edits import round_create
from races.running.controls import session_cancel, session_retry
from races.running.dispatch import sessions_dispatch_due
from races.running.plan import session_plan
from races.running.runner import session_run
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db
S = Session.Status


@pytest.fixture
def fd_season(league):
    season = make_season(
        league, slug="fd", rules={"level": "basic"}, grid_size=6, fill_with_bots=True
    )
    for number, name in [(7, "Ana"), (3, "Ben")]:
        entry_create(season=season, driver=make_driver(name), car_number=number)
    return season


def add_round(season, number=1, **fields):
    fields.setdefault("track", "paddock_ring")
    return round_create(season=season, number=number, name=f"Round {number}", laps=1, **fields)


def run(session):
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    outcome = session_run(session_id=session.pk)
    session.refresh_from_db()
    return outcome


def race_of(rnd):
    return rnd.sessions.get(kind=Session.Kind.RACE)


def test_a_session_runs_once_and_stores_results_log_and_standings(fd_season):
    session = race_of(add_round(fd_season))
    assert run(session) == "finished"
    assert session.status == S.FINISHED and session.finished_at
    assert len(session.log_sha256) == 64 and session.event_log_text().startswith("{")
    assert Result.objects.filter(session=session).count() == 6
    assert DriverStanding.objects.filter(season=fd_season).count() == 6
    assert sorted(Result.objects.values_list("position", flat=True)) == [1, 2, 3, 4, 5, 6]
    # A second delivery of the same task finds it finished and leaves it.
    assert session_run(session_id=session.pk) == "skipped"
    assert Result.objects.filter(session=session).count() == 6


def test_bots_fill_the_grid_as_the_same_personas_all_season(fd_season):
    first, second = add_round(fd_season, 1), add_round(fd_season, 2)
    run(race_of(first))
    run(race_of(second))
    bots_first = {r["name"] for r in race_of(first).seats if r["kind"] == "bot"}
    assert len(race_of(first).seats) == 6
    assert {r["name"] for r in race_of(second).seats} == bots_first
    assert Entry.objects.filter(season=fd_season, driver__is_bot=True).count() == 4


def test_people_are_driven_by_their_autopilot_with_their_setup(fd_season):
    ana = Entry.objects.get(season=fd_season, car_number=7)
    ana.autopilot = "rookie"
    ana.save()
    plan = session_plan(race_of(add_round(fd_season)))
    seat = next(s for s in plan.seats if s.id == "car7")
    assert (seat.kind, seat.bot, seat.name) == ("bot", "rookie", "Ana")


def test_the_seed_stays_hidden_until_the_session_has_finished(fd_season):
    session = race_of(add_round(fd_season))
    assert session.seed and session.seed_revealed is None
    run(session)
    assert session.seed_revealed == session.seed


def test_a_cancelled_session_is_left_alone(fd_season):
    session = race_of(add_round(fd_season))
    session_cancel(session=session)
    assert session_run(session_id=session.pk) == "skipped"
    assert not Result.objects.exists()


def test_an_engine_error_fails_the_session_with_its_text_and_it_can_be_retried(fd_season):
    rnd = add_round(fd_season)
    Round.objects.filter(pk=rnd.pk).update(track="atlantis")
    session = race_of(rnd)
    assert run(session) == "failed"
    assert session.status == S.FAILED and "atlantis" in session.error
    Round.objects.filter(pk=rnd.pk).update(track="paddock_ring")
    session_retry(session=session)
    session.refresh_from_db()
    assert session.status == S.QUEUED and session.error == ""
    assert session_run(session_id=session.pk) == "finished"


def test_the_grid_follows_the_championship_order(fd_season):
    run(race_of(add_round(fd_season, 1)))
    leader = DriverStanding.objects.get(season=fd_season, rank=1).entry
    plan = session_plan(race_of(add_round(fd_season, 2, grid_rule="championship")))
    assert plan.seats[0].id == f"car{leader.car_number}"
    assert plan.config["grid"][0] == plan.seats[0].id


def test_a_timed_qualifying_lap_sets_the_grid_and_scores_qualifying_points(league):
    season = make_season(
        league, slug="bga", scoring="formula-d-bga", rules={"ruleset": "bga"}, grid_size=4
    )
    rnd = add_round(season, qualifying_format="timed_lap")
    qualifying = rnd.sessions.get(kind=Session.Kind.QUALIFYING)
    assert run(qualifying) == "finished"
    order = list(qualifying.results.order_by("position").values_list("seat", "points"))
    assert order[0][1] == 10 and order[1][1] == 9
    plan = session_plan(race_of(rnd))
    assert [s.id for s in plan.seats] == [seat for seat, _ in order]
    run(race_of(rnd))
    pole = qualifying.results.get(position=1).entry
    race_points = pole.results.get(session__kind="race").points
    assert DriverStanding.objects.get(entry=pole).points == race_points + 10


def test_the_dispatcher_runs_qualifying_before_the_race(fd_season):
    past = timezone.now() - timedelta(minutes=5)
    rnd = add_round(fd_season, scheduled_at=past, qualifying_format="timed_lap")
    # The test database is in a transaction, so on_commit never sends here:
    # only the status changes are checked.
    assert sessions_dispatch_due(now=timezone.now()) == 1
    statuses = dict(rnd.sessions.values_list("kind", "status"))
    assert statuses == {"qualifying": S.QUEUED, "race": S.SCHEDULED}
    run(rnd.sessions.get(kind="qualifying"))
    assert sessions_dispatch_due(now=timezone.now()) == 1
    assert race_of(rnd).status == S.QUEUED


def test_sessions_not_yet_due_stay_scheduled(fd_season):
    add_round(fd_season, scheduled_at=timezone.now() + timedelta(hours=1))
    assert sessions_dispatch_due(now=timezone.now()) == 0


def test_verify_session_replays_a_finished_session_to_the_same_hash(fd_season, capsys):
    session = race_of(add_round(fd_season))
    run(session)
    call_command("verify_session", session.pk)
    assert "hashes match" in capsys.readouterr().out
    Session.objects.filter(pk=session.pk).update(log_sha256="0" * 64)
    with pytest.raises(CommandError, match="does NOT match"):
        call_command("verify_session", session.pk)


def test_run_session_command_runs_one_now(fd_season, capsys):
    session = race_of(add_round(fd_season))
    call_command("run_session", session.pk)
    session.refresh_from_db()
    assert session.status == S.FINISHED
    with pytest.raises(CommandError, match="was not run"):
        call_command("run_session", session.pk)


def test_a_session_the_game_cannot_start_fails_in_words_and_leaves_no_bots(league):
    # Saved around the forms (which refuse it): Heat races at most six cars.
    season = make_season(league, slug="big", game="heat", scoring="heat-championship",
                         grid_size=10, fill_with_bots=True)  # fmt: skip
    entry_create(season=season, driver=make_driver("Ana"), car_number=7)
    session = race_of(add_round(season, track="usa"))
    assert run(session) == "failed"
    assert session.error.startswith("The game could not run this session: at most 6 cars")
    assert "Change the setting it names." in session.error
    assert list(Entry.objects.filter(season=season).values_list("driver__name", flat=True)) == [
        "Ana"
    ]
    assert not Result.objects.exists() and not DriverStanding.objects.filter(season=season)
