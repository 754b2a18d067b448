"""Issue 26, item 2, in a real browser: an organiser splits a season into
two divisions by hand, sees each division's table once its first round has
results, and copies the season through the confirmation page, which names
who is promoted and who is relegated; the copy puts them there. Real
headless Chromium; axe and the content security policy watch every page."""

import pytest

from league.models import Division, Entry, Season
from league.organise.entries import entry_create
from races.models import Session
from races.results.store import SeatResult, results_enter
from races.rounds.edits import round_create
from tests.browser.conftest import log_in, shot
from tests.conftest import make_driver, make_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ana Silva", "Ben Ode", "Cid Marsh", "Dan Roe", "Eva Lind", "Finn Hale"]


def test_an_organiser_splits_a_season_and_copies_it_with_promotion_and_relegation(
    live_server, browser_page, shared_cache, league, owner
):
    season = make_season(league, slug="split", grid_size=3, fill_with_bots=False, promotion=1)
    for number, name in enumerate(NAMES, start=1):
        entry_create(season=season, driver=make_driver(name), car_number=number)
    rnd = round_create(season=season, number=1, name="Opening GP", track="paddock_ring", laps=1)
    page, base = browser_page, live_server.url
    log_in(page, base, "olivia")

    # The split, by hand: cars 1 to 3 in Gold, 4 to 6 in Silver.
    page.goto(base + season.get_absolute_url())
    page.click("text=Split into divisions")
    page.fill("#id_count", "2")
    page.select_option("#id_by", "hand")
    page.fill("#id_cars", "1, 2, 3\n4 5 6")
    page.fill("#id_names", "Gold, Silver")
    page.click("form.form button[type=submit]")
    page.wait_for_url(base + season.get_absolute_url())
    assert "Divisions: Gold, Silver." in page.inner_text(".messages")
    gold, silver = Division.objects.filter(season=season).order_by("number")
    assert [e.car_number for e in Entry.objects.filter(division=silver)] == [4, 5, 6]

    # Each division's race of the round: the last of each finishes third.
    for division, order in ((gold, [1, 2, 3]), (silver, [4, 5, 6])):
        entries = {e.car_number: e for e in Entry.objects.filter(division=division)}
        results_enter(
            session=rnd.sessions.get(kind=Session.Kind.RACE, division=division),
            lines=[
                SeatResult(
                    entry_id=entries[car].pk, seat=f"car-{car}", position=p, status="finished"
                )
                for p, car in enumerate(order, start=1)
            ],  # fmt: skip
            user=owner,
        )
    page.goto(base + season.get_absolute_url())
    tables = page.locator("table:has(caption)")
    assert page.locator("caption", has_text="Gold").count() == 1
    assert page.locator("caption", has_text="Silver").count() == 1
    gold_table = tables.filter(has=page.locator("caption", has_text="Gold")).inner_text()
    silver_table = tables.filter(has=page.locator("caption", has_text="Silver")).inner_text()
    assert "Ana Silva" in gold_table and "Dan Roe" not in gold_table
    assert "Dan Roe" in silver_table and "Ana Silva" not in silver_table
    shot(page, "divisions-tables")

    # The round page: each division's race under its own heading.
    page.goto(base + rnd.get_absolute_url())
    assert page.locator("h2", has_text="Gold — Race").count() == 1
    assert page.locator("h2", has_text="Silver — Race").count() == 1

    # The copy asks first, naming who goes up and who goes down (one each).
    page.goto(base + season.get_absolute_url())
    page.click("text=Copy the season")
    page.fill("#id_name", "Next Season")
    page.click("form.form button[type=submit]")
    changes = page.inner_text("#what-changes")
    assert "#3 Cid Marsh moves down to Silver." in changes
    assert "#4 Dan Roe moves up to Gold." in changes
    assert not Season.objects.filter(name="Next Season").exists()
    shot(page, "divisions-copy-confirmation")
    page.click("#confirm-form button[type=submit]")
    copy = Season.objects.get(league=league, name="Next Season")
    page.wait_for_url(base + copy.get_absolute_url())
    placed = {
        e.driver.name: e.division.name
        for e in Entry.objects.filter(season=copy).select_related("driver", "division")
    }
    assert placed == {
        "Ana Silva": "Gold", "Ben Ode": "Gold", "Dan Roe": "Gold",
        "Cid Marsh": "Silver", "Eva Lind": "Silver", "Finn Hale": "Silver",
    }  # fmt: skip
