"""Issue 23: a destructive action walks through its confirmation page in a
real browser. The organiser withdraws a driver who scored: the page names
what changes (the results stay, the reserve takes the seat), "keep it"
changes nothing, confirming withdraws; the tables keep the driver's
points, and the league's history shows the change. Real headless Chromium."""

import pytest

from league.models import DriverStanding, Entry, LeagueChange
from league.organise.entries import entry_create
from races.models import Result, Session
from races.results.store import SeatResult, results_enter
from races.rounds.edits import round_create
from tests.browser.conftest import log_in, shot
from tests.conftest import make_driver, make_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organiser_withdraws_a_driver_through_the_confirmation_page(
    live_server, browser_page, shared_cache, league, owner
):
    season = make_season(league, slug="confirm", grid_size=2, fill_with_bots=False)
    ana, ben = (
        entry_create(season=season, driver=make_driver(name), car_number=n)
        for n, name in ((1, "Ana Silva"), (2, "Ben Ode"))
    )
    entry_create(season=season, driver=make_driver("Cid Reserve"), car_number=3, reserve=True)
    rnd = round_create(season=season, number=1, name="Opening GP", track="paddock_ring", laps=1)
    round_create(season=season, number=2, name="Second GP", track="paddock_ring", laps=1)
    results_enter(
        session=rnd.sessions.get(kind=Session.Kind.RACE),
        lines=[
            SeatResult(entry_id=e.pk, seat=f"car-{e.pk}", position=p, status="finished")
            for p, e in ((1, ana), (2, ben))
        ],
        user=owner,
    )
    page, base = browser_page, live_server.url
    log_in(page, base, "olivia")

    page.goto(base + f"/entries/{ana.pk}/edit/")
    page.click("#withdraw-link")
    changes = page.inner_text("#what-changes")
    assert "Ana Silva is marked withdrawn" in changes and "stay in the results" in changes
    assert "Cid Reserve, takes the seat" in changes
    shot(page, "confirm-withdrawal")

    page.click("text=Keep it as it is")  # nothing changes
    assert not Entry.objects.get(pk=ana.pk).withdrawn

    page.click("#withdraw-link")
    page.click("#confirm-form button[type=submit]")
    page.wait_for_url(base + season.get_absolute_url())
    assert "Ana Silva has withdrawn. Cid Reserve takes the seat." in page.inner_text(".messages")
    assert Entry.objects.get(pk=ana.pk).withdrawn
    assert Result.objects.filter(entry=ana).count() == 1
    assert DriverStanding.objects.get(entry=ana).points == 25

    page.goto(base + f"/l/{league.slug}/history/?topic=entry")
    table = page.inner_text("#history")
    assert "#1 Ana Silva withdrew" in table and "Withdrawn, results kept" in table
    assert LeagueChange.objects.filter(topic="entry", actor=owner).count() == 2
