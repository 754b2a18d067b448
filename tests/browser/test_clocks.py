"""Game clocks in two browsers (issue 25): Ana and Ben race with a tiny
turn-based clock (a minute a move), every person's clock is shown on the seats
list in words, and when the clock of the seat to decide runs out beat's
expiry task makes the default in a real Celery worker: the default
decision and the line saying it was made by default appear on both
people's tables."""

import re
from datetime import timedelta

import pytest
from django.db.models import F
from django.utils import timezone

from league.organise.entries import entry_create
from races.models import SeatClock, Session, TableNote, Turn
from races.rounds.edits import round_create
from races.running.controls import session_queue
from races.table.race_log import race_log
from races.tasks import expire_deadlines
from tests.browser.conftest import log_in, shot
from tests.conftest import make_driver, make_season
from tests.races.worker import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status


def defaulted_lines(session) -> tuple[str, str]:
    """The log's line saying the default was made, and the default's own
    first line after it (the decision, in the game's words)."""
    session.refresh_from_db()
    lines = race_log(session)["lines"]
    at = next(i for i, line in enumerate(lines) if line.get("note"))
    after = next(line["text"] for line in lines[at + 1 :] if not line.get("note"))
    return lines[at]["text"], after


def test_a_clock_runs_out_and_both_tables_show_the_default(
    live_server, chromium, shared_cache, league, workers
):
    season = make_season(
        league, slug="clock", rules={"level": "basic"}, grid_size=4, live_play=True,
        speed="own", decision_seconds=60,
    )  # fmt: skip
    for number, name in [(7, "Ana"), (3, "Ben")]:
        entry_create(season=season, driver=make_driver(name), car_number=number)
    rnd = round_create(season=season, number=1, name="Clock GP", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    workers("online", CACHE_PREFIX=shared_cache)
    session_queue(session=session)
    wait_for(lambda: Session.objects.get(pk=session.pk).status == S.AWAITING, what="the start")

    base = live_server.url
    pages = []
    for username in ("ana", "ben"):
        context = chromium.new_context(viewport={"width": 1100, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20_000)
        log_in(page, base, username)
        page.goto(f"{base}/sessions/{session.pk}/")
        pages.append(page)
    for page in pages:
        clocks = page.locator("td.clock time.seat-clock")
        clocks.first.wait_for()
        assert clocks.count() == 2  # a clock for each person, none for the bots
        for text in clocks.all_inner_texts():
            assert re.fullmatch(r"1 min|\d+ s", text), text  # said as people say it
    # The deciding seat's clock runs down in the browser, with no new page.
    running = pages[0].locator("td.clock.running time.seat-clock")
    before = running.inner_text()
    pages[0].wait_for_function(
        "was => document.querySelector('td.clock.running time.seat-clock').textContent !== was",
        arg=before,
    )

    # The minute passes at once: the clock's start and the turn's deadline
    # are put back by it, as the server's time source would have them.
    turn = Turn.objects.get(session=session)
    gone = timedelta(seconds=61)
    SeatClock.objects.filter(session=session, since__isnull=False).update(since=F("since") - gone)
    Turn.objects.filter(pk=turn.pk).update(deadline=turn.deadline - gone)
    assert turn.deadline - gone < timezone.now()
    expire_deadlines.delay()  # beat's expiry, in the worker
    wait_for(
        lambda: TableNote.objects.filter(session=session, kind="defaulted").exists(),
        what="the default",
    )
    said, decision = defaulted_lines(session)
    assert "ran out of time: the game's default decided for them." in said
    for page in pages:  # the polled table brings both
        page.locator("#log-lines li", has_text=said).wait_for()
        page.locator("#log-lines li", has_text=decision).first.wait_for()
    shot(pages[1], "clock-defaulted")
    session.refresh_from_db()
    assert any(s["seat"] == turn.seat and s["by"] != "driver" for s in session.actions)
    for page in pages:
        page.context.close()
