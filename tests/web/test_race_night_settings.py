"""A season's real-time round settings on its form (issue 25, item 3): what
happens to a driver not at the table, and the start once everyone is in;
a setting the game cannot run is a field error that changes nothing, and a
change is in the league's history."""

import pytest
from django.urls import reverse

from league.models import LeagueChange
from tests.conftest import make_season
from tests.web.test_league_and_season_changes import edit, logged_in

pytestmark = pytest.mark.django_db


def test_the_form_offers_and_stores_the_no_show_rule(league, owner):
    season = make_season(league, rules={"level": "basic"}, live_play=True, speed="normal")
    organiser = logged_in(owner)
    page = organiser.get(reverse("season_edit", args=[league.slug, season.slug]))
    page = page.content.decode()
    assert 'name="no_show"' in page and "A bot races in their place" in page
    assert 'name="start_when_all_in"' in page
    response = edit(organiser, season, no_show="autopilot_whole_race", start_when_all_in="on")
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.no_show == "autopilot_whole_race" and season.start_when_all_in
    line = LeagueChange.objects.filter(league=league, topic="settings").latest("pk")
    assert "a driver not at the table" in line.params["was"]


@pytest.mark.parametrize(
    ("rules", "over", "said"),
    [
        ({"level": "basic"}, {"fill_with_bots": None}, "only where bots fill the empty places"),
        ({"team_race": True}, {"team_mode": "on", "team_size": 2}, "A team race keeps"),
    ],
)
def test_a_no_show_rule_the_game_cannot_run_is_a_field_error(league, owner, rules, over, said):
    season = make_season(league, rules=rules, live_play=True, speed="normal", grid_size=10)
    before = (season.no_show, season.fill_with_bots)
    response = edit(logged_in(owner), season, no_show="bot", **over)
    page = response.content.decode()
    assert response.status_code == 200 and said in page
    season.refresh_from_db()
    assert (season.no_show, season.fill_with_bots) == before


def test_an_unknown_no_show_rule_is_refused(league, owner):
    season = make_season(league, rules={"level": "basic"})
    response = edit(logged_in(owner), season, no_show="teleport")
    assert response.status_code == 200 and 'name="no_show"' in response.content.decode()
    season.refresh_from_db()
    assert season.no_show == "autopilot"


def test_a_turn_based_season_never_uses_its_no_show_rule(league, owner):
    season = make_season(league, rules={"level": "basic"}, live_play=True, speed="day")
    response = edit(logged_in(owner), season, no_show="bot", fill_with_bots=None)
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.no_show == "bot" and not season.fill_with_bots
