"""A person programs a RoboRally robot at the table through a real Celery
worker by clicking what a player sees (issue 15, item 8): cards clicked into
the five registers, the path previewed on the floor from the placement
(RR-PROG-03), the program confirmed; a forged program (a card not in the
hand) is refused with the engine's sentence and changes nothing
(RR-API-03). The race is played to its end (a short one: RR-END-03) by
clicking every panel. No visible text is a raw engine value. Screenshots at
1280 and 390 px go to artifacts/screenshots/."""

import time

import pytest
from django.core.management import call_command

from league.organise.entries import entry_create
from races.models import Result, Session, Turn
from races.rounds.edits import round_create
from tests.browser.conftest import shot
from tests.browser.test_table import both_widths, no_raw_values, start
from tests.conftest import make_driver, make_season

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status


def live_session(league):
    """Ana against one greedy bot on Shakedown, a short race of three turns.
    The bot programs at once, so Ana is always the last to program and her
    timer runs (RR-PROG-05): the season gives it the whole decision time."""
    season = make_season(
        league, slug="roborally", game="roborally",
        rules={"max_turns": 3, "program_timer_seconds": 600}, grid_size=2,
        live_play=True, decision_seconds=600,
    )  # fmt: skip
    entry_create(season=season, driver=make_driver("Ana"), car_number=7)
    rnd = round_create(season=season, number=1, name="Evening run", track="shakedown")
    return rnd.sessions.get(kind=Session.Kind.RACE)


def wait_new_step(page, step: str) -> None:
    page.wait_for_function(
        "step => { const s = document.querySelector('#cockpit input[name=step]');"
        " return s && s.value !== step; }",
        arg=step,
        timeout=20_000,
    )


def program_by_clicking(page, form) -> None:
    """Click hand cards, in order, until every open register holds one."""
    cards = form.locator(".register-hand button.card")
    confirm = form.locator("button.confirm")
    for index in range(cards.count()):
        if confirm.is_enabled():
            break
        cards.nth(index).click()
    assert confirm.is_enabled(), "the registers are filled"


def decide(page) -> str | None:
    form = page.locator("#cockpit form.panel")
    if form.count() == 0:
        return None
    widget = form.get_attribute("data-widget")
    step = form.locator("input[name=step]").get_attribute("value")
    if widget == "registers":
        program_by_clicking(page, form)
    elif widget == "spaces":
        page.locator("#cockpit svg circle.target").first.click()
    else:
        keep = form.locator("label.choice", has_text="Keep running")
        (keep if keep.count() else form.locator("label.choice")).first.click()
    assert form.locator(".choice-summary").inner_text().strip()
    form.locator("button.confirm").click()
    try:
        wait_new_step(page, step)
    except Exception:
        if Session.objects.get(pk=int(page.url.rstrip("/").split("/")[-1])).status != S.FINISHED:
            shot(page, "table-roborally-decision-not-taken")
            raise
    return widget


def test_a_person_programs_a_robot_by_clicking_and_a_forged_program_changes_nothing(
    live_server, chromium, shared_cache, league, workers, browser_page, capsys
):
    page = browser_page
    session = live_session(league)
    start(page, live_server, session, workers, shared_cache)
    form = page.locator("#cockpit form.panel[data-widget=registers]")
    form.wait_for()
    no_raw_values(page)
    assert form.locator(".register-hand button.card").count() == 9
    assert form.locator("button.confirm").is_disabled(), "confirm waits for five cards"

    # Two cards clicked into registers 1 and 2, then the path shown.
    cards = form.locator(".register-hand button.card")
    first, second = cards.nth(0).get_attribute("data-card"), cards.nth(1).get_attribute("data-card")
    cards.nth(0).click()
    cards.nth(1).click()
    assert form.locator("#slot-1").input_value() == first
    assert form.locator("#slot-2").input_value() == second
    assert "Fill 3 more registers" in form.locator(".choice-summary").inner_text()
    step = form.locator("input[name=step]").get_attribute("value")
    form.locator("button.draft").click()
    wait_new_step(page, step)
    page.wait_for_selector("#cockpit .path-preview li")
    assert "After register 2" in page.locator("#cockpit .path-preview").inner_text()
    assert page.locator("#cockpit svg circle.target").count() >= 1
    form = page.locator("#cockpit form.panel[data-widget=registers]")
    assert form.locator("#slot-1").input_value() == first  # the placement is kept
    program_by_clicking(page, form)
    assert form.locator(".choice-summary").inner_text().startswith("Program: ")
    no_raw_values(page)
    both_widths(page, "table-roborally")

    # A forged program: register 5 names a card that is not in the hand.
    held = {cards.nth(i).get_attribute("data-card") for i in range(cards.count())}
    outside = next(str(c) for c in range(10, 850, 10) if str(c) not in held)
    page.evaluate(
        "card => { const s = document.querySelector('#slot-5');"
        " s.options[s.selectedIndex].value = card; }",
        outside,
    )
    before = list(Session.objects.get(pk=session.pk).actions)
    form.locator("button.confirm").click()
    page.wait_for_selector(f"#cockpit .error >> text=card {outside} is not in your hand")
    assert Session.objects.get(pk=session.pk).actions == before
    assert Turn.objects.filter(session=session).exists()
    no_raw_values(page)

    # Then the race is played to its end by clicking.
    widgets = set()
    deadline = time.monotonic() + 600
    while Session.objects.get(pk=session.pk).status != S.FINISHED:
        assert time.monotonic() < deadline, "the race finishes"
        widget = decide(page)
        if widget is None:
            time.sleep(0.2)
            continue
        widgets.add(widget)
        no_raw_values(page)
    assert "registers" in widgets
    session.refresh_from_db()
    programs = [s for s in session.actions if s["by"] == "driver"]
    assert {s["action"]["kind"] for s in programs} >= {"place", "program"}
    assert Result.objects.filter(session=session).count() == 2
    page.wait_for_selector("text=Results", timeout=20_000)
    no_raw_values(page)
    call_command("verify_session", session.pk)
    assert "hashes match" in capsys.readouterr().out
