"""A real-time round in a browser (issue 25, item 3): ana opens the table
before its start, sees who is in and who is missing and the countdown in
words, sits down, and when its time comes the scheduler starts the race
through a real Celery worker with bots in the empty seats and her rival,
who never came, on the autopilot; the page turns into the table and she
makes her first decision."""

from datetime import timedelta

import pytest
from django.utils import timezone

from league.organise.entries import entry_create
from races.models import Arrival, Session
from races.rounds.edits import round_create
from races.running.dispatch import sessions_dispatch_due
from races.running.seats import seat_records
from tests.browser.conftest import log_in, shot
from tests.browser.test_table import decide
from tests.conftest import make_driver, make_season
from tests.races.race_night import start_time_passed
from tests.races.worker import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status


def test_ana_sits_down_and_the_race_starts_on_time_with_bots(
    live_server, chromium, shared_cache, league, workers
):
    season = make_season(
        league, slug="night", game="heat", grid_size=6, live_play=True, speed="normal",
        status="running", decision_seconds=600,
    )  # fmt: skip
    ana, ben = make_driver("Ana"), make_driver("Ben")
    entry_create(season=season, driver=ana, car_number=1)
    entry_create(season=season, driver=ben, car_number=2)
    rnd = round_create(
        season=season, number=1, name="Race Night", track="usa",
        scheduled_at=timezone.now() + timedelta(minutes=10),
    )  # fmt: skip
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    workers("night", CACHE_PREFIX=shared_cache)

    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, live_server.url, "ana")
    page.goto(f"{live_server.url}{rnd.get_absolute_url()}")
    page.click("#round-lobby-link")
    page.wait_for_selector("#lobby")
    assert "Ana" in page.inner_text("#lobby-missing") and "Ben" in page.inner_text("#lobby-missing")
    assert " min " in page.inner_text(".lobby-countdown")  # "9 min 58 s"
    page.click("#lobby-join")
    page.wait_for_selector("#lobby-seated >> text=Ana")
    page.wait_for_selector("#lobby-leave")
    assert Arrival.objects.filter(session=session, user=ana.user).exists()
    shot(page, "race-night-lobby")

    # Its time comes: the scheduler's pass starts it on a worker.
    start_time_passed(session)
    assert sessions_dispatch_due(now=timezone.now()) == 1
    wait_for(lambda: Session.objects.get(pk=session.pk).status == S.AWAITING, what="the start")
    session.refresh_from_db()
    records = seat_records(session.seats)
    assert len(records) == 6 and sum(r.kind == "bot" for r in records) == 4
    by_user = {r.user_id: r for r in records if r.user_id}
    assert not by_user[ana.user.pk].autopilot and by_user[ben.user.pk].autopilot

    # The lobby sees the start and the page becomes the table with her panel.
    page.wait_for_selector("#cockpit form.panel", timeout=30_000)
    shot(page, "race-night-first-decision")
    assert decide(page) is not None
    wait_for(
        lambda: any(
            a["by"] == "driver" and a["seat"] == by_user[ana.user.pk].id
            for a in Session.objects.get(pk=session.pk).actions
        ),
        what="ana's first decision stored",
    )
    context.close()
