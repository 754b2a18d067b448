"""Server push at the table (issue 25): two people in two browsers, polling
switched off, on a real ASGI web process (daphne) with a real Celery worker.
One person's move appears on the other's table by push alone; the web
process restarts mid-race and both tables reconnect (the same documents,
not reloaded) and go on."""

import time

import pytest

from league.organise.entries import entry_create
from races.models import Session, Turn
from races.rounds.edits import round_create
from races.running.controls import session_queue
from tests.browser.conftest import log_in, shot
from tests.browser.test_table import decide
from tests.conftest import make_driver, make_season
from tests.races.worker import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status
# Counted before any script of the page runs: each time the push socket opens.
OPENS = 'window.pushOpens = 0; document.addEventListener("htmx:wsOpen", () => window.pushOpens++);'
SIGNAL_WAIT_MS = 15_000  # a loaded machine's margin; the speed is bench/push.py's
DECISION_WAIT_S = 60


def open_table(chromium, server, username: str, session):
    context = chromium.new_context(viewport={"width": 1100, "height": 900})
    context.add_init_script(OPENS)
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, server.url, username)
    page.goto(f"{server.url}/sessions/{session.pk}/")
    page.wait_for_function("() => window.pushOpens >= 1")
    return page


def shown(page) -> str:
    """What the other's table shows: the live area's digest of the race."""
    return page.locator("#live").get_attribute("hx-get") or ""


def move_and_watch(pages, session) -> None:
    """Whoever has a decision on screen makes it; the other's table shows
    the race moved on, with no poll to bring it (the fallback is off).
    The worker plays four bots between two people's turns: a loaded
    machine is given a minute for it."""
    deadline = time.monotonic() + DECISION_WAIT_S
    while time.monotonic() < deadline:
        for mover, other in (pages, pages[::-1]):
            before = shown(other)
            if decide(mover) is not None:
                other.wait_for_function(
                    "(before) => document.querySelector('#live').getAttribute('hx-get') !== before",
                    arg=before,
                    timeout=SIGNAL_WAIT_MS,
                )
                return
        pages[0].wait_for_timeout(200)
    for n, page in enumerate(pages):
        shot(page, f"push-no-decision-{n}")
    turns = list(Turn.objects.filter(session=session).values("seat", "step", "user__username"))
    status = Session.objects.get(pk=session.pk).get_status_display()
    raise AssertionError(f"nobody had a decision on screen; race {status}, open turns {turns}")


def test_a_move_reaches_the_other_table_by_push_and_a_restart_is_survived(
    chromium, shared_cache, league, workers, web_servers
):
    season = make_season(
        league, slug="push", rules={"level": "basic"}, grid_size=6, live_play=True,
        decision_seconds=600,
    )  # fmt: skip
    for number, name in [(7, "Ana"), (3, "Ben")]:
        entry_create(season=season, driver=make_driver(name), car_number=number)
    rnd = round_create(season=season, number=1, name="Push GP", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    workers("online", CACHE_PREFIX=shared_cache)
    server = web_servers("browser", CACHE_PREFIX=shared_cache, PUSH_FALLBACK_POLLING="0")
    session_queue(session=session)
    wait_for(lambda: Session.objects.get(pk=session.pk).status == S.AWAITING, what="the start")

    pages = [open_table(chromium, server, name, session) for name in ("ana", "ben")]
    polls = []
    for page in pages:
        page.on("request", lambda r: polls.append(r.url) if "seen=" in r.url else None)
        assert page.locator("#push").get_attribute("data-fallback") == "off"
    polls.clear()
    move_and_watch(pages, session)
    shot(pages[1], "push-moved")
    # The table's public area came with the signal: no page fetched it
    # (only the drivers' own panels are asked for).
    area = f"/sessions/{session.pk}/?seen="
    assert not [url for url in polls if area in url]

    # Once the worker has played on and its news is fetched, nothing happens:
    # then no page asks anything (0 polls a minute per table).
    for _ in range(30):
        polls.clear()
        pages[0].wait_for_timeout(1_500)
        if not polls:
            break
    pages[0].wait_for_timeout(3_000)
    assert polls == []

    for page in pages:
        page.evaluate("window.sameDocument = true")
    server.restart()
    for page in pages:
        page.wait_for_function("() => window.pushOpens >= 2", timeout=60_000)
        assert page.evaluate("window.sameDocument === true")
    move_and_watch(pages, session)
    move_and_watch(pages, session)
    shot(pages[0], "push-after-restart")
