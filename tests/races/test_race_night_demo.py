"""The demo's race night (issue 25, item 3): a real-time Heat table with
bots that ana sits down at; it starts when she does, and the next run of
the demo lays a new round once it has started."""

import pytest

from league.models import Season
from paddock.celery import app
from races.lobby.seating import lobby_join
from races.management.race_night import race_night_table
from races.models import Session, Turn
from races.running.seats import seat_records
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db
S = Session.Status


@pytest.fixture
def in_process_tasks():
    """Tasks run in the caller, as in `make run` (no Redis, no worker)."""
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


def test_ana_sits_down_and_the_demo_table_starts_with_bots(
    league, in_process_tasks, django_capture_on_commit_callbacks
):
    like = make_season(league, game="heat", scoring="heat-championship", grid_size=6)
    ana = make_driver("Ana Demo")
    table = race_night_table(league, ana, like=like)
    assert race_night_table(league, ana, like=like) == table  # in place: nothing new
    season = Season.objects.get(pk=table.round.season_id)
    assert table.status == S.SCHEDULED and table.live and season.speed == "normal"
    with django_capture_on_commit_callbacks(execute=True):
        assert lobby_join(session_id=table.pk, user=ana.user) is True
    table.refresh_from_db()
    assert table.status == S.AWAITING
    records = seat_records(table.seats)
    assert len(records) == 6 and sum(r.kind == "bot" for r in records) == 5
    assert Turn.objects.filter(session=table, user=ana.user).exists()
    after = race_night_table(league, ana, like=like)
    assert after != table and after.round.number == 2 and after.status == S.SCHEDULED
