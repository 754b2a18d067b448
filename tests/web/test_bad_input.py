"""Bad input and exports: limits with field errors that change nothing,
addresses for names in any script, CSV cells that never become formulas,
a calendar feed that no stored date can break, pages for 403/404/500, and
each organiser's own points tables kept to themselves."""

import csv
import io
import logging
from datetime import UTC, datetime

import pytest
from django.test import Client
from django.urls import reverse
from icalendar import Calendar

from league.models import League, ScoringSystem, Season, Team
from league.organise.entries import entry_create
from races.models import Round, Session
from races.results.store import SeatResult, results_enter
from tests.conftest import make_driver, make_season, scoring_presets
from tests.web.conftest import build_season, client_for

pytestmark = pytest.mark.django_db


def test_a_formula_in_a_team_or_driver_name_stays_text_in_every_csv(client, league, owner):
    season = make_season(league, slug="csv", team_mode=True, status="running")
    team = Team.objects.create(season=season, name='=HYPERLINK("http://evil","Click")')
    entry = entry_create(season=season, driver=make_driver("+Cmd Bot"), car_number=1, team=team)
    rnd = Round.objects.create(season=season, number=1, name="@SUM(A1)", track="paddock_ring")
    race = Session.objects.create(round=rnd, kind="race")
    results_enter(
        session=race,
        lines=[SeatResult(entry_id=entry.pk, seat="car1", position=1, status="finished")],
        user=owner,
    )
    for name in ("results_export", "standings_export"):
        body = client.get(reverse(name, args=[league.slug, season.slug, "csv"])).content.decode()
        for row in csv.reader(io.StringIO(body)):
            for cell in row:
                assert not cell.startswith(("=", "+", "@")), (name, cell)
        assert "'=HYPERLINK" in body


def test_a_round_dated_9999_is_refused_with_a_field_error(client, league, owner):
    season = make_season(league, slug="far", rules={"level": "basic"})
    page = (
        client_for(client, owner)
        .post(
            reverse("round_create", args=[league.slug, season.slug]),
            {
                "number": 1,
                "name": "Far future",
                "track": "paddock_ring",
                "scheduled_at": "9999-12-31T20:00",
                "qualifying_format": "none",
                "grid_rule": "entry",
            },
        )
        .content.decode()
    )
    assert "Give a date between the years 2000 and 2099." in page
    assert not Round.objects.exists()


def test_a_stored_date_far_in_the_future_never_breaks_the_calendar_feed(client, league):
    season, grid, rounds = build_season(league, entries=2, rounds=2, finished=0, slug="cal")
    Session.objects.filter(round=rounds[1]).update(
        scheduled_at=datetime(9999, 12, 31, 23, 30, tzinfo=UTC)
    )
    Team.objects.filter(season=season).delete()
    season.name = "Saison; été, \\ 2031"
    season.save()
    response = client.get(reverse("season_ics", args=[league.slug, season.slug]))
    assert response.status_code == 200
    calendar = Calendar.from_ical(response.content)
    events = calendar.walk("VEVENT")
    assert len(events) == 1  # the year-9999 session is left out, not a server error
    assert str(calendar["X-WR-CALNAME"]).endswith("Saison; été, \\ 2031")
    assert all(len(line) <= 75 for line in response.content.split(b"\r\n"))


def test_a_rescheduled_session_must_stay_within_the_window(client, league, owner):
    season, grid, rounds = build_season(league, entries=2, rounds=1, finished=0, slug="re")
    session = rounds[0].sessions.get()
    before = session.scheduled_at
    client_for(client, owner).post(
        reverse("session_reschedule", args=[session.pk]), {"when": "9999-01-01T10:00"}
    )
    session.refresh_from_db()
    assert session.scheduled_at == before


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"name": "x" * 101}, "name", "at most 100 characters"),
        ({"description": "x" * 2_000_001}, "description", "at most 2000 characters"),
    ],
)
def test_league_fields_have_limits(client, owner, data, field, message):
    page = (
        client_for(client, owner)
        .post(reverse("league_create"), {"name": "Ok", **data})
        .content.decode()
    )
    assert message in page and not League.objects.exists()


def season_data(**over):
    return {
        "game": "formula_d",
        "name": "Limits",
        "scoring": "",
        "own_points": "25, 18",
        "drop_worst": 0,
        "team_size": 2,
        "grid_size": 10,
        "bot_level": "pro",
        "decision_seconds": 300,
        "opt_level": "basic",
        "opt_ruleset": "published",
        "opt_bga_eliminated_neighbour": "auto_fail",
        **over,
    }


@pytest.mark.parametrize(
    ("over", "message"),
    [
        ({"own_points": ", ".join(["1"] * 1000)}, "A points table has at most 60 places."),
        ({"own_points": "1" + "0" * 26}, "points stay below 100,000."),
        ({"own_points": "12.345"}, "points have at most two decimals"),
        ({"own_points": "25, -3"}, "points cannot be negative."),
        ({"bonus_pole": "100000"}, "less than or equal to 1000"),
    ],
)
def test_points_tables_have_limits(client, league, owner, over, message):
    scoring_presets()
    systems = ScoringSystem.objects.count()
    page = (
        client_for(client, owner)
        .post(reverse("season_create", args=[league.slug]), season_data(**over))
        .content.decode()
    )
    assert message in page
    assert not Season.objects.exists() and ScoringSystem.objects.count() == systems


def test_half_points_and_bonus_points_make_an_own_table(client, league, owner):
    scoring_presets()
    response = client_for(client, owner).post(
        reverse("season_create", args=[league.slug]),
        season_data(own_points="12.5, 9, 7.5", bonus_fastest_lap="1", eliminated_score=""),
    )
    assert response.status_code == 302
    system = Season.objects.get().scoring
    assert system.race_points == [12.5, 9, 7.5] and system.bonus == {"fastest_lap": 1}
    assert system.eliminated_score is False and system.owner == owner


def test_an_organisers_own_table_is_offered_to_them_only(client, league, owner, visitor):
    scoring_presets()
    own = ScoringSystem.objects.create(
        name="Olivia secret table", slug="olivia", race_points=[3, 2, 1], owner=owner
    )
    mine = client_for(client, owner).get(
        reverse("season_create", args=[league.slug]) + "?game=formula_d"
    )
    assert own.name in mine.content.decode()
    other_league = League.objects.create(name="Vera's league", slug="vera", owner=visitor)
    theirs = client_for(Client(), visitor).get(
        reverse("season_create", args=[other_league.slug]) + "?game=formula_d"
    )
    page = theirs.content.decode()
    assert own.name not in page and "Formula 1 (2010 on)" in page
    forged = client_for(Client(), visitor).post(
        reverse("season_create", args=[other_league.slug]), season_data(scoring=own.pk)
    )
    assert "Select a valid choice." in forged.content.decode()
    assert not Season.objects.exists()


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("東京リーグ", "dongjingrigu"),
        ("Ελληνικό Πρωτάθλημα", "elliniko-protathlima"),
        ("Liga Española", "liga-espanola"),
        ("¿—!", "league-1"),
    ],
)
def test_a_league_in_any_script_gets_a_readable_address(client, owner, name, slug):
    response = client_for(client, owner).post(reverse("league_create"), {"name": name})
    league = League.objects.get(name=name)
    assert league.slug == slug and response["Location"] == f"/l/{slug}/"


def test_a_403_is_a_page_with_a_sentence_and_a_way_back(client, league, visitor, caplog):
    season = make_season(league, slug="forbidden")
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client_for(client, visitor).get(
            reverse("season_edit", args=[league.slug, season.slug])
        )
    page = response.content.decode()
    assert response.status_code == 403
    assert "Only the league&#x27;s owner and stewards can do that." in page
    assert "Paddock's home page" in page
    forbidden = [r for r in caplog.records if getattr(r, "status_code", None) == 403]
    assert forbidden and all(r.exc_info is None for r in forbidden)


def test_a_404_is_a_page_with_a_way_back(client):
    response = client.get("/l/no-such-league/")
    assert response.status_code == 404
    assert "There is nothing at this address" in response.content.decode()


def test_a_500_page_stands_alone(settings):
    from django.template.loader import get_template

    html = get_template("500.html").render({})
    assert "Something went wrong on our side" in html and 'href="/"' in html
