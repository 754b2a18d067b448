"""Online play through a real Celery worker on PostgreSQL and Redis."""

import threading
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.utils import timezone

from league.organise.entries import entry_create
from races.models import Session, Turn
from races.rounds.edits import round_create
from races.running.controls import session_queue
from races.table.online import decision_submit
from races.tasks import expire_deadlines
from tests.conftest import make_driver, make_season
from tests.races.online_helpers import a_legal_choice
from tests.races.worker import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status


@pytest.fixture
def live(league, workers):
    season = make_season(league, slug="live", rules={"level": "basic"}, grid_size=4, live_play=True)
    ana, ben = make_driver("Ana"), make_driver("Ben")
    entry_create(season=season, driver=ana, car_number=7)
    entry_create(season=season, driver=ben, car_number=3)
    rnd = round_create(season=season, number=1, name="Live", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    workers("w1")
    session_queue(session=session)
    wait_for(lambda: status(session) == S.AWAITING, what="the first decision")
    return session, {ana.user.pk: ana.user, ben.user.pk: ben.user}


def status(session):
    return Session.objects.values_list("status", flat=True).get(pk=session.pk)


def first_turn(session):
    return Turn.objects.filter(session=session).order_by("seat").first()


def owner(session, turn):
    session.refresh_from_db()
    return next(r for r in session.seats if r["id"] == turn.seat)["user_id"]


def test_a_decision_is_applied_by_the_worker_and_the_race_waits_again(live):
    session, users = live
    turn = first_turn(session)
    decision_submit(
        session_id=session.pk,
        user=users[owner(session, turn)],
        seat=turn.seat,
        step=turn.step,
        action=a_legal_choice(session, turn.seat),
    )

    def moved_on():
        session.refresh_from_db()
        bots_after = [s for s in session.actions[turn.step + 1 :] if s["by"] == "bot"]
        return session.status == S.FINISHED or (
            session.status == S.AWAITING
            and (bots_after or Turn.objects.filter(session=session, step__gt=turn.step).exists())
        )

    wait_for(moved_on, what="the worker to play the bots after the decision")


def test_a_double_submission_is_applied_once(live):
    session, users = live
    turn = first_turn(session)
    user = users[owner(session, turn)]
    choice = a_legal_choice(session, turn.seat)
    outcomes = []

    def submit():
        try:
            decision_submit(
                session_id=session.pk, user=user, seat=turn.seat, step=turn.step, action=choice
            )
            outcomes.append("applied")
        except ValidationError as error:
            outcomes.append(error.messages[0])
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == [
        "That decision has already been made; the race has moved on.",
        "applied",
    ]
    session.refresh_from_db()
    drivers = [s for s in session.actions if s["by"] == "driver"]
    assert len(drivers) == 1


def test_a_missed_deadline_is_played_by_the_autopilot_in_the_worker(live):
    session, users = live
    turn = first_turn(session)
    Turn.objects.filter(pk=turn.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    expire_deadlines.delay()

    def autopiloted():
        session.refresh_from_db()
        return any(s["by"] == "autopilot" and s["seat"] == turn.seat for s in session.actions)

    wait_for(autopiloted, what="the autopilot to make the missed decision")
