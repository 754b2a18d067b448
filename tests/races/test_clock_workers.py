"""Game clocks through real Celery workers (issue 25): the clock is kept in
the database, so a worker killed while a clock runs loses nothing; the
next worker finds the clock out of time and applies the default once, even
when the expiry is asked for twice."""

from datetime import timedelta

import pytest
from django.utils import timezone

from league.organise.entries import entry_create
from races.lobby.seating import lobby_join
from races.models import SeatClock, Session, TableNote, Turn
from races.rounds.edits import round_create
from races.running.controls import session_queue
from races.tasks import expire_deadlines
from tests.conftest import make_driver, make_season
from tests.races.worker import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status


def test_a_worker_killed_while_a_clock_runs_and_the_default_is_applied_once(
    league, workers, broker
):
    season = make_season(
        league, slug="clock", rules={"level": "basic"}, grid_size=3, live_play=True,
        speed="slow",
    )  # fmt: skip
    ana = make_driver("Ana")
    entry_create(season=season, driver=ana, car_number=7)
    rnd = round_create(season=season, number=1, name="Live", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    lobby_join(session_id=session.pk, user=ana.user)  # a real-time table's lobby
    first = workers("w1")
    session_queue(session=session)
    wait_for(
        lambda: Session.objects.filter(pk=session.pk, status=S.AWAITING).exists(),
        what="the first decision",
    )
    clock = SeatClock.objects.get(session=session)
    assert clock.since is not None  # Ana's clock runs
    first.kill()  # no clean shutdown, nothing acknowledged
    # The clock ran out while no worker lived: its start is put back past
    # its whole bank, as a time source of the test's own would.
    turn = Turn.objects.get(session=session)
    gone = timedelta(seconds=601)
    SeatClock.objects.filter(pk=clock.pk).update(since=clock.since - gone)
    Turn.objects.filter(pk=turn.pk).update(deadline=turn.deadline - gone)
    assert turn.deadline - gone < timezone.now()
    workers("w2", concurrency=2)
    expire_deadlines.delay()
    expire_deadlines.delay()  # beat asking again before the first is done

    def defaulted():
        return TableNote.objects.filter(session=session, kind=TableNote.Kind.DEFAULTED).count()

    wait_for(defaulted, what="the default for the seat out of time")
    # The second task finds nothing out of time (her clock holds 40 s again
    # after the default); a third, here, changes nothing either.
    wait_for(lambda: broker.llen("online") == 0, what="both expiries taken")
    expire_deadlines.apply()
    session.refresh_from_db()
    assert defaulted() == 1
    late = [s for s in session.actions if s["seat"] == turn.seat and s["by"] != "driver"]
    assert len(late) == 1
    clock.refresh_from_db()
    assert clock.timeouts == 1
