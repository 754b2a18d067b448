"""Issue 26: a tournament followed in a real browser from its creation and
sign-up to the final's table and the picture of the whole event: the
organiser creates a knockout and opens it, a driver signs up, the organiser
starts it through its confirmation page, real Celery workers race every
table and draw each next round, and the page shows the final's table
(linking to its live table) and the picture (SVG). Real headless Chromium."""

import pytest

from tests.browser.conftest import log_in, log_out, shot
from tests.conftest import make_driver
from tests.races.worker import wait_for
from tournaments.models import Round, Tournament
from tournaments.organise.signup import tournament_enter

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_knockout_from_sign_up_to_the_final_and_its_picture(
    live_server, browser_page, shared_cache, league, owner, workers
):
    make_driver("Ana")
    page, base = browser_page, live_server.url
    log_in(page, base, "olivia")
    page.goto(base + league.get_absolute_url())
    page.click("text=New tournament")
    page.select_option("#id_game", "formula_d")
    page.click("#game-form button[type=submit]")
    page.fill("#id_name", "Winter Knockout")
    page.select_option("#id_track", "paddock_ring")
    page.fill("#id_laps", "1")
    page.select_option("#id_format", "knockout")
    page.select_option("#id_table_size", "6")
    page.fill("#id_advance", "3")
    page.fill("#id_points", "10, 6, 4, 3, 2, 1")
    page.select_option("#id_seeding", "random")
    page.click("#tournament-form button[type=submit]")
    tournament = wait_for(lambda: Tournament.objects.filter(name="Winter Knockout").first())
    page.wait_for_url(base + tournament.get_absolute_url())

    page.click("text=Players, check-in and seeding")
    page.click("#stage-moves a")
    page.click("#confirm-form button[type=submit]")
    page.wait_for_url(base + tournament.get_absolute_url())
    page.click("text=Players, check-in and seeding")
    page.fill("#id_name", "Bot Zero")
    page.check("#id_bot")
    page.click("#enter-form button[type=submit]")
    assert "Bot Zero" in page.inner_text("#player-list")
    for n in range(1, 11):
        tournament_enter(tournament=tournament, name=f"Rival {n}", bot=True, actor=owner)
    log_out(page)

    log_in(page, base, "ana")
    page.goto(base + tournament.get_absolute_url())
    page.click("#sign-up-button")
    assert "You have a place." in page.inner_text("#sign-up")
    log_out(page)

    workers("tb", concurrency=2)
    log_in(page, base, "olivia")
    page.goto(base + tournament.get_absolute_url())
    page.click("#start-link")
    assert "Round 1 is drawn" in page.inner_text("#what-changes")
    page.click("#confirm-form button[type=submit]")
    page.wait_for_url(base + tournament.get_absolute_url())
    assert tournament.players.count() == 12

    def finished():
        tournament.refresh_from_db()
        return tournament.status == Tournament.Status.FINISHED

    wait_for(finished, timeout=300, every=1, what="the final")
    assert list(Round.objects.filter(tournament=tournament).values_list("part", flat=True)) == [
        "semi_final",
        "final",
    ]
    page.goto(base + tournament.get_absolute_url())
    assert page.inner_text("#current-title") == "Final"
    standings = page.inner_text("#tournament-standings")
    assert "Median-Buchholz" in page.content() and "Ana" in standings
    bracket = page.locator("#bracket")
    assert bracket.is_visible()
    assert "Semi-finals" in bracket.inner_html() and "Final" in bracket.inner_html()
    shot(page, "tournament-final")
    final = Round.objects.get(tournament=tournament, part="final").tables.get()
    page.click("#current-round >> text=Live table")
    page.wait_for_url(base + f"/sessions/{final.session_id}/")
    shot(page, "tournament-final-table")
