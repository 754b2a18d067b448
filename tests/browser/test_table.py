"""A person plays a whole Heat race and a whole Formula D race against bots
at the table, through a real Celery worker, only by clicking (or keying)
what a player sees: cards, the gear stick, spaces on the board, choices and
the confirm button. No visible text is ever a raw engine value. Screenshots
of both tables at 1280 and 390 px go to artifacts/screenshots/."""

import itertools
import re
import time

import pytest
from django.core.management import call_command

from league.organise.entries import entry_create
from races.models import Result, Session, Turn
from races.rounds.edits import round_create
from races.running.controls import session_queue
from tests.browser.conftest import log_in, shot
from tests.conftest import make_driver, make_season
from tests.races.worker import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status
RAW = re.compile(r"\[\'|\bTrue\b|\bFalse\b|r\d+l\d|\w+\.S\d")


def no_raw_values(page) -> None:
    text = page.inner_text("body")
    found = RAW.search(text)
    assert found is None, f"raw engine value on the page: {found.group(0)!r}"


def pick_cards(form) -> None:
    """Tick cards as a player would until the confirm button accepts them,
    reading the words shown: a few tries for a play that pays no Heat."""
    confirm = form.locator("button.confirm")
    if confirm.is_enabled():
        return  # nothing to pick is a legal choice (keep every card)
    cards = form.locator("label.card:not(.fixed)")
    wanted = int(form.get_attribute("data-min") or 1)
    accepted = []
    for combo in itertools.combinations(range(cards.count()), wanted):
        for index in combo:
            cards.nth(index).click()
        if confirm.is_enabled():
            words = form.locator(".choice-summary").inner_text()
            if "stops before" in words or "no Heat" in words or len(accepted) >= 12:
                return
            accepted.append(combo)
        for index in combo:
            cards.nth(index).click()
    assert accepted, "no pick of cards was accepted"
    # The panel may be drawn again while the cards are tried (another seat
    # decided): tick the first accepted pick on the panel as it is now.
    for _ in range(3):
        for index in accepted[0]:
            if not cards.nth(index).locator("input").is_checked():
                cards.nth(index).click()
        if confirm.is_enabled():
            return


def pick_gear(form, top: int) -> None:
    """One gear up when it is free and at most `top`, else the gear the car is in."""
    gears = form.locator("label.gear")
    numbers = [int(gears.nth(i).locator(".gear-number").inner_text()) for i in range(gears.count())]
    costs = [gears.nth(i).locator(".cost").inner_text() for i in range(gears.count())]
    current = form.locator("label.gear.current .gear-number")
    now = int(current.inner_text()) if current.count() else numbers[0]
    up = [i for i, n in enumerate(numbers) if n == now + 1 and n <= top and costs[i] == "free"]
    same = [i for i, n in enumerate(numbers) if n == now]
    gears.nth((up or same or [0])[0]).click()


def pick_space(page, form) -> None:
    targets = page.locator("#cockpit svg circle.target:not(.danger)")
    if targets.count():
        targets.first.click()
    else:
        form.locator("label.choice").first.click()


def pick_choice(form) -> None:
    """A careful driver's choice: cool down, end the step, stay out of the
    slipstream; else the first safe choice that spends no Heat."""
    for words in ("Cool down", "End the step", "No slipstream"):
        careful = form.locator("label.choice", has_text=words)
        if careful.count():
            careful.first.click()
            return
    safe = form.locator("label.choice:not(.danger)", has_not_text="Boost")
    (safe if safe.count() else form.locator("label.choice")).first.click()


def decide(page, keyboard: bool = False, top: int = 3) -> str | None:
    """Make the decision on screen, if there is one; returns its widget."""
    form = page.locator("#cockpit form.panel")
    if form.count() == 0:
        return None
    # A panel just swapped in is set up by the page's script as it settles
    # (its confirm button waits for a legal choice from then on).
    try:
        page.wait_for_selector("#cockpit form.panel[data-ready]", timeout=5_000)
    except Exception:
        return None  # drawn again meanwhile: the caller asks again
    widget = form.get_attribute("data-widget")
    step = form.locator("input[name=step]").get_attribute("value")
    # A mark on this drawing of the panel: gone if the panel is drawn again.
    form.evaluate("f => { f.dataset.picking = '1'; }")
    keyboard = keyboard and widget in ("gear_stick", "spaces")
    if keyboard and widget == "gear_stick":
        gears = form.locator("input[name=action]")
        gears.first.focus()
        # Space picks the gear under the focus; the arrows then move the pick
        # across the gears. A lone legal gear (a seed in twenty starts so) has
        # nowhere to move: Chromium's arrows then pick nothing.
        page.keyboard.press("Space")
        if gears.count() > 1:
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Tab")
        on_confirm = page.evaluate("document.activeElement.classList.contains('confirm')")
        if not on_confirm and page.locator("#cockpit form.panel[data-picking]").count() == 0:
            # The panel was drawn again under the player's keys (the focus
            # went with the old one): the caller asks again, keys first.
            shot(page, "table-keyboard-redrawn")
            return None
        assert on_confirm, "Tab from the gear stick reaches Confirm"
    elif keyboard:  # a space on the board: focus it, Enter picks it
        page.locator("#cockpit svg circle.target:not(.danger)").first.focus()
        page.keyboard.press("Enter")
        form.locator("button.confirm").focus()
    elif widget == "cards":
        pick_cards(form)
    elif widget == "gear_stick":
        pick_gear(form, top)
    elif widget == "spaces":
        pick_space(page, form)
    else:
        pick_choice(form)
    assert form.locator("button.confirm").is_enabled()
    # The page's script says the choice in words as it is made (give a
    # loaded machine a moment to run it).
    try:
        page.wait_for_function(
            "() => document.querySelector('#cockpit .choice-summary')?.innerText.trim()",
            timeout=5_000,
        )
    except Exception:
        shot(page, "table-choice-unsaid")
        if page.locator("#cockpit form.panel[data-picking]").count() == 0:
            # The panel was drawn again under the player's hand (a new turn
            # came): pick again on the panel as it now stands.
            return decide(page, keyboard=False, top=top)
    summary = form.locator(".choice-summary").inner_text()
    assert summary.strip(), "the choice's words show before confirming"
    if keyboard:
        page.keyboard.press("Enter")
    else:
        try:
            form.locator("button.confirm").click(timeout=5_000)
            ask = form.locator(".danger-ask:not([hidden])")
            if ask.count():  # the only moves left put the car out: say yes
                ask.locator(".danger-yes").click()
        except Exception:
            # The panel was drawn again under the player's hand (its picks
            # gone): pick again on the panel as it now stands, as a player would.
            shot(page, "table-panel-redrawn")
            return decide(page, keyboard=False, top=top)
    try:
        page.wait_for_function(
            "step => !document.querySelector(`#cockpit input[name=step][value='${step}']`)",
            arg=step,
            timeout=20_000,
        )
    except Exception:
        shot(page, "table-decision-not-taken")
        raise
    # After Confirm the focus stays in the panel (its first control, or the
    # panel while it waits), never the page's body (issue 24).
    page.wait_for_function(
        "() => !!document.activeElement && !!document.activeElement.closest('#cockpit')",
        timeout=5_000,
    )
    return widget


def both_widths(page, name: str) -> None:
    shot(page, f"{name}-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 400, "no sideways scroll"
    shot(page, f"{name}-390")
    page.set_viewport_size({"width": 1280, "height": 900})


PANEL_MISSED_S = 60  # a decision owed this long and never shown: the push missed it


def play_to_the_end(page, session, name: str, shown: str) -> set[str]:
    """Decide every turn until the race is over; screenshot the first `shown`
    panel. Fails when the page never shows a decision the driver owes."""
    widgets: set[str] = set()
    deadline = time.monotonic() + 900
    first, waiting = True, None
    while Session.objects.get(pk=session.pk).status != S.FINISHED:
        if time.monotonic() > deadline:
            shot(page, f"{name}-stuck")
            turns = list(Turn.objects.filter(session=session).values("seat", "step", "kind"))
            raise AssertionError(f"the race did not finish in time; open turns: {turns}")
        form = page.locator("#cockpit form.panel")
        if form.count() and form.get_attribute("data-widget") == shown and shown not in widgets:
            no_raw_values(page)
            both_widths(page, name)
        widget = decide(page, keyboard=first)
        if widget is None:
            owed = Turn.objects.filter(session=session).exists()
            waiting = (waiting or time.monotonic()) if owed else None
            if waiting and time.monotonic() - waiting > PANEL_MISSED_S:
                shot(page, f"{name}-panel-missed")
                raise AssertionError("the driver's panel never showed the decision they owe")
            time.sleep(0.2)
            continue
        waiting = None
        first = False
        widgets.add(widget)
        no_raw_values(page)
    return widgets


def live_session(league, *, game, rules, track, grid, scoring="formula-1-2010"):
    season = make_season(
        league, slug=game.replace("_", "-"), game=game, rules=rules, grid_size=grid,
        live_play=True, decision_seconds=600, scoring=scoring,
    )  # fmt: skip
    entry_create(season=season, driver=make_driver("Ana"), car_number=7)
    rnd = round_create(season=season, number=1, name="Evening GP", track=track, laps=1)
    return rnd.sessions.get(kind=Session.Kind.RACE)


def start(page, live_server, session, workers, shared_cache):
    workers("online", CACHE_PREFIX=shared_cache)
    session_queue(session=session)
    wait_for(lambda: Session.objects.get(pk=session.pk).status == S.AWAITING, what="the start")
    log_in(page, live_server.url, "ana")
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    page.wait_for_selector("#cockpit")


def finished(page, session, capsys) -> None:
    session.refresh_from_db()
    assert session.status == S.FINISHED, session.error
    assert any(s["by"] == "driver" for s in session.actions)
    assert Result.objects.filter(session=session).count() == len(session.seats)
    page.wait_for_selector("text=Results", timeout=20_000)
    no_raw_values(page)
    call_command("verify_session", session.pk)
    assert "hashes match" in capsys.readouterr().out


def test_a_person_plays_a_whole_heat_race_with_the_cards_in_hand(
    live_server, chromium, shared_cache, league, workers, browser_page, capsys
):
    session = live_session(league, game="heat", rules={}, track="usa", grid=2)
    start(browser_page, live_server, session, workers, shared_cache)
    widgets = play_to_the_end(browser_page, session, "table-heat", "cards")
    assert {"cards", "gear_stick"} <= widgets
    finished(browser_page, session, capsys)


def test_a_person_plays_a_whole_formula_d_race_with_the_gear_stick_and_the_board(
    live_server, chromium, shared_cache, league, workers, browser_page, capsys
):
    session = live_session(
        league, game="formula_d", rules={"level": "basic"}, track="paddock_ring", grid=2
    )
    start(browser_page, live_server, session, workers, shared_cache)
    widgets = play_to_the_end(browser_page, session, "table-formula-d", "spaces")
    assert {"gear_stick", "spaces"} <= widgets
    finished(browser_page, session, capsys)
