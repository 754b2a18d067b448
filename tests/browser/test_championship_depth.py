"""An organiser and a steward run a season from the table, in real headless
Chromium: a round's result entered by hand, a CSV import with an error line
then fixed, a protest filed by a driver and decided by a steward, and a
season copied to next year's dates."""

import pytest

from league.models import DriverStanding, Season
from league.organise.entries import entry_create
from races.models import Penalty, Protest, Result, Session
from races.results.store import SeatResult, results_enter
from races.rounds.edits import round_create
from tests.browser.conftest import log_in, log_out, shot
from tests.conftest import make_driver, make_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table_season(league):
    season = make_season(league, slug="table", status="running", rules={"level": "basic"})
    grid = [
        entry_create(season=season, driver=make_driver(name), car_number=n)
        for n, name in [(3, "Ana Lopez"), (7, "Ben Ode"), (11, "Cid Roy")]
    ]
    rounds = [
        round_create(season=season, number=n, name=f"Round {n} GP", track="paddock_ring", laps=1)
        for n in (1, 2)
    ]
    return season, grid, rounds


def test_an_organiser_enters_a_round_by_hand(live_server, browser_page, shared_cache, table_season):
    season, (ana, ben, cid), rounds = table_season
    page, base = browser_page, live_server.url
    log_in(page, base, "olivia")
    page.goto(base + rounds[0].get_absolute_url())
    page.click("text=Enter the result by hand")
    page.fill(f"#id_car{ben.pk}-position", "1")
    page.check(f"#id_car{ben.pk}-fastest_lap")
    page.fill(f"#id_car{ana.pk}-position", "2")
    page.fill(f"#id_car{cid.pk}-position", "2")  # a mistake: two seconds
    page.click("button:has-text('Store the result')")
    assert "Give places 1 to 3, each once." in page.inner_text("#entry-errors")
    assert not Result.objects.exists()
    page.fill(f"#id_car{cid.pk}-position", "3")
    page.select_option(f"#id_car{cid.pk}-status", "eliminated")
    shot(page, "results-entry")
    page.click("button:has-text('Store the result')")
    page.wait_for_selector("text=The result is stored and the standings are updated.")
    table = page.inner_text("table.results")
    assert table.index("Ben Ode") < table.index("Ana Lopez") < table.index("Cid Roy")
    assert "Retired" in table
    page.goto(base + f"/l/{season.league.slug}/{season.slug}/standings/")
    first = page.inner_text("#driver-standings tbody tr:first-child")
    assert "Ben Ode" in first and "25" in first
    assert DriverStanding.objects.get(entry=ben).points == 25


def test_a_csv_import_with_an_error_line_is_fixed_then_stored(
    live_server, browser_page, shared_cache, table_season, tmp_path
):
    season, (ana, ben, cid), rounds = table_season
    race = rounds[1].sessions.get(kind=Session.Kind.RACE)
    page, base = browser_page, live_server.url
    log_in(page, base, "stefan")  # a steward
    page.goto(base + rounds[1].get_absolute_url())
    page.click("text=Import a CSV result")
    bad = tmp_path / "round2.csv"
    bad.write_text("car,position,status\n11,1,finished\n3,2,finished\n8,3,finished\n")
    page.set_input_files("#id_file", str(bad))
    page.click("button:has-text('Check the file')")
    errors = page.inner_text("#import-errors")
    assert "Line 4: car #8 has no entry in this season." in errors
    shot(page, "results-import-error")
    assert not Result.objects.filter(session=race).exists()
    page.fill("#id_text", "car,position,status\n11,1,finished\n3,2,finished\n7,3,DNF\n")
    page.click("button:has-text('Check the file')")
    assert "Preview: store this result?" in page.inner_text("#import-preview")
    shot(page, "results-import-preview")
    page.click("#import-preview button:has-text('Store the result')")
    page.wait_for_selector("text=The imported result is stored")
    winner = Result.objects.get(session=race, position=1)
    assert winner.entry == cid and winner.points == 25
    race.refresh_from_db()
    assert race.entered_by.username == "stefan"


def test_a_driver_files_a_protest_and_a_steward_decides_it(
    live_server, browser_page, shared_cache, table_season, owner
):
    season, (ana, ben, cid), rounds = table_season
    race = rounds[0].sessions.get(kind=Session.Kind.RACE)
    results_enter(
        session=race,
        lines=[
            SeatResult(entry_id=e.pk, seat=f"car{e.car_number}", position=i, status="finished")
            for i, e in enumerate([ana, ben, cid], start=1)
        ],
        user=owner,
    )
    page, base = browser_page, live_server.url
    log_in(page, base, "ben_ode")
    page.goto(base + f"/sessions/{race.pk}/?step=4")
    page.select_option("#id_against", label="#3 Ana Lopez")
    page.fill("#id_description", "Ana pushed me into the wall at the hairpin.")
    page.click("button:has-text('Send the report to the stewards')")
    page.wait_for_selector("text=Your report is with the stewards.")
    assert "Waiting for the stewards" in page.inner_text("#stewarding")
    protest = Protest.objects.get()
    assert protest.step == 4 and protest.against == ana
    log_out(page)

    log_in(page, base, "stefan")
    page.goto(base + f"/sessions/{race.pk}/")
    form = f"#decide-{protest.pk}"
    page.check(f"{form} input[value=upheld]")
    page.fill(f"#protest{protest.pk}_decision", "Avoidable contact: five points.")
    page.select_option(f"#protest{protest.pk}_kind", "points")
    page.fill(f"#protest{protest.pk}_points", "5")
    shot(page, "protest-decision")
    page.click("button:has-text('Publish the decision')")
    page.wait_for_selector("text=The stewards' decision is published.")
    history = page.inner_text("#stewarding")
    assert "Upheld" in history and "Avoidable contact: five points." in history
    assert "−5 points" in history
    assert Penalty.objects.get().entry == ana
    assert DriverStanding.objects.get(entry=ana).points == 20
    log_out(page)
    page.goto(base + f"/sessions/{race.pk}/")  # public history
    assert "Avoidable contact" in page.inner_text("#stewarding")


def test_an_organiser_copies_a_season_to_next_year(
    live_server, browser_page, shared_cache, table_season
):
    season, grid, rounds = table_season
    page, base = browser_page, live_server.url
    log_in(page, base, "olivia")
    page.goto(base + season.get_absolute_url())
    page.click("text=Copy the season")
    page.fill("#id_name", "Table Season 2032")
    page.fill("#id_first_at", "2032-01-06T20:00")
    page.check("#id_with_entries")
    page.click("button:has-text('Copy')")
    # The copy is confirmed on its own page first (issue 26: what moves).
    page.click("#confirm-form button[type=submit]")
    page.wait_for_selector("text=Table Season 2032 is ready as a draft")
    shot(page, "season-copy")
    copy = Season.objects.get(name="Table Season 2032")
    assert copy.rounds.count() == 2 and copy.entries.count() == 3
    calendar = page.inner_text("table.calendar")
    assert "Round 1 GP" in calendar and "2032" in calendar
    entries = page.inner_text("#entry-list")
    assert "Ana Lopez" in entries and "Cid Roy" in entries
