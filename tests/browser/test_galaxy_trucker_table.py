"""A person plays a whole Galaxy Trucker game at the table against a bot,
through a real Celery worker, building by sight: draw a tile, turn the
drawn tile's picture until the ship offers a cell for it, and click that
cell (GT-TBB-05); a tile no cell takes without breaking a rule goes back
face up. The cells that would break a rule are never clicked, so the ship
passes every structural check with nothing removed (GT-CHK-01..04). Then
the flight's decisions are taken by clicking choices. The live table draws
the ship as it grows and says the game is building; no visible text is a
raw engine value or a coordinate. Screenshots of the building panel at
1280 and 390 px go to artifacts/screenshots/."""

import re
import time

import pytest

from league.organise.entries import entry_create
from races.models import Session, Turn
from races.replay.steps import session_events
from races.rounds.edits import round_create
from tests.browser.conftest import shot
from tests.browser.test_table import (
    both_widths,
    finished,
    no_raw_values,
    start,
)
from tests.conftest import make_driver, make_season

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status
PER_ROUND = 3  # tiles welded by clicking in each round before the ship is finished
LOSSES = ("tiles_removed", "ship_split", "fragment_kept", "reserve_forfeited")
COORDINATES = re.compile(r"\(\d+, ?\d+\)|\bcolumn \d+|\brow \d+")


def whole_game(league) -> Session:
    """Ana against a bot, live, for the whole game: three rounds (GT-VAR-01)."""
    season = make_season(
        league, slug="galaxy-trucker", game="galaxy_trucker", rules={}, grid_size=2,
        live_play=True, decision_seconds=600,
    )  # fmt: skip
    entry_create(season=season, driver=make_driver("Ana"), car_number=7)
    rnd = round_create(season=season, number=1, name="Evening GP", track="standard", laps=3)
    return rnd.sessions.get(kind=Session.Kind.RACE)


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
    labels = form.locator("fieldset.choices label.choice")
    safe = form.locator("fieldset.choices label.choice:not(.danger)")
    chosen = labels.filter(has_text=words) if words else safe
    (chosen if chosen.count() else labels).first.click()
    assert form.locator(".choice-summary").inner_text().strip()
    form.locator("button.confirm").click()


def weld_by_sight(form, first_turns: int) -> tuple[bool, int]:
    """Turn the tile's picture `first_turns` times, then click a cell the
    ship offers for it, turning on until one shows: (welded, turns taken)."""
    turns = 0
    for attempt in range(first_turns + 4):
        cells = form.locator("button.place:visible")
        if cells.count() and attempt >= first_turns:
            hand = form.locator("fieldset.ship-grid:visible .hand svg").get_attribute("aria-label")
            assert hand and not COORDINATES.search(hand)
            cells.first.click()
            return True, turns
        turn = form.locator("button.turn-tile")
        if not turn.count() or not turn.is_visible():
            return False, turns
        label = form.locator("fieldset.ship-grid:visible legend").inner_text()
        turn.click()
        assert form.locator("fieldset.ship-grid:visible legend").inner_text() != label
        turns += 1
    return False, turns


def ship_tiles_drawn(page) -> int:
    """Tiles drawn on the live table's ships and legend (each tile's body
    is one piece of its kind's path)."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll("#live svg path.tile-body"))
            .reduce((n, p) => n + (p.getAttribute("d").match(/M/g) || []).length, 0)"""
    )


def sand_running(page) -> bool:
    """The sand timer in words and a glass whose top half holds the sand
    left (static/js/sand_timer.js sets it), no more than a full half."""
    glass = page.locator("#sand-timer svg.sand-glass .sand-top")
    if glass.count() == 0:
        return False
    words = page.locator("#sand-timer time.sand-words").inner_text().strip()
    height = float(glass.get_attribute("height") or "nan")
    return bool(words) and 0 <= height <= 30


def test_a_person_builds_by_sight_and_the_ship_passes_every_check(
    live_server, chromium, shared_cache, league, workers, browser_page, capsys
):
    page = browser_page
    session = whole_game(league)
    start(page, live_server, session, workers, shared_cache)
    assert Session.objects.get(pk=session.pk).config["build_mode"] == "simultaneous"
    welded: dict[int, int] = {}
    turned, shown, drawn_live, said_building = 0, False, 0, False
    sand_seen = False  # the hourglass's sand running down (GT-TBB-03 in real seconds)
    kinds = set()
    deadline = time.monotonic() + 900
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
        number = (Session.objects.get(pk=session.pk).progress or {}).get("round") or 0
        kinds.add(kind)
        no_raw_values(page)
        assert not COORDINATES.search(page.inner_text("body"))
        if kind in ("build_step", "resolve_tile"):
            said_building = said_building or "building the ships" in page.inner_text("#live")
            drawn_live = max(drawn_live, ship_tiles_drawn(page))
            sand_seen = sand_seen or sand_running(page)
        if kind == "resolve_tile":
            if not shown and form.locator("button.place").count():
                both_widths(page, "table-galaxy-trucker")
                shown = True
            done, turns = weld_by_sight(form, sum(welded.values()) % 2)
            turned += turns
            if done:
                welded[number] = welded.get(number, 0) + 1
            else:
                confirm_choice(page, form, "Put it back face up")
        elif kind == "build_step" and welded.get(number, 0) < PER_ROUND:
            confirm_choice(page, form, "Draw a face-down tile")
        elif kind == "build_step":
            confirm_choice(page, form, "Finish your ship")
        else:
            confirm_choice(page, form)
        wait_next(page, step)
    assert sum(welded.values()) >= PER_ROUND and turned > 0
    assert {"build_step", "resolve_tile"} <= kinds
    assert len(welded) == 3  # a ship built by sight in every round
    # Both ships (the two starting cabins and what was welded) drawn live, beside the legend.
    assert drawn_live > 13 + 2 and said_building and sand_seen
    session.refresh_from_db()
    ana = next(s["id"] for s in session.seats if s.get("kind") == "human")
    placed = [a for a in session.actions if a["by"] == "driver" and a["action"]["kind"] == "place"]
    assert len(placed) == sum(welded.values())
    checks, losses, checking = [], [], False
    for event in session_events(session):  # from the end of building to take-off
        checking = event["type"] != "rockets_placed" and (
            checking or event["type"] == "building_ended"
        )
        if checking and event.get("seat") == ana:
            checks += [event] if event["type"] == "ship_checked" else []
            losses += [event] if event["type"] in LOSSES else []
    assert len(checks) >= len(welded) and all(e["data"]["violations"] == [] for e in checks), checks
    assert not losses, losses
    finished(page, session, capsys)
    page.goto(page.url.split("/sessions/")[0] + session.round.get_absolute_url())
    page.wait_for_selector("text=How it was played")
    no_raw_values(page)
    assert page.locator(".picture svg.tile-picture").count() > 2
