"""RoboRally's turn told register by register at the table, in a real
browser through a real worker (issue 24, item 2): a person programs a turn
by clicking cards into registers, and once the turn has run the table tells
it step by step: the programs, then each register with its cards revealed
highest priority first and its moves, pushes and shots in the order they
ran, with the board after each; stepped with the buttons and the arrow
keys. No coordinate shows anywhere."""

import re

import pytest

from races.models import Session
from races.replay.names import seat_names
from races.rules import get_presentation
from races.running.seats import seat_records
from races.table.live_races import live_race
from tests.browser.test_roborally_table import live_session, program_by_clicking
from tests.browser.test_table import no_raw_values, start

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]
COORDINATES = re.compile(r"\(\s*\d+\s*,\s*\d+\s*\)|column \d+, row \d+|\b\d{3,} seconds\b")


def told_by_the_race(session) -> list[list[str]]:
    """What the table must tell: the turn's sentences step by step, from
    the race as the engine ran it."""
    session.refresh_from_db()
    presentation = get_presentation("roborally")
    names = seat_names(seat_records(session.seats))
    with live_race(session) as (_game, race):
        events = [e.to_dict() for e in race.events]
    words = presentation.words
    return [
        [words.sentence(e, names, session.config) for e in step if words.told(e)]
        for step in words.story_steps(events)
    ]


SHOWN = """() => {
  const steps = [...document.querySelectorAll('#turn-story .story-step')]
    .filter(s => s.offsetParent !== null);
  return steps.map(s => ({
    title: s.querySelector('.story-title').innerText,
    lines: [...s.querySelectorAll('.story-events li')].map(li => li.innerText.trim()),
    priorities: [...s.querySelectorAll('.revealed .priority')].map(p => +p.innerText),
    board: (s.querySelector('svg.scene')?.getBoundingClientRect().width || 0) > 100,
  }));
}"""


def shown_step(page) -> tuple[str, list[str], list[int]]:
    """The step on screen, read at one moment (the live area is redrawn
    every second)."""
    steps = page.evaluate(SHOWN)
    assert len(steps) == 1, "one step at a time"
    assert steps[0]["board"], "the board after the step"
    return steps[0]["title"], steps[0]["lines"], steps[0]["priorities"]


def test_the_table_tells_a_programmed_turn_register_by_register(
    live_server, chromium, shared_cache, league, workers, browser_page
):
    page = browser_page
    session = live_session(league)
    start(page, live_server, session, workers, shared_cache)
    form = page.locator("#cockpit form.panel[data-widget=registers]")
    form.wait_for()
    assert page.locator("#turn-story").count() == 0, "no turn has run yet"
    program_by_clicking(page, form)
    form.locator("button.confirm").click()
    page.wait_for_selector("#turn-story .story-controls:not([hidden])", timeout=30_000)
    expected = told_by_the_race(session)
    assert len(expected) == 6, "the programs, then five registers"

    assert page.locator("#story-first").is_disabled(), "the telling starts at the programs"
    for number, said in enumerate(expected):
        title, lines, priorities = shown_step(page)
        assert lines == (said or ["Nothing happens."]), f"step {number}: {title}"
        if number:
            assert f"register {number}" in title
            assert len(priorities) == 2 and priorities == sorted(priorities, reverse=True)
        if number < len(expected) - 1:
            # Forward by button, or by the arrow key once the buttons have focus.
            if number % 2:
                page.locator("#story-next").click()
            else:
                page.locator("#story-next").focus()
                page.keyboard.press("ArrowRight")
    assert page.locator("#story-next").is_disabled(), "the last register is the end"
    page.keyboard.press("Home")
    assert "register" not in shown_step(page)[0]
    text = page.inner_text("body")
    assert not COORDINATES.search(text), COORDINATES.search(text)
    no_raw_values(page)
    assert Session.objects.get(pk=session.pk).status != Session.Status.FAILED
