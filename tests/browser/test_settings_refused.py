"""Settings the game cannot run are refused in the form where an organiser
makes them, next to the field, in words; nothing fails later in a worker.
Real headless Chromium."""

import pytest

from league.models import Entry, Season
from races.models import Round
from tests.browser.conftest import log_in, shot
from tests.conftest import make_season, scoring_presets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def season_form(page, base, league, game):
    page.goto(base + league.get_absolute_url())
    page.click("text=New season")
    page.select_option("#id_game", game)
    page.click("text=Next")
    page.fill("#id_name", f"{game} cup")
    page.select_option("#id_scoring", label="Formula 1 (2010 on)")


def test_an_organiser_sees_field_errors_for_settings_the_game_cannot_run(
    live_server, browser_page, shared_cache, league
):
    scoring_presets()
    page, base = browser_page, live_server.url
    log_in(page, base, "olivia")

    # A Heat grid of ten: Heat races at most six cars (HEAT-B-001).
    season_form(page, base, league, "heat")
    page.fill("#id_grid_size", "10")
    page.click("text=Create the season")
    assert "races 2 to 6 cars" in page.inner_text("#id_grid_size-error")
    assert not Season.objects.exists()

    # A team race with an odd field (FD-V-5): teams of two, an even grid.
    season_form(page, base, league, "formula_d")
    page.check("#id_team_mode")
    page.fill("#id_team_size", "2")
    page.fill("#id_grid_size", "9")
    page.check("#id_opt_team_race")
    page.click("text=Create the season")
    assert "even field" in page.inner_text("#id_grid_size-error")
    shot(page, "refused-team-race")
    assert not Season.objects.exists()

    # Heat has no qualifying lap: the round form does not offer one.
    heat = make_season(league, slug="heat", game="heat", grid_size=6)
    page.goto(base + heat.get_absolute_url())
    page.click("text=Add a round")
    formats = page.eval_on_selector_all("#id_qualifying_format option", "o => o.map(x => x.value)")
    assert "timed_lap" not in formats and "none" in formats

    # A grid from qualifying with no qualifying lap contradicts itself.
    fd = make_season(league, slug="fd", grid_size=6)
    page.goto(base + fd.get_absolute_url())
    page.click("text=Add a round")
    page.fill("#id_name", "Contradiction GP")
    page.select_option("#id_qualifying_format", "none")
    page.select_option("#id_grid_rule", "qualifying")
    page.click("button:has-text('Add the round')")
    assert "no qualifying lap" in page.inner_text("#id_grid_rule-error")
    assert not Round.objects.filter(season=fd).exists()


def test_a_driver_is_offered_a_car_build_only_where_the_rules_play_it(
    live_server, browser_page, shared_cache, league, driver_user
):
    basic = make_season(league, slug="basic", status="open")
    built = make_season(league, slug="built", status="open",
                        rules={"level": "advanced", "build_your_car": True})  # fmt: skip
    page, base = browser_page, live_server.url
    log_in(page, base, "dmitri")
    page.goto(base + basic.get_absolute_url())
    page.click("text=Join this season")
    assert page.locator("#id_setup_T").count() == 0
    page.goto(base + built.get_absolute_url())
    page.click("text=Join this season")
    page.fill("#id_car_number", "7")
    for key, value in {"T": 9, "Br": 3, "Gb": 3, "Bo": 3, "En": 3, "Su": 2}.items():
        page.fill(f"#id_setup_{key}", str(value))
    page.click("button:has-text('Join the season')")
    assert "exactly 20 points; this one has 23" in page.inner_text("#id_setup_T-error")
    assert not Entry.objects.exists()
