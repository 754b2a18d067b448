"""Anyone can read: home, league, season, standings, round, driver, team."""

import pytest
from django.urls import reverse

from league.models import Team
from league.organise.entries import entry_create
from races.models import Round, Session
from races.results.stewarding import penalty_add
from races.rounds.edits import sessions_sync
from tests.conftest import make_driver
from tests.web.conftest import build_season, race_session

pytestmark = pytest.mark.django_db


def test_the_home_page_lists_leagues_running_next_and_latest(client, league, gp):
    season, grid, rounds = gp
    page = client.get(reverse("home")).content.decode()
    assert "Tuesday Night GP" in page
    assert "Latest results" in page and "Round 2 GP" in page


def test_the_home_page_shows_a_running_session(client, league):
    season, grid, rounds = build_season(league, finished=0)
    session = rounds[0].sessions.get()
    session.status = Session.Status.RUNNING
    session.save()
    page = client.get(reverse("home")).content.decode()
    assert reverse("session_live", args=[session.pk]) in page


def test_the_league_page_lists_its_seasons(client, league, gp):
    page = client.get(reverse("league", args=[league.slug])).content.decode()
    # gp has raced every round it has, so it finished by itself (issue 23).
    assert "Gp" in page and "Finished" in page


def test_the_season_page_shows_calendar_entries_rules_and_standings(client, league, gp):
    season, grid, rounds = gp
    page = client.get(season.get_absolute_url()).content.decode()
    for text in [
        "Calendar",
        "Round 1 GP",
        "Entry list",
        "#3",
        "Rules in force",
        "Formula 1",
        "25",
        "Standings",
        "Driver gp 1",
    ]:
        assert text in page, text
    assert "Driver gp 2" in page and "Driver gp 3" in page


def test_the_standings_show_the_points_of_each_round(client, league, gp):
    season, grid, rounds = gp
    page = client.get(reverse("standings", args=[league.slug, season.slug])).content.decode()
    # the seeded races: round 1 finishes 1, 2, 3 from the entry-order grid;
    # round 2 starts in reverse and finishes 3, 2, 1, so driver 3 leads on
    # 15 + 25 = 40, level with driver 1 and ahead of driver 2 on 36
    assert "<strong>40</strong>" in page and "<strong>36</strong>" in page
    assert page.index("Driver gp 3") < page.index("Driver gp 2")


def test_dropped_rounds_are_struck_out(client, league):
    season, grid, rounds = build_season(league, slug="drop")
    season.scoring.drop_worst = 1
    season.scoring.save()
    from races.results.standings import standings_recompute

    standings_recompute(season=season)
    page = client.get(reverse("standings", args=[league.slug, season.slug])).content.decode()
    assert 'class="dropped"' in page and "<s>" in page


def test_the_standings_sort_by_a_column_and_answer_htmx_with_the_fragment(client, league, gp):
    season, grid, rounds = gp
    url = reverse("standings", args=[league.slug, season.slug])
    page = client.get(url + "?sort=name").content.decode()
    assert page.index("Driver gp 1") < page.index("Driver gp 2") < page.index("Driver gp 3")
    fragment = client.get(url + "?sort=name", HTTP_HX_REQUEST="true").content.decode()
    # The fragment follows the push socket itself, in the order it was asked.
    assert fragment.lstrip().startswith(f'<div id="standings" hx-get="{url}?sort=name"')
    assert "<html" not in fragment


def test_an_unknown_sort_falls_back_to_the_ranking(client, league, gp):
    season, grid, rounds = gp
    url = reverse("standings", args=[league.slug, season.slug])
    assert client.get(url + "?sort=<script>").status_code == 200


def test_the_season_chart_draws_a_line_per_leading_driver(client, league, gp):
    season, grid, rounds = gp
    page = client.get(season.get_absolute_url()).content.decode()
    assert page.count("<polyline") == 3


def test_a_penalty_shows_at_once_in_the_cached_standings(client, league, gp, steward):
    season, grid, rounds = gp
    url = reverse("standings", args=[league.slug, season.slug])
    assert "<strong>40</strong>" in client.get(url).content.decode()
    penalty_add(entry=grid[2], round=rounds[0], points=5, reason="Blocking", steward=steward)
    page = client.get(url).content.decode()
    assert "<strong>35</strong>" in page and "−5" in page


def test_the_team_standings_and_team_page(client, league):
    season, grid, rounds = build_season(league, slug="teams", team_mode=True, finished=0)
    red = Team.objects.create(season=season, name="Red", colour="#ff0000")
    for entry in grid[:2]:
        entry.team = red
        entry.save()
    race_session(rounds[0])  # the seeded race finishes 1, 3, 2: Red scores 25 + 15
    page = client.get(reverse("standings", args=[league.slug, season.slug])).content.decode()
    assert "Teams" in page and "Red" in page and "<strong>40</strong>" in page
    team_page = client.get(reverse("team", args=[red.pk])).content.decode()
    assert "Red" in team_page and "Driver teams 1" in team_page and "40" in team_page


def test_the_driver_page_shows_history_and_statistics(client, league, gp):
    season, grid, rounds = gp
    page = client.get(reverse("driver", args=[grid[2].driver_id])).content.decode()
    assert "Round 1 GP" in page and "Round 2 GP" in page
    assert "Wins" in page and "Podiums" in page


def test_the_round_page_shows_grid_results_damage_and_lap_chart(client, league, gp):
    season, grid, rounds = gp
    page = client.get(rounds[0].get_absolute_url()).content.decode()
    assert "Grid" in page and "Race results" in page
    winner = rounds[0].sessions.get().results.get(position=1)
    assert "Left at the end" in page
    assert f"wear points {winner.figures['wear']['WP']}" in page
    assert "Lap chart" in page and grid[1].driver.name in page
    assert "Replay" in page


def test_the_round_page_shows_qualifying_results(client, league, gp):
    season, grid, rounds = gp
    rounds[1].qualifying_format = Round.QualifyingFormat.TIMED_LAP
    rounds[1].save()
    sessions_sync(rnd=rounds[1])
    race_session(rounds[1], kind=Session.Kind.QUALIFYING)
    page = client.get(rounds[1].get_absolute_url()).content.decode()
    assert "Qualifying results" in page


def test_missing_pages_are_404(client, league):
    assert client.get("/l/nope/").status_code == 404
    assert client.get("/l/tuesday/nope/").status_code == 404
    assert client.get("/sessions/999/").status_code == 404


def test_a_new_entry_appears_in_the_standings_with_no_points(client, league, gp):
    season, grid, rounds = gp
    from races.results.standings import standings_recompute

    entry_create(season=season, driver=make_driver("Late Larry"), car_number=44)
    standings_recompute(season=season)
    page = client.get(reverse("standings", args=[league.slug, season.slug])).content.decode()
    assert "Late Larry" in page
