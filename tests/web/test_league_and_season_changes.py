"""The owner changes or deletes a league; the owner and stewards change a
season, the owner deletes it. Bad input shows why and changes nothing;
anyone else is refused (403); cached pages show every change at once."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from league.forms.seasons import SeasonForm, season_form_initial
from league.models import (
    Driver,
    DriverStanding,
    Entry,
    League,
    ScoringSystem,
    Season,
    Team,
)
from league.organise.entries import entry_create
from races.models import Penalty, Result, Round, Session
from races.rounds.edits import round_create, sessions_sync
from tests.conftest import make_driver, make_season
from tests.web.conftest import build_season

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def season_form_data(season: Season, **over) -> dict:
    """What the season form posts when opened and sent unchanged, with the
    changes in `over` (None removes a field, as an unticked box)."""
    game = over.get("game", season.game)
    form = SeasonForm(game=game, initial=season_form_initial(season, game))
    data = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = value
    data["game"] = game
    data["own_points"] = ""
    for name, value in over.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return data


def edit(client, season, **over):
    url = reverse("season_edit", args=[season.league.slug, season.slug])
    return client.post(url, season_form_data(season, **over))


def season_row(season):
    season.refresh_from_db()
    return (
        season.name,
        season.slug,
        season.game,
        season.rules,
        season.scoring_id,
        season.team_mode,
        season.grid_size,
    )


# --- Changing a league ---------------------------------------------------------------------


def test_the_owner_renames_a_league_and_its_address_stays(league, owner):
    organiser = logged_in(owner)
    url = reverse("league_edit", args=[league.slug])
    form = organiser.get(url).content.decode()
    assert 'value="Tuesday Night GP"' in form and "/l/tuesday/" in form
    response = organiser.post(url, {"name": "Wednesday GP", "description": "Every week."})
    league.refresh_from_db()
    assert (league.name, league.description, league.slug) == (
        "Wednesday GP",
        "Every week.",
        "tuesday",
    )
    assert response["Location"] == "/l/tuesday/"


def test_a_league_change_without_a_name_shows_why_and_changes_nothing(league, owner):
    response = logged_in(owner).post(reverse("league_edit", args=[league.slug]), {"name": ""})
    assert response.status_code == 200 and "This field is required." in response.content.decode()
    league.refresh_from_db()
    assert league.name == "Tuesday Night GP"


@pytest.mark.parametrize("who", ["steward", "driver", "visitor"])
def test_only_the_owner_may_change_or_delete_a_league(league, who, steward, driver_user, visitor):
    client = logged_in({"steward": steward, "driver": driver_user, "visitor": visitor}[who])
    make_season(league)
    for name in ("league_edit", "league_delete"):
        url = reverse(name, args=[league.slug])
        assert client.get(url).status_code == 403, name
        assert client.post(url, {"name": "Taken", "confirm": "on"}).status_code == 403, name
    league.refresh_from_db()
    assert league.name == "Tuesday Night GP" and league.seasons.count() == 1


def test_anonymous_writes_to_a_league_are_refused(client, league):
    make_season(league)
    assert client.post(reverse("league_edit", args=[league.slug]), {"name": "X"}).status_code == 403
    assert client.post(reverse("league_delete", args=[league.slug])).status_code == 403
    assert League.objects.get().name == "Tuesday Night GP" and Season.objects.count() == 1


def test_only_the_owner_sees_the_league_change_and_delete_links(
    client, league, owner, steward, visitor
):
    edit_url, delete_url = (
        reverse(n, args=[league.slug]) for n in ("league_edit", "league_delete")
    )
    for who, sees in [(owner, True), (steward, False), (visitor, False)]:
        page = logged_in(who).get(league.get_absolute_url()).content.decode()
        assert (edit_url in page, delete_url in page) == (sees, sees), who
    page = client.get(league.get_absolute_url()).content.decode()
    assert edit_url not in page and delete_url not in page


# --- Deleting a league ---------------------------------------------------------------------


def test_the_league_delete_page_says_what_goes_with_it(league, owner):
    build_season(league, finished=1)
    page = logged_in(owner).get(reverse("league_delete", args=[league.slug])).content.decode()
    assert "1 season" in page and "2 rounds and their 2 sessions" in page
    assert "3 results, from 1 finished session" in page and "3 entries" in page
    assert "has finished results" in page and 'name="confirm"' in page
    assert "csrfmiddlewaretoken" in page


def test_the_owner_deletes_a_league_with_everything_in_it_once_confirmed(league, owner):
    season, grid, rounds = build_season(league, finished=1)
    Penalty.objects.create(entry=grid[0], round=rounds[0], points=1, reason="x", steward=owner)
    organiser = logged_in(owner)
    url = reverse("league_delete", args=[league.slug])
    refused = organiser.post(url)
    assert refused.status_code == 200
    assert "has finished results: tick the box to confirm" in refused.content.decode()
    assert League.objects.exists() and Result.objects.count() == 3

    response = organiser.post(url, {"confirm": "on"})
    assert response["Location"] == reverse("home")
    for model in (League, Season, Round, Session, Result, Entry, DriverStanding, Penalty):
        assert not model.objects.exists(), model
    assert Driver.objects.count() == 3  # drivers keep their accounts
    home = organiser.get(reverse("home")).content.decode()
    assert "Tuesday Night GP and everything in it are deleted." in home


def test_a_league_without_results_goes_without_a_tick(league, owner):
    make_season(league)
    response = logged_in(owner).post(reverse("league_delete", args=[league.slug]))
    assert response.status_code == 302 and not League.objects.exists()


# --- Changing a season ---------------------------------------------------------------------


def test_the_season_form_opens_with_the_seasons_values(league, steward):
    season = make_season(league, rules={"level": "advanced", "weather": True}, grid_size=6)
    page = logged_in(steward).get(reverse("season_edit", args=[league.slug, season.slug]))
    page = page.content.decode()
    assert 'value="S1"' in page and "Save the season" in page
    assert '<option value="advanced" selected>' in page
    assert 'id="id_opt_weather" checked' in page
    assert 'name="grid_size" value="6"' in page
    assert "csrfmiddlewaretoken" in page


def test_owner_renames_a_season_and_visitors_see_it_at_once(client, league, owner):
    season, grid, rounds = build_season(league, finished=1)
    season_url = season.get_absolute_url()
    standings_url = reverse("standings", args=[league.slug, season.slug])
    assert "Gp" in client.get(season_url).content.decode()
    assert "Gp" in client.get(standings_url).content.decode()  # both pages now cached

    response = edit(logged_in(owner), season, name="Grand Prix Series")
    assert response["Location"] == season_url  # the address stays

    for url in (season_url, standings_url):
        page = client.get(url).content.decode()
        assert "Grand Prix Series" in page, url


def test_a_steward_changes_the_seasons_rules_and_grid(league, steward):
    season = make_season(league, rules={"level": "basic"})
    response = edit(
        logged_in(steward),
        season,
        opt_level="advanced",
        opt_weather="on",
        grid_size=8,
        bot_level="rookie",
        team_mode="on",
    )
    assert response.status_code == 302
    season.refresh_from_db()
    assert {k: season.rules[k] for k in ("level", "weather")} == {
        "level": "advanced",
        "weather": True,
    }
    assert (season.grid_size, season.bot_level, season.team_mode) == (8, "rookie", True)


@pytest.mark.parametrize(
    ("over", "message"),
    [
        ({"name": ""}, "This field is required."),
        ({"opt_ruleset": "house"}, "Select a valid choice."),
        ({"grid_size": 40}, "Ensure this value is less than or equal to 12."),
        ({"scoring": "", "own_points": ""}, "Choose a preset or give your own points table."),
        ({"scoring": "", "own_points": "10, x"}, "Give numbers separated by commas"),
        ({"decision_seconds": 5}, "Ensure this value is greater than or equal to 30."),
    ],
)
def test_a_bad_season_change_shows_why_and_changes_nothing(league, owner, over, message):
    season, grid, rounds = build_season(league, finished=0)
    before, systems = season_row(season), ScoringSystem.objects.count()
    response = edit(logged_in(owner), season, **over)
    assert response.status_code == 200 and message in response.content.decode()
    assert season_row(season) == before and ScoringSystem.objects.count() == systems


def test_the_game_of_a_season_with_rounds_stays(league, owner):
    season, grid, rounds = build_season(league, finished=0)
    before = season_row(season)
    organiser = logged_in(owner)
    form = organiser.get(reverse("season_edit", args=[league.slug, season.slug])).content.decode()
    assert "The season has rounds, so its game stays." in form and 'name="game"' in form
    response = edit(organiser, season, game="heat")
    page = response.content.decode()
    assert response.status_code == 200
    assert "This season already has rounds, so its game stays Formula D." in page
    assert season_row(season) == before


def test_a_season_without_rounds_may_change_its_game(league, owner):
    season = make_season(league, rules={"level": "advanced"})
    organiser = logged_in(owner)
    url = reverse("season_edit", args=[league.slug, season.slug])
    fragment = organiser.get(url + "?game=heat", HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<div id="season-fields">') and "<html" not in fragment
    assert "opt_level" not in fragment and 'value="S1"' in fragment
    refused = edit(organiser, season, game="heat")  # a grid of 10: Heat races at most 6
    assert "This game races 2 to 6 cars under these rules" in refused.content.decode()
    response = edit(organiser, season, game="heat", grid_size=6)
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.game == "heat" and "level" not in season.rules


def test_rules_a_scheduled_round_could_not_run_under_are_refused(league, owner):
    season = make_season(league, rules={"level": "advanced"})
    round_create(
        season=season, number=1, name="Wet GP", track="paddock_ring", options={"weather": True}
    )
    before = season_row(season)
    response = edit(logged_in(owner), season, opt_level="basic")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Round 1 (Wet GP) could not be run under these rules" in page
    assert "needs level = advanced" in page and "Change that round first" in page
    assert season_row(season) == before


def test_a_new_round_the_season_rules_refuse_is_not_created(league):
    season = make_season(league, rules={"level": "basic"})
    with pytest.raises(ValidationError, match="could not be run under the season's rules"):
        round_create(
            season=season, number=1, name="Wet GP", track="paddock_ring", options={"weather": True}
        )
    assert not season.rounds.exists() and not Session.objects.exists()


def test_a_rename_is_not_held_up_by_a_round_the_rules_already_refuse(league, owner):
    season = make_season(league, rules={"level": "basic"})
    # a round stored before rounds were checked against their season's rules
    rnd = Round.objects.create(
        season=season, number=1, name="Wet GP", track="paddock_ring", options={"weather": True}
    )
    sessions_sync(rnd=rnd)
    assert edit(logged_in(owner), season, name="Renamed").status_code == 302
    season.refresh_from_db()
    assert season.name == "Renamed"


def test_rounds_already_run_keep_their_rules_and_the_form_says_so(league, owner):
    season, grid, rounds = build_season(league, finished=1)
    organiser = logged_in(owner)
    page = organiser.get(reverse("season_edit", args=[league.slug, season.slug])).content.decode()
    assert "1 round has been run: it keeps the rules it was run with" in page
    assert edit(organiser, season, opt_ruleset="bga").status_code == 302
    assert rounds[0].sessions.get().config["ruleset"] == "published"


def test_a_new_scoring_system_recomputes_the_standings_at_once(client, league, owner):
    season, grid, rounds = build_season(league, finished=1)
    standings_url = reverse("standings", args=[league.slug, season.slug])
    client.get(standings_url)  # cached under the old scoring
    winner = DriverStanding.objects.get(rank=1)
    assert winner.points == 25

    team_race = ScoringSystem.objects.get(slug="formula-d-team-race")
    response = edit(logged_in(owner), season, scoring=team_race.pk)
    assert response.status_code == 302
    winner = DriverStanding.objects.get(entry=winner.entry_id)
    assert winner.points == 10 and winner.rank == 1
    assert "<strong>10</strong>" in client.get(standings_url).content.decode()


def test_an_own_points_table_on_a_change_is_stored_once(league, owner):
    season, grid, rounds = build_season(league, finished=1)
    organiser = logged_in(owner)
    edit(organiser, season, scoring="", own_points="5, 3, 1", drop_worst=0)
    season.refresh_from_db()
    assert season.scoring.race_points == [5, 3, 1]
    assert DriverStanding.objects.get(rank=1).points == 5
    systems = ScoringSystem.objects.count()
    edit(organiser, season, name="Renamed")  # the own table is the preselected system now
    season.refresh_from_db()
    assert ScoringSystem.objects.count() == systems and season.scoring.race_points == [5, 3, 1]


def test_teams_stay_on_while_the_season_has_teams(league, owner):
    season = make_season(league, team_mode=True)
    red = Team.objects.create(season=season, name="Red")
    for n in (1, 2):
        entry_create(season=season, driver=make_driver(f"Red {n}"), car_number=n, team=red)
    organiser = logged_in(owner)
    off = edit(organiser, season, team_mode=None).content.decode()
    assert "This season has teams: delete them before turning teams off." in off
    smaller = edit(organiser, season, team_size=1).content.decode()
    assert "Red has 2 drivers: teams cannot be smaller than that." in smaller
    season.refresh_from_db()
    assert season.team_mode and season.team_size == 2


@pytest.mark.parametrize("who", ["anonymous", "driver", "visitor"])
def test_only_organisers_may_change_a_season(client, league, who, driver_user, visitor):
    season = make_season(league)
    if who != "anonymous":
        client.force_login(driver_user if who == "driver" else visitor)
        url = reverse("season_edit", args=[league.slug, season.slug])
        assert client.get(url).status_code == 403
    before = season_row(season)
    assert edit(client, season, name="Taken").status_code == 403
    assert season_row(season) == before


# --- Deleting a season ---------------------------------------------------------------------


def test_the_season_delete_page_says_what_goes_with_it(league, owner):
    season, grid, rounds = build_season(league, finished=1)
    page = logged_in(owner).get(reverse("season_delete", args=[league.slug, season.slug]))
    page = page.content.decode()
    assert "2 rounds and their 2 sessions" in page
    assert "3 results, from 1 finished session, and the standings" in page
    assert "3 entries, 0 teams and 0 penalties" in page
    assert "Gp has finished results.</strong> It is deleted only once you confirm" in page


def test_the_owner_deletes_a_season_with_results_only_after_confirming(client, league, owner):
    season, grid, rounds = build_season(league, finished=1)
    other, _, _ = build_season(league, slug="other", finished=0)
    standings_url = reverse("standings", args=[league.slug, season.slug])
    assert client.get(standings_url).status_code == 200  # cached for visitors
    organiser = logged_in(owner)
    url = reverse("season_delete", args=[league.slug, season.slug])

    refused = organiser.post(url).content.decode()
    assert "Gp has finished results: tick the box to confirm" in refused
    assert Season.objects.filter(pk=season.pk).exists() and Result.objects.count() == 3

    response = organiser.post(url, {"confirm": "on"})
    assert response["Location"] == league.get_absolute_url()
    assert list(Season.objects.all()) == [other]
    assert not Result.objects.exists() and not DriverStanding.objects.filter(season=season.pk)
    assert Round.objects.filter(season=other).count() == 2 and Entry.objects.count() == 3
    assert client.get(standings_url).status_code == 404
    assert client.get(season.get_absolute_url()).status_code == 404


def test_a_season_being_run_cannot_be_deleted(league, owner):
    season, grid, rounds = build_season(league, finished=0)
    Session.objects.filter(round=rounds[0]).update(status=Session.Status.RUNNING)
    response = logged_in(owner).post(
        reverse("season_delete", args=[league.slug, season.slug]), {"confirm": "on"}
    )
    assert "the race of round 1 is being run" in response.content.decode()
    assert Season.objects.filter(pk=season.pk).exists()


@pytest.mark.parametrize("who", ["steward", "driver", "visitor"])
def test_only_the_owner_may_delete_a_season(league, season, who, steward, driver_user, visitor):
    client = logged_in({"steward": steward, "driver": driver_user, "visitor": visitor}[who])
    url = reverse("season_delete", args=[league.slug, season.slug])
    assert client.get(url).status_code == 403
    assert client.post(url, {"confirm": "on"}).status_code == 403
    assert Season.objects.filter(pk=season.pk).exists()


def test_the_season_links_show_to_those_who_may_use_them(
    client, league, season, owner, steward, visitor
):
    s = [league.slug, season.slug]
    edit_url, delete_url = reverse("season_edit", args=s), reverse("season_delete", args=s)
    for who, can_edit, can_delete in [
        (owner, True, True),
        (steward, True, False),
        (visitor, False, False),
    ]:
        page = logged_in(who).get(season.get_absolute_url()).content.decode()
        assert (edit_url in page, delete_url in page) == (can_edit, can_delete), who
    page = client.get(season.get_absolute_url()).content.decode()
    assert edit_url not in page and delete_url not in page


def test_league_and_season_writes_need_the_csrf_token(league, owner):
    season = make_season(league)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(owner)
    url = reverse("season_edit", args=[league.slug, season.slug])
    assert strict.post(url, season_form_data(season, name="X")).status_code == 403
    delete = reverse("season_delete", args=[league.slug, season.slug])
    assert strict.post(delete).status_code == 403
    assert strict.post(reverse("league_edit", args=[league.slug]), {"name": "X"}).status_code == 403
    assert strict.post(reverse("league_delete", args=[league.slug])).status_code == 403
    assert Season.objects.get().name == "S1" and League.objects.get().name == "Tuesday Night GP"
    for page in (url, delete, reverse("league_edit", args=[league.slug])):
        assert "csrfmiddlewaretoken" in strict.get(page).content.decode(), page
