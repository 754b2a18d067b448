"""An organiser sets up a season, drivers join and form a team, a race runs
through a real Celery worker while the live page fills its progress bar, the
standings show the points, and the replay steps forward and back: all in
real headless Chromium."""

import re

import pytest
from django.urls import reverse

from league.models import DriverStanding, Entry, Season, Team
from league.organise.entries import entry_create
from races.models import Result, Round, Session
from races.rounds.edits import round_create
from tests.browser.conftest import log_in, log_out, shot
from tests.conftest import make_driver, make_season, scoring_presets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organiser_builds_a_season_and_two_drivers_join_as_a_team(
    live_server, browser_page, shared_cache, league, driver_user, visitor
):
    scoring_presets()
    page, base = browser_page, live_server.url
    log_in(page, base, "olivia")
    page.goto(base + league.get_absolute_url())
    page.click("text=New season")
    page.select_option("#id_game", "formula_d")
    page.click("text=Next")
    page.fill("#id_name", "Spring Cup")
    page.select_option("#id_scoring", label="Formula 1 (2010 on)")
    page.check("#id_team_mode")
    page.fill("#id_grid_size", "6")
    page.select_option("#id_opt_level", "advanced")
    shot(page, "season-wizard")
    page.click("text=Create the season")
    page.wait_for_selector("text=Spring Cup created")
    season = Season.objects.get(name="Spring Cup")
    assert season.team_mode and season.rules.get("level") == "advanced"

    for number, track in [(1, "paddock_ring"), (2, "lakeside_gp")]:
        page.click("text=Add a round")
        page.fill("#id_name", f"Grand Prix {number}")
        page.select_option("#id_track", track)
        page.fill("#id_laps", "1")
        page.fill("#id_scheduled_at", f"2031-0{number}-10T20:00")
        page.click("button:has-text('Add the round')")
        page.wait_for_selector(f"text=Round {number}: Grand Prix {number} added.")
    # a bad round shows its message next to the field and adds nothing
    page.click("text=Add a round")
    page.fill("#id_name", "Too long")
    page.fill("#id_laps", "99")
    page.click("button:has-text('Add the round')")
    assert "less than or equal to 10" in page.inner_text("#id_laps-error")
    assert Round.objects.filter(season=season).count() == 2
    page.go_back()
    page.goto(base + season.get_absolute_url())
    page.click("text=Open for entries")
    page.click("#confirm-form button")  # the stage move asks first (issue 23)
    page.wait_for_selector("text=is now open for entries")
    log_out(page)

    log_in(page, base, "dmitri")
    page.goto(base + season.get_absolute_url())
    page.click("text=Join this season")
    page.fill("#id_car_number", "7")
    page.fill("#id_new_team", "Scuderia Paddock")
    page.click("button:has-text('Join the season')")
    page.wait_for_selector("text=You are in: car #7.")
    log_out(page)

    log_in(page, base, "vera")
    page.goto(base + season.get_absolute_url())
    page.click("text=Join this season")
    page.fill("#id_car_number", "7")
    page.select_option("#id_team", label="Scuderia Paddock")
    page.click("button:has-text('Join the season')")
    assert "Car number 7 is taken" in page.inner_text("#id_car_number-error")
    page.fill("#id_car_number", "8")
    page.click("button:has-text('Join the season')")
    page.wait_for_selector("text=You are in: car #8.")
    shot(page, "season")

    team = Team.objects.get(season=season)
    assert sorted(Entry.objects.filter(team=team).values_list("car_number", flat=True)) == [7, 8]
    entry_list = page.inner_text("#entry-list")
    assert "Scuderia Paddock" in entry_list


@pytest.fixture
def race_season(league):
    season = make_season(
        league, slug="live", status="running", grid_size=6, team_mode=True, rules={"level": "basic"}
    )
    team = Team.objects.create(season=season, name="Scuderia", colour="#c0392b")
    for number, name in [(7, "Ana Lopez"), (8, "Ben Ode")]:
        entry_create(season=season, driver=make_driver(name), car_number=number, team=team)
    rnd = round_create(season=season, number=1, name="Opening", track="paddock_ring", laps=1)
    return season, rnd


@pytest.mark.integration
def test_a_race_runs_through_the_worker_while_the_live_page_follows_it(
    live_server, browser_page, shared_cache, race_season, workers
):
    season, rnd = race_season
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    workers("browser", SESSION_ROUND_MS="250", CACHE_PREFIX=shared_cache)
    page, base = browser_page, live_server.url
    log_in(page, base, "olivia")
    page.goto(base + reverse("session_live", args=[session.pk]))
    page.evaluate("window.__noReload = true")
    page.click("button:has-text('Run now')")
    page.wait_for_selector("#session-status:has-text('Running')")
    page.evaluate("window.__noReload = true")  # the POST loaded the page; from here, no reload

    seen = set()
    for _ in range(200):
        status = page.get_attribute("#live", "data-status")
        bar = page.query_selector(".progress")
        if bar:
            seen.add(int(bar.get_attribute("aria-valuenow")))
        if status == "finished":
            break
        if 0 < max(seen, default=0) < 100 and "running-order" not in str(seen):
            if page.query_selector("#running-order"):
                shot(page, "live-running")
        page.wait_for_timeout(150)
    page.wait_for_selector("#live[data-status=finished]", timeout=60_000)
    assert page.evaluate("window.__noReload") is True, "the page reloaded"
    assert any(0 < v < 100 for v in seen), f"the bar never showed progress: {sorted(seen)}"
    assert "Results" in page.inner_text("#live")
    shot(page, "live-finished")

    session.refresh_from_db()
    assert session.status == Session.Status.FINISHED
    results = list(Result.objects.filter(session=session).select_related("entry__driver"))
    assert len(results) == 6
    winner = next(r for r in results if r.position == 1)
    assert winner.points == 25
    table = page.inner_text("table.results")
    assert winner.entry.driver.name in table.splitlines()[1]

    page.goto(base + reverse("standings", args=[season.league.slug, season.slug]))
    first = page.inner_text("#driver-standings tbody tr:first-child")
    assert winner.entry.driver.name in first and re.search(r"\b25\b", first)
    points = {s.entry.driver.name: s.points for s in DriverStanding.objects.filter(season=season)}
    assert points[winner.entry.driver.name] == 25
    team_row = page.inner_text("#team-standings tbody tr:first-child")
    assert str(int(points["Ana Lopez"] + points["Ben Ode"])) in team_row
    shot(page, "standings")

    page.goto(base + rnd.get_absolute_url())
    assert page.query_selector("text=Lap chart")
    shot(page, "round")

    page.goto(base + "/")
    assert winner.entry.driver.name in page.inner_text("main")
    shot(page, "home")
    page.goto(base + reverse("driver", args=[winner.entry.driver_id]))
    assert "Round 1: Opening" in page.inner_text("main")
    shot(page, "driver")
    team = Team.objects.get(season=season)
    page.goto(base + reverse("team", args=[team.pk]))
    assert "Ana Lopez" in page.inner_text("main")
    shot(page, "team")

    # a phone-sized screen: the tables scroll inside the page, which does not
    page.set_viewport_size({"width": 390, "height": 844})
    for name, url in [
        ("phone-standings", reverse("standings", args=[season.league.slug, season.slug])),
        ("phone-season", season.get_absolute_url()),
        ("phone-round", rnd.get_absolute_url()),
    ]:
        page.goto(base + url)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
        shot(page, name)
    page.set_viewport_size({"width": 1280, "height": 900})

    page.goto(base + reverse("replay", args=[session.pk, 0]))
    assert page.query_selector("svg.track")
    page.click("#replay-next")
    page.wait_for_url(re.compile(r"/replay/1/$"))
    page.click("#replay-next")
    page.wait_for_url(re.compile(r"/replay/2/$"))
    assert page.inner_text("#step-events").strip()
    page.click("#replay-prev")
    page.wait_for_url(re.compile(r"/replay/1/$"))
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"/replay/2/$"))
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"/replay/1/$"))
    assert page.inner_text(".step-title").startswith("Step 1 of")
    page.click("#replay-play")
    page.wait_for_url(re.compile(r"/replay/[3-9]\d*/$"), timeout=10_000)
    page.click("#replay-play")
    shot(page, "replay")
    page.reload()
    assert page.query_selector("svg.track .car")
