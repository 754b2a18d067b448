"""Organisers create leagues, seasons, rounds, teams and entries, run and
reschedule sessions and give penalties; bad input shows messages next to
the fields and changes nothing."""

import pytest
from django.urls import reverse

from league.models import DriverStanding, Entry, League, ScoringSystem, Season, Team
from league.organise.entries import entry_create
from races.models import Penalty, Round, Session
from tests.conftest import hand_overs, make_driver, make_season
from tests.web.conftest import build_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client, owner):
    client.force_login(owner)
    return client


def test_an_organiser_creates_a_league_and_owns_it(organiser, owner):
    response = organiser.post(reverse("league_create"), {"name": "Sunday Cup"})
    league = League.objects.get(name="Sunday Cup")
    assert response.status_code == 302 and response["Location"] == league.get_absolute_url()
    assert league.owner == owner and league.slug == "sunday-cup"


def test_a_league_needs_a_name(organiser):
    response = organiser.post(reverse("league_create"), {"name": ""})
    assert "This field is required." in response.content.decode()
    assert not League.objects.exists()


def test_the_season_wizard_asks_for_the_game_first_then_its_options(organiser, league):
    url = reverse("season_create", args=[league.slug])
    first = organiser.get(url).content.decode()
    assert 'name="game"' in first and "opt_ruleset" not in first
    second = organiser.get(url + "?game=formula_d").content.decode()
    for field in [
        "opt_ruleset",
        "opt_level",
        "opt_weather",
        "scoring",
        "own_points",
        "team_mode",
        "grid_size",
        "bot_level",
    ]:
        assert f'name="{field}"' in second, field
    assert "opt_track" not in second and "opt_laps" not in second


def test_a_game_without_an_engine_cannot_be_chosen(organiser, league):
    page = organiser.get(reverse("season_create", args=[league.slug]) + "?game=crokinole")
    offered = "choose Formula D, Heat: Pedal to the Metal, RoboRally"
    assert f"Paddock cannot run that game yet: {offered}" in page.content.decode()


def season_data(**over):
    data = {
        "game": "formula_d",
        "name": "Winter Series",
        "scoring": ScoringSystem.objects.get(slug="formula-1-2010").pk,
        "own_points": "",
        "drop_worst": 0,
        "team_size": 2,
        "grid_size": 8,
        "fill_with_bots": "on",
        "bot_level": "rookie",
        "opt_ruleset": "bga",
        "opt_level": "advanced",
        "opt_weather": "on",
        "opt_bga_eliminated_neighbour": "auto_fail",
    }
    data.update(over)
    return data


def test_the_wizard_creates_a_season_with_its_rules(organiser, league):
    response = organiser.post(
        reverse("season_create", args=[league.slug]), season_data(team_mode="on")
    )
    season = Season.objects.get(name="Winter Series")
    assert response.status_code == 302
    chosen = {key: season.rules[key] for key in ("ruleset", "level", "weather")}
    assert chosen == {"ruleset": "bga", "level": "advanced", "weather": True}
    assert "tire_choice" not in season.rules  # a default is not stored
    assert season.team_mode and season.grid_size == 8 and season.bot_level == "rookie"
    assert season.status == Season.Status.DRAFT


def test_the_wizard_stores_an_organisers_own_points_table(organiser, league):
    organiser.post(
        reverse("season_create", args=[league.slug]),
        season_data(scoring="", own_points="10, 6, 4, 3, 2, 1", drop_worst=1),
    )
    season = Season.objects.get(name="Winter Series")
    assert season.scoring.race_points == [10, 6, 4, 3, 2, 1]
    assert season.scoring.drop_worst == 1


@pytest.mark.parametrize(
    ("over", "message"),
    [
        ({"scoring": "", "own_points": ""}, "Choose a preset or give your own points table."),
        ({"scoring": "", "own_points": "10, x"}, "Give numbers separated by commas"),
        ({"grid_size": 40}, "Ensure this value is less than or equal to 12."),
        ({"opt_ruleset": "house"}, "Select a valid choice."),
        ({"name": ""}, "This field is required."),
    ],
)
def test_bad_season_input_shows_a_message_and_stores_nothing(organiser, league, over, message):
    systems = ScoringSystem.objects.count()
    response = organiser.post(reverse("season_create", args=[league.slug]), season_data(**over))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Season.objects.exists() and ScoringSystem.objects.count() == systems


def test_an_organiser_opens_a_season_for_entries(organiser, league, season):
    organiser.post(
        reverse("season_status", args=[league.slug, season.slug]),
        {"status": "open", "confirm": "yes"},
    )
    season.refresh_from_db()
    assert season.status == Season.Status.OPEN


def test_a_season_cannot_jump_from_draft_to_finished(organiser, league, season):
    response = organiser.post(
        reverse("season_status", args=[league.slug, season.slug]),
        {"status": "finished"},
        follow=True,
    )
    assert "A draft season cannot become finished." in response.content.decode()
    season.refresh_from_db()
    assert season.status == Season.Status.DRAFT


def round_data(**over):
    data = {
        "number": 1,
        "name": "Opening",
        "track": "paddock_ring",
        "laps": 2,
        "scheduled_at": "2031-03-01T19:30",
        "qualifying_format": "timed_lap",
        "grid_rule": "qualifying",
        "opt_weather": "on",
    }
    data.update(over)
    return data


@pytest.fixture
def advanced(season):
    """The season of the round forms: weather is an advanced-rules option (FD-O-2)."""
    season.rules = {"level": "advanced"}
    season.save()
    return season


def test_an_organiser_adds_a_round_with_its_sessions(organiser, league, advanced):
    season = advanced
    response = organiser.post(
        reverse("round_create", args=[league.slug, season.slug]), round_data()
    )
    assert response.status_code == 302
    rnd = Round.objects.get(season=season)
    assert (rnd.track, rnd.laps, rnd.options) == ("paddock_ring", 2, {"weather": True})
    assert rnd.scheduled_at.isoformat().startswith("2031-03-01T19:30")
    assert sorted(rnd.sessions.values_list("kind", flat=True)) == ["qualifying", "race"]


@pytest.mark.parametrize(
    ("over", "message"),
    [
        ({"track": "monza"}, "Select a valid choice. monza is not one of the available choices."),
        ({"laps": 11}, "Ensure this value is less than or equal to 10."),
        ({"scheduled_at": "tomorrow"}, "Enter a valid date/time."),
        ({"name": ""}, "This field is required."),
    ],
)
def test_bad_round_input_shows_a_message_and_stores_nothing(
    organiser, league, season, over, message
):
    response = organiser.post(
        reverse("round_create", args=[league.slug, season.slug]), round_data(**over)
    )
    assert message in response.content.decode()
    assert not Round.objects.exists() and not Session.objects.exists()


def test_a_round_the_season_rules_refuse_is_explained_and_not_stored(organiser, league, season):
    response = organiser.post(
        reverse("round_create", args=[league.slug, season.slug]), round_data()
    )
    page = response.content.decode()
    assert "could not be run under the season&#x27;s rules" in page
    assert "needs level = advanced" in page
    assert not Round.objects.exists() and not Session.objects.exists()


def test_a_round_number_is_used_once(organiser, league, advanced):
    season = advanced
    url = reverse("round_create", args=[league.slug, season.slug])
    organiser.post(url, round_data())
    response = organiser.post(url, round_data(name="Again"))
    assert "Round 1 already exists in this season." in response.content.decode()
    assert Round.objects.count() == 1


def edit_data(**over):
    data = {
        "name": "Night Race",
        "track": "lakeside_night",
        "laps": 2,
        "scheduled_at": "2031-04-05T21:00",
        "qualifying_format": "timed_lap",
        "grid_rule": "qualifying",
        "opt_weather": "on",
    }
    data.update(over)
    return data


def round_fields(rnd):
    rnd.refresh_from_db()
    return (rnd.number, rnd.name, rnd.track, rnd.laps, rnd.options, rnd.scheduled_at)


def test_the_round_form_opens_with_the_rounds_values(organiser, league):
    season, grid, rounds = build_season(league, finished=0)
    page = organiser.get(reverse("round_edit", args=[league.slug, season.slug, 2])).content
    assert b'value="Round 2 GP"' in page and b"Save the round" in page
    assert b'<option value="paddock_ring" selected>' in page
    round_page = organiser.get(rounds[1].get_absolute_url()).content.decode()
    assert reverse("round_edit", args=[league.slug, season.slug, 2]) in round_page


def test_an_organiser_changes_a_round_and_its_sessions_follow(organiser, league):
    season, grid, rounds = build_season(league, finished=0, level="advanced")
    url = reverse("round_edit", args=[league.slug, season.slug, 2])
    response = organiser.post(url, edit_data(number=7))
    assert response["Location"] == rounds[1].get_absolute_url()
    number, name, track, laps, options, when = round_fields(rounds[1])
    assert (number, name, track, laps, options) == (
        2,  # the number stays
        "Night Race",
        "lakeside_night",
        2,
        {"weather": True},
    )
    assert when.isoformat().startswith("2031-04-05T21:00")
    sessions = dict(rounds[1].sessions.values_list("kind", "scheduled_at"))
    assert sessions == {"qualifying": when, "race": when}
    organiser.post(url, edit_data(qualifying_format="none", grid_rule="reverse"))
    assert list(rounds[1].sessions.values_list("kind", flat=True)) == ["race"]
    rounds[1].refresh_from_db()
    assert rounds[1].grid_rule == "reverse" and rounds[1].qualifying_format == "none"


def test_a_round_that_has_run_keeps_its_track_laps_and_qualifying(organiser, league):
    season, grid, rounds = build_season(league, finished=1)
    number, name, track, laps, options, when = round_fields(rounds[0])
    response = organiser.post(
        reverse("round_edit", args=[league.slug, season.slug, 1]),
        edit_data(grid_rule="championship"),
    )
    assert response.status_code == 302
    # the posted track, laps, options and qualifying are not taken: it ran on these
    assert round_fields(rounds[0])[1:5] == ("Night Race", track, laps, options)
    assert rounds[0].qualifying_format == "none" and rounds[0].grid_rule == "championship"
    assert list(rounds[0].sessions.values_list("kind", flat=True)) == ["race"]
    page = organiser.get(rounds[0].get_absolute_url()).content.decode()
    assert reverse("round_edit", args=[league.slug, season.slug, 1]) in page


@pytest.mark.parametrize(
    ("over", "message"),
    [
        ({"track": "monza"}, "Select a valid choice. monza is not one of the available choices."),
        ({"laps": 11}, "Ensure this value is less than or equal to 10."),
        ({"scheduled_at": "tomorrow"}, "Enter a valid date/time."),
        ({"name": ""}, "This field is required."),
        ({"grid_rule": "fastest"}, "Select a valid choice."),
    ],
)
def test_a_bad_round_change_shows_a_message_and_changes_nothing(organiser, league, over, message):
    season, grid, rounds = build_season(league, finished=0)
    before = round_fields(rounds[1])
    sessions = list(rounds[1].sessions.values_list("kind", "scheduled_at"))
    response = organiser.post(
        reverse("round_edit", args=[league.slug, season.slug, 2]), edit_data(**over)
    )
    assert response.status_code == 200 and message in response.content.decode()
    assert round_fields(rounds[1]) == before
    assert list(rounds[1].sessions.values_list("kind", "scheduled_at")) == sessions


def test_editing_a_missing_round_is_404(organiser, league):
    season, grid, rounds = build_season(league, finished=0)
    url = reverse("round_edit", args=[league.slug, season.slug, 9])
    assert organiser.get(url).status_code == 404


@pytest.fixture
def teams(league):
    season = make_season(league, slug="teams", team_mode=True)
    red = Team.objects.create(season=season, name="Red", colour="#ff0000")
    blue = Team.objects.create(season=season, name="Blue", colour="#0000ff")
    return season, red, blue


def test_an_organiser_renames_a_team_and_changes_its_colour(organiser, teams):
    season, red, blue = teams
    page = organiser.get(reverse("team", args=[red.pk])).content.decode()
    assert reverse("team_edit", args=[red.pk]) in page
    response = organiser.post(
        reverse("team_edit", args=[red.pk]), {"name": " Scarlet ", "colour": "#ee0000"}
    )
    assert response["Location"] == reverse("team", args=[red.pk])
    red.refresh_from_db()
    assert (red.name, red.colour) == ("Scarlet", "#ee0000")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": "blue", "colour": "#ff0000"}, "There is already a team called blue"),
        ({"name": "", "colour": "#ff0000"}, "This field is required."),
        ({"name": "Crimson", "colour": "red"}, "Give a colour as #rrggbb."),
    ],
)
def test_a_bad_team_change_shows_a_message_and_changes_nothing(organiser, teams, data, message):
    season, red, blue = teams
    response = organiser.post(reverse("team_edit", args=[red.pk]), data)
    assert response.status_code == 200 and message in response.content.decode()
    red.refresh_from_db()
    assert (red.name, red.colour) == ("Red", "#ff0000")


def test_a_team_without_drivers_can_be_deleted(organiser, teams):
    season, red, blue = teams
    response = organiser.post(reverse("team_delete", args=[blue.pk]), {"confirm": "yes"})
    assert response["Location"] == season.get_absolute_url()
    assert list(season.teams.values_list("name", flat=True)) == ["Red"]


def test_a_team_with_drivers_is_kept(organiser, teams):
    season, red, blue = teams
    entry_create(season=season, driver=make_driver("Rita Red"), car_number=5, team=red)
    assert "delete it" not in organiser.get(reverse("team", args=[red.pk])).content.decode()
    page = organiser.post(
        reverse("team_delete", args=[red.pk]), {"confirm": "yes"}, follow=True
    ).content.decode()
    assert "Red has drivers (Rita Red): move them to another team first." in page
    assert season.teams.filter(pk=red.pk).exists()
    assert Entry.objects.get(car_number=5).team == red


def test_teams_are_added_in_team_mode_only(organiser, league, season):
    url = reverse("team_create", args=[league.slug, season.slug])
    response = organiser.post(url, {"name": "Red", "colour": "#ff0000"})
    assert "This season has no teams." in response.content.decode()
    teams = make_season(league, slug="teams", team_mode=True)
    organiser.post(
        reverse("team_create", args=[league.slug, teams.slug]), {"name": "Red", "colour": "#ff0000"}
    )
    assert list(teams.teams.values_list("name", "colour")) == [("Red", "#ff0000")]
    again = organiser.post(
        reverse("team_create", args=[league.slug, teams.slug]), {"name": "red", "colour": "#ff0000"}
    )
    assert "There is already a team called red in this season." in again.content.decode()
    assert Team.objects.count() == 1


def test_an_organiser_enters_a_bot_persona(organiser, league, season):
    url = reverse("entry_add", args=[league.slug, season.slug])
    organiser.post(url, {"driver_name": "Robo Rita", "car_number": 9, "bot": "on"})
    entry = Entry.objects.get(season=season)
    assert entry.driver.is_bot and entry.car_number == 9
    response = organiser.post(url, {"driver_name": "Other", "car_number": 9, "bot": "on"})
    assert "Car number 9 is taken in this season." in response.content.decode()
    assert Entry.objects.count() == 1


def test_run_now_queues_the_session_and_a_second_press_says_why_not(
    organiser, league, django_capture_on_commit_callbacks
):
    season, grid, rounds = build_season(league, finished=0)
    session = rounds[0].sessions.get()
    with django_capture_on_commit_callbacks() as handed:
        organiser.post(reverse("session_run", args=[session.pk]))
    session.refresh_from_db()
    assert session.status == Session.Status.QUEUED and len(hand_overs(handed)) == 1
    with django_capture_on_commit_callbacks() as handed_again:
        page = organiser.post(reverse("session_run", args=[session.pk]), follow=True)
    assert "A queued session cannot be run." in page.content.decode()
    assert handed_again == []


def test_cancel_reschedule_and_retry(organiser, league, django_capture_on_commit_callbacks):
    season, grid, rounds = build_season(league, finished=0)
    session = rounds[0].sessions.get()
    organiser.post(reverse("session_cancel", args=[session.pk]))
    session.refresh_from_db()
    assert session.status == Session.Status.CANCELLED
    organiser.post(reverse("session_reschedule", args=[session.pk]), {"when": "2031-06-01T18:00"})
    session.refresh_from_db()
    assert session.status == Session.Status.SCHEDULED
    assert session.scheduled_at.isoformat().startswith("2031-06-01T18:00")
    page = organiser.post(reverse("session_retry", args=[session.pk]), follow=True).content.decode()
    assert "Only a failed session can be retried." in page
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FAILED, error="boom")
    with django_capture_on_commit_callbacks() as handed:
        organiser.post(reverse("session_retry", args=[session.pk]))
    session.refresh_from_db()
    assert session.status == Session.Status.QUEUED and len(hand_overs(handed)) == 1


def test_a_bad_reschedule_date_changes_nothing(organiser, league):
    season, grid, rounds = build_season(league, finished=0)
    session = rounds[0].sessions.get()
    before = session.scheduled_at
    page = organiser.post(
        reverse("session_reschedule", args=[session.pk]), {"when": "soon"}, follow=True
    ).content.decode()
    assert "Give a valid date and time to reschedule." in page
    session.refresh_from_db()
    assert session.scheduled_at == before


def test_a_finished_session_cannot_be_cancelled(organiser, league):
    season, grid, rounds = build_season(league, finished=1)
    session = rounds[0].sessions.get()
    page = organiser.post(
        reverse("session_cancel", args=[session.pk]), follow=True
    ).content.decode()
    assert "A finished session cannot be cancelled." in page
    session.refresh_from_db()
    assert session.status == Session.Status.FINISHED


def test_a_penalty_with_a_reason_updates_the_standings_at_once(organiser, league):
    season, grid, rounds = build_season(league)
    url = reverse("penalty_add", args=[league.slug, season.slug, 1])
    before = DriverStanding.objects.get(entry=grid[2]).points
    organiser.post(url, {"entry": grid[2].pk, "points": 7, "reason": "Dangerous driving"})
    assert DriverStanding.objects.get(entry=grid[2]).points == before - 7
    page = organiser.get(reverse("standings", args=[league.slug, season.slug])).content.decode()
    assert f"<strong>{int(before) - 7}</strong>" in page
    penalty = Penalty.objects.get()
    organiser.post(reverse("penalty_remove", args=[penalty.pk]))
    assert DriverStanding.objects.get(entry=grid[2]).points == before


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"points": 0, "reason": "x"}, "Ensure this value is greater than or equal to 0.5."),
        ({"points": 3, "reason": ""}, "This field is required."),
    ],
)
def test_a_bad_penalty_shows_the_message_on_the_round_page(organiser, league, data, message):
    season, grid, rounds = build_season(league)
    url = reverse("penalty_add", args=[league.slug, season.slug, 1])
    response = organiser.post(url, {"entry": grid[0].pk, **data})
    page = response.content.decode()
    assert response.status_code == 200 and message in page and "Race results" in page
    assert not Penalty.objects.exists()


def test_a_penalty_for_a_car_of_another_season_is_refused(organiser, league):
    season, grid, rounds = build_season(league)
    other, other_grid, _ = build_season(league, slug="other", finished=0)
    url = reverse("penalty_add", args=[league.slug, season.slug, 1])
    response = organiser.post(url, {"entry": other_grid[0].pk, "points": 3, "reason": "x"})
    assert "Select a valid choice." in response.content.decode()
    assert not Penalty.objects.exists()


def test_choosing_the_game_swaps_in_its_options_over_htmx(organiser, league):
    url = reverse("season_create", args=[league.slug]) + "?game=formula_d"
    fragment = organiser.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<div id="season-fields">')
    assert 'name="opt_level"' in fragment and "<html" not in fragment


def test_choosing_a_game_without_an_engine_over_htmx_says_why(organiser, league):
    url = reverse("season_create", args=[league.slug]) + "?game=crokinole"
    fragment = organiser.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<div id="season-fields">')
    assert "Paddock cannot run that game yet" in fragment and "<html" not in fragment


def test_run_now_from_the_round_page_goes_to_the_live_page(organiser, league):
    season, grid, rounds = build_season(league, finished=0)
    session = rounds[0].sessions.get()
    page = organiser.get(rounds[0].get_absolute_url()).content.decode()
    assert reverse("session_run", args=[session.pk]) in page
    response = organiser.post(reverse("session_run", args=[session.pk]))
    assert response["Location"] == reverse("session_live", args=[session.pk])


def test_options_the_game_decides_stay_unset_unless_chosen(organiser, league):
    url = reverse("season_create", args=[league.slug])
    form = organiser.get(url + "?game=formula_d").content.decode()
    assert '<option value="" selected>as the game decides</option>' in form
    organiser.post(url, season_data())
    assert "street" not in Season.objects.get().rules  # the track's kind decides (FD-V-10)
    organiser.post(url, season_data(name="Ovals only", opt_street="off"))
    assert Season.objects.get(name="Ovals only").rules["street"] is False


def test_a_heat_season_need_not_be_a_championship_season(organiser, league):
    url = reverse("season_create", args=[league.slug])
    form = organiser.get(url + "?game=heat").content.decode()
    assert '<option value="" selected>none</option>' in form
    data = {
        "game": "heat",
        "name": "Heat Nights",
        "scoring": ScoringSystem.objects.get(slug="heat-championship").pk,
        "drop_worst": 0,
        "team_size": 2,
        "grid_size": 6,
        "bot_level": "pro",
        "opt_upgrade_pool": "basic",
    }
    assert organiser.post(url, data).status_code == 302
    assert "season" not in Season.objects.get(name="Heat Nights").rules
