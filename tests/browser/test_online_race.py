"""Two people in two browsers and four bots drive a whole one-lap basic
Formula D race to the finish through a real Celery worker."""

import time

import pytest
from django.core.management import call_command

from league.models import DriverStanding
from league.organise.entries import entry_create
from races.models import Result, Session, Turn
from races.rounds.edits import round_create
from races.running.controls import session_queue
from tests.browser.conftest import log_in, shot
from tests.browser.test_table import decide
from tests.conftest import make_driver, make_season
from tests.races.worker import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status


def take_turn(page) -> bool:
    """Make this driver's decision at the table if there is one; True when one was made."""
    return decide(page) is not None


def test_two_people_and_four_bots_drive_a_race_to_the_finish(
    live_server, chromium, shared_cache, league, workers, capsys
):
    season = make_season(
        league, slug="live", rules={"level": "basic"}, grid_size=6, live_play=True,
        decision_seconds=120,
    )  # fmt: skip
    for number, name in [(7, "Ana"), (3, "Ben")]:
        entry_create(season=season, driver=make_driver(name), car_number=number)
    rnd = round_create(season=season, number=1, name="Evening GP", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    workers("online", CACHE_PREFIX=shared_cache)
    session_queue(session=session)
    wait_for(lambda: Session.objects.get(pk=session.pk).status == S.AWAITING, what="the start")

    base = live_server.url
    pages = []
    for username in ("ana", "ben"):
        context = chromium.new_context(viewport={"width": 1100, "height": 900})
        page = context.new_page()
        page.set_default_timeout(15_000)
        log_in(page, base, username)
        page.goto(f"{base}/sessions/{session.pk}/")
        pages.append(page)
    page_ana, page_ben = pages
    page_ana.wait_for_selector("#cockpit")
    shot(page_ana, "online-cockpit")

    made = 0
    deadline = time.monotonic() + 300
    while Session.objects.get(pk=session.pk).status == S.AWAITING:
        if time.monotonic() > deadline:
            for name, page in zip(("ana", "ben"), pages, strict=True):
                shot(page, f"online-stuck-{name}")
            turns = list(Turn.objects.filter(session=session).values("seat", "step", "kind"))
            raise AssertionError(f"the race did not finish in time; open turns: {turns}")
        turned = [take_turn(page) for page in pages]
        made += sum(turned)
        if made == 1:
            shot(page_ben, "online-spectating")
        if not any(turned):
            time.sleep(0.2)

    session.refresh_from_db()
    assert session.status == S.FINISHED, session.error
    drivers = {s["seat"] for s in session.actions if s["by"] == "driver"}
    assert drivers == {"car7", "car3"}
    assert made == sum(1 for s in session.actions if s["by"] == "driver")
    assert Result.objects.filter(session=session).count() == 6
    for result in Result.objects.filter(session=session):
        standing = DriverStanding.objects.get(entry=result.entry)
        assert standing.points == result.points
    page_ana.wait_for_selector("text=Results", timeout=20_000)
    shot(page_ana, "online-finished")
    call_command("verify_session", session.pk)
    assert "hashes match" in capsys.readouterr().out
    for page in pages:
        page.context.close()
