"""A person builds part of a Galaxy Trucker ship at the table by clicking
(draw a tile, turn it, click a cell of the ship's grid), finishes the ship,
then flies it through the flight's decisions by clicking choices, against a
bot building at the same time (GT-TBB-12), through a real Celery worker. No
visible text is ever a raw engine value. Screenshots of the building panel
at 1280 and 390 px go to artifacts/screenshots/."""

import time

import pytest

from races.models import Session, Turn
from tests.browser.conftest import shot
from tests.browser.test_table import (
    both_widths,
    finished,
    live_session,
    no_raw_values,
    start,
)

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status
PLACED = 3  # tiles welded by clicking before the ship is finished


def wait_next(page, step: str) -> None:
    try:
        page.wait_for_function(
            "step => !document.querySelector(`#cockpit input[name=step][value='${step}']`)",
            arg=step,
            timeout=20_000,
        )
    except Exception:
        shot(page, "table-galaxy-trucker-decision-not-taken")
        raise


def confirm_choice(page, form, words: str | None = None) -> None:
    """Pick the choice with these words (else the first that is not risky) and confirm."""
    labels = form.locator("label.choice")
    chosen = labels.filter(has_text=words) if words else form.locator("label.choice:not(.danger)")
    (chosen if chosen.count() else labels).first.click()
    assert form.locator(".choice-summary").inner_text().strip()
    form.locator("button.confirm").click()


def test_a_person_builds_by_clicking_cells_finishes_and_flies(
    live_server, chromium, shared_cache, league, workers, browser_page, capsys
):
    page = browser_page
    session = live_session(league, game="galaxy_trucker", rules={}, track="standard", grid=2)
    start(page, live_server, session, workers, shared_cache)
    assert Session.objects.get(pk=session.pk).config["build_mode"] == "simultaneous"
    placed, turned, shown, done_building = 0, False, False, False
    kinds = set()
    deadline = time.monotonic() + 600
    while Session.objects.get(pk=session.pk).status != S.FINISHED:
        if time.monotonic() > deadline:
            shot(page, "table-galaxy-trucker-stuck")
            turns = list(Turn.objects.filter(session=session).values("seat", "step", "kind"))
            raise AssertionError(f"the game did not finish in time; open turns: {turns}")
        form = page.locator("#cockpit form.panel")
        if form.count() == 0:
            time.sleep(0.2)
            continue
        step = form.locator("input[name=step]").get_attribute("value")
        kind = Turn.objects.filter(session=session).values_list("kind", flat=True).first()
        kinds.add(kind)
        no_raw_values(page)
        cells = form.locator("button.place:visible")
        if kind == "resolve_tile" and cells.count():
            if not shown:
                both_widths(page, "table-galaxy-trucker")
                shown = True
            if not turned:  # turn the tile once: another grid, other cells
                label = form.locator("fieldset.ship-grid:visible legend").inner_text()
                form.locator("button.turn-tile").click()
                assert form.locator("fieldset.ship-grid:visible legend").inner_text() != label
                turned = True
                cells = form.locator("button.place:visible")
            cells.first.click()
            placed += 1
        elif kind == "resolve_tile":
            confirm_choice(page, form, "Put it back face up")
        elif kind == "build_step" and placed < PLACED:
            confirm_choice(page, form, "Draw a face-down tile")
        elif kind == "build_step":
            confirm_choice(page, form, "Finish your ship")
            done_building = True
        else:
            confirm_choice(page, form)
        wait_next(page, step)
    assert placed >= PLACED and done_building
    assert {"build_step", "resolve_tile"} <= kinds and len(kinds) > 2
    placed_by_ana = [
        a for a in Session.objects.get(pk=session.pk).actions
        if a["by"] == "driver" and a["action"]["kind"] == "place"
    ]  # fmt: skip
    assert len(placed_by_ana) == placed
    finished(page, session, capsys)
    page.goto(page.url.split("/sessions/")[0] + session.round.get_absolute_url())
    page.wait_for_selector("text=How it was played")
    no_raw_values(page)
