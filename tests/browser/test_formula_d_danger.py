"""A Formula D move that puts the driver's car out of the race asks again
(issue 24, item 3): it is never first in the list while a safe move is
offered, the confirm button shows a question naming the consequence instead
of sending it, "No" takes the pick back with nothing stored, and only "Yes"
makes the move. The spaces are picked on the board zoomed to them, each at
least 44 px across on a phone."""

import json
import time

import pytest

from races.models import Session
from tests.browser.test_table import decide, live_session, start

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status


def driver_actions(session) -> list[dict]:
    return [s["action"] for s in Session.objects.get(pk=session.pk).actions if s["by"] == "driver"]


def until_a_move_eliminates(page, session) -> None:
    """Gear up every turn (FD-B-4) until a corner comes too fast: a move
    panel with a choice that misses two stops (FD-B-8.6)."""
    deadline = time.monotonic() + 600
    while True:
        assert time.monotonic() < deadline, "a corner came too fast"
        assert Session.objects.get(pk=session.pk).status != S.FINISHED
        form = page.locator("#cockpit form.panel")
        if form.count() and form.get_attribute("data-widget") == "spaces":
            if form.locator("label.choice.danger").count():
                return
        if decide(page, top=6) is None:
            time.sleep(0.2)


def test_an_eliminating_move_asks_again_and_is_never_first(
    live_server, chromium, shared_cache, league, workers, browser_page
):
    page = browser_page
    session = live_session(
        league, game="formula_d", rules={"level": "basic"}, track="paddock_ring", grid=2
    )
    start(page, live_server, session, workers, shared_cache)
    until_a_move_eliminates(page, session)
    form = page.locator("#cockpit form.panel[data-widget=spaces]")
    choices = form.locator("label.choice")
    if form.locator("label.choice:not(.danger)").count():
        assert "danger" not in (choices.first.get_attribute("class") or "")

    # The board is the zoomed one, its targets at least 44 px across on a phone.
    page.set_viewport_size({"width": 390, "height": 844})
    target = page.locator("#cockpit .board-zoom svg circle.target").first
    box = target.bounding_box()
    assert box and box["width"] >= 43.5, box
    page.set_viewport_size({"width": 1280, "height": 900})

    danger = form.locator("label.choice.danger").last
    danger.click()
    chosen = json.loads(danger.locator("input").get_attribute("value"))
    before = driver_actions(session)
    form.locator("button.confirm").click()
    ask = form.locator(".danger-ask")
    ask.wait_for(state="visible")
    assert "out of the race" in ask.inner_text()
    page.wait_for_timeout(500)
    assert driver_actions(session) == before, "nothing is sent before the second yes"

    ask.locator(".danger-no").click()
    assert ask.is_hidden()
    assert form.locator("input[name=action]:checked").count() == 0
    assert driver_actions(session) == before

    step = form.locator("input[name=step]").get_attribute("value")
    danger.click()
    form.locator("button.confirm").click()
    ask.locator(".danger-yes").click()
    page.wait_for_function(
        "step => !document.querySelector(`#cockpit input[name=step][value='${step}']`)",
        arg=step,
        timeout=20_000,
    )
    assert driver_actions(session)[-1] == chosen
