"""An organiser runs a long season: edits entries, moves a driver to another
team from a round on, withdraws a driver so the first reserve takes the
seat, takes late sign-ups, adds a run of weekly rounds in one form and
copies last season to new dates."""

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import Entry, Season, Team, TeamChange, TeamStanding
from league.organise.entries import entry_create
from races.models import Round, Session
from races.results.store import SeatResult, results_enter
from tests.conftest import make_driver, make_season
from tests.web.conftest import build_season, client_for

pytestmark = pytest.mark.django_db


def enter(rnd, order, user):
    race = rnd.sessions.get(kind=Session.Kind.RACE)
    results_enter(
        session=race,
        lines=[
            SeatResult(entry_id=e.pk, seat=f"car{e.car_number}", position=i, status="finished")
            for i, e in enumerate(order, start=1)
        ],
        user=user,
    )


@pytest.fixture
def teams_season(league):
    season, grid, rounds = build_season(
        league, entries=4, rounds=3, finished=0, team_mode=True, slug="teams"
    )
    red = Team.objects.create(season=season, name="Red")
    blue = Team.objects.create(season=season, name="Blue")
    for entry, team in zip(grid, [red, red, blue, blue], strict=True):
        entry.team = team
        entry.save()
    return season, grid, rounds, red, blue


def test_a_team_change_from_round_two_keeps_round_one_for_the_old_team(client, teams_season, owner):
    season, (a, b, c, d), rounds, red, blue = teams_season
    enter(rounds[0], [a, b, c, d], owner)  # red 25 + 18, blue 15 + 12
    organiser = client_for(client, owner)
    # b and c swap teams from round 2: c leaves blue first, then b moves, then c.
    for entry, team in ((c, None), (b, blue), (c, red)):
        response = organiser.post(
            reverse("entry_edit", args=[entry.pk]),
            {
                "car_number": entry.car_number,
                "team": team.pk if team else "",
                "from_round": 2,
                "autopilot": "pro",
            },
        )
        assert response.status_code == 302, response.content.decode()[-3000:]
    enter(rounds[1], [a, b, c, d], owner)  # red: a 25 + c 15; blue: b 18 + d 12
    totals = {t.team.name: t.points for t in TeamStanding.objects.filter(season=season)}
    assert totals == {"Red": 25 + 18 + 25 + 15, "Blue": 15 + 12 + 18 + 12}
    assert Entry.objects.get(pk=b.pk).team == blue
    assert TeamChange.objects.filter(entry=b).count() == 2


def test_a_full_team_is_refused_with_a_message(client, teams_season, owner):
    season, (a, b, c, d), rounds, red, blue = teams_season
    page = client_for(client, owner).post(
        reverse("entry_edit", args=[c.pk]),
        {"car_number": 3, "team": red.pk, "autopilot": "pro"},
    )
    assert "Red is full" in page.content.decode()
    assert Entry.objects.get(pk=c.pk).team == blue


def test_withdrawing_a_driver_gives_the_seat_to_the_first_reserve(client, league, owner):
    season = make_season(league, slug="res", status="running", grid_size=2)
    ana, ben = (
        entry_create(season=season, driver=make_driver(n), car_number=i)
        for i, n in enumerate(["Ana", "Ben"], start=1)
    )
    cid = entry_create(season=season, driver=make_driver("Cid"), car_number=3, reserve=True)
    dan = entry_create(season=season, driver=make_driver("Dan"), car_number=4, reserve=True)
    response = client_for(client, owner).post(
        reverse("entry_withdraw", args=[ben.pk]), {"confirm": "yes"}, follow=True
    )
    assert "Ben has withdrawn. Cid takes the seat." in response.content.decode()
    states = {e.driver.name: (e.withdrawn, e.reserve) for e in Entry.objects.filter(season=season)}
    assert states == {
        "Ana": (False, False),
        "Ben": (True, False),
        "Cid": (False, False),
        "Dan": (False, True),
    }
    from races.running.seating import racing_entries

    assert [e.car_number for e in racing_entries(season)] == [ana.car_number, cid.car_number]
    assert dan.pk


def test_an_entry_with_results_is_withdrawn_not_removed(client, teams_season, owner):
    season, grid, rounds, red, blue = teams_season
    enter(rounds[0], grid, owner)
    response = client_for(client, owner).post(
        reverse("entry_remove", args=[grid[0].pk]), {"confirm": "yes"}, follow=True
    )
    assert "withdraw them instead" in response.content.decode()
    assert Entry.objects.filter(pk=grid[0].pk).exists()


def test_an_entry_without_results_can_be_removed(client, teams_season, owner):
    season, grid, rounds, red, blue = teams_season
    client_for(client, owner).post(reverse("entry_remove", args=[grid[0].pk]), {"confirm": "yes"})
    assert not Entry.objects.filter(pk=grid[0].pk).exists()


def test_a_driver_cannot_edit_or_withdraw_another_entry(client, teams_season, driver_user):
    season, grid, rounds, red, blue = teams_season
    other = client_for(client, driver_user)
    assert other.post(reverse("entry_withdraw", args=[grid[0].pk])).status_code == 403
    assert other.post(reverse("entry_edit", args=[grid[0].pk]), {}).status_code == 403
    assert not Entry.objects.get(pk=grid[0].pk).withdrawn


def test_late_sign_ups_join_a_running_season_and_past_the_grid_as_reserves(
    client, league, driver_user, visitor
):
    season = make_season(league, slug="late", status="running", grid_size=1, late_entries=True)
    url = reverse("season_join", args=[league.slug, season.slug])
    client_for(client, driver_user).post(url, {"car_number": 5, "autopilot": "pro"})
    client_for(client, visitor).post(url, {"car_number": 6, "autopilot": "pro"})
    entries = {e.car_number: e.reserve for e in Entry.objects.filter(season=season)}
    assert entries == {5: False, 6: True}
    closed = make_season(league, slug="closed", status="running")
    page = client_for(client, visitor).post(
        reverse("season_join", args=[league.slug, closed.slug]),
        {"car_number": 7, "autopilot": "pro"},
    )
    assert "This season is not open for entries." in page.content.decode()


def test_a_weekly_run_of_rounds_in_one_form(client, league, owner):
    season = make_season(league, slug="weekly", rules={"level": "basic"})
    response = client_for(client, owner).post(
        reverse("schedule", args=[league.slug, season.slug]),
        {
            "name": "Tuesday GP",
            "tracks": ["paddock_ring", "lakeside_gp"],
            "laps": 1,
            "first_at": "2031-03-04T20:00",
            "count": 6,
            "every_days": 7,
        },
    )
    assert response.status_code == 302
    rounds = list(Round.objects.filter(season=season).order_by("number"))
    assert [r.name for r in rounds][:2] == ["Tuesday GP 1", "Tuesday GP 2"]
    assert [r.track for r in rounds][:3] == ["paddock_ring", "lakeside_gp", "paddock_ring"]
    gaps = {(b.scheduled_at - a.scheduled_at) for a, b in zip(rounds, rounds[1:], strict=False)}
    assert gaps == {timedelta(days=7)} and len(rounds) == 6
    assert Session.objects.filter(round__season=season, scheduled_at__isnull=False).count() == 6


def test_a_custom_list_of_dates_and_bad_dates(client, league, owner):
    season = make_season(league, slug="custom", rules={"level": "basic"})
    organiser = client_for(client, owner)
    url = reverse("schedule", args=[league.slug, season.slug])
    data = {"name": "R", "tracks": ["paddock_ring"], "count": 2, "every_days": 7}
    response = organiser.post(url, {**data, "dates": "2031-03-04 20:00\n2031-03-19 19:30"})
    assert response.status_code == 302
    assert Round.objects.filter(season=season).count() == 2
    page = organiser.post(url, {**data, "first_at": "9999-12-31T20:00"}).content.decode()
    assert "Give a date between the years 2000 and 2099." in page
    page = organiser.post(url, {**data, "dates": "next tuesday"}).content.decode()
    assert "Line 1: give a date as 2031-03-14 20:00." in page
    page = organiser.post(url, {**data, "first_at": "2031-01-01T20:00", "count": 53}).content
    assert b"less than or equal to 52" in page
    assert Round.objects.filter(season=season).count() == 2


def test_copying_a_season_shifts_its_rounds_and_copies_the_entries(client, teams_season, owner):
    season, grid, rounds, red, blue = teams_season
    Round.objects.filter(pk=rounds[2].pk).update(points_multiplier=2)
    grid[3].withdrawn = True
    grid[3].save()
    first = rounds[0].scheduled_at
    organiser = client_for(client, owner)
    url = reverse("season_copy", args=[season.league.slug, season.slug])
    asked = {"name": "Next Year", "first_at": "2032-01-06T20:00", "with_entries": "on"}
    # The form leads to the confirmation page first (issue 26); nothing copied yet.
    page = organiser.post(url, asked)
    assert page.status_code == 200 and b'id="confirm-form"' in page.content
    assert not Season.objects.filter(name="Next Year").exists()
    response = organiser.post(url, {**asked, "confirm": "yes"})
    copy = Season.objects.get(name="Next Year")
    assert response.status_code == 302 and copy.status == "draft"
    assert copy.scoring == season.scoring and copy.rules == season.rules and copy.team_mode
    new_rounds = list(copy.rounds.order_by("number"))
    assert [r.track for r in new_rounds] == [r.track for r in rounds]
    start = timezone.make_aware(datetime(2032, 1, 6, 20, 0))
    assert new_rounds[0].scheduled_at == start
    assert new_rounds[1].scheduled_at - new_rounds[0].scheduled_at == (
        rounds[1].scheduled_at - first
    )
    assert new_rounds[2].points_multiplier == 2
    entries = {e.car_number: e.team.name for e in copy.entries.select_related("team")}
    assert entries == {1: "Red", 2: "Red", 3: "Blue"}  # #4 had withdrawn
    assert set(Team.objects.filter(season=copy).values_list("name", flat=True)) == {"Red", "Blue"}


def test_a_season_copy_needs_a_name_and_a_sane_date(client, teams_season, owner):
    season, grid, rounds, red, blue = teams_season
    url = reverse("season_copy", args=[season.league.slug, season.slug])
    organiser = client_for(client, owner)
    assert b"This field is required." in organiser.post(url, {"name": ""}).content
    page = organiser.post(url, {"name": "Far", "first_at": "2150-01-01T20:00"}).content.decode()
    assert "Give a date between the years 2000 and 2099." in page
    assert Season.objects.count() == 1


def test_the_season_page_counts_down_to_the_next_session(client, league):
    season, grid, rounds = build_season(league, entries=2, rounds=2, finished=0, slug="next")
    Session.objects.filter(round=rounds[0]).update(
        scheduled_at=datetime(2031, 12, 31, 20, 0, tzinfo=UTC)
    )
    Session.objects.filter(round=rounds[1]).update(
        scheduled_at=datetime(2032, 1, 7, 20, 0, tzinfo=UTC)
    )
    page = client.get(season.get_absolute_url()).content.decode()
    assert 'id="next-session"' in page and "Wed 31 Dec 2031, 20:00 UTC" in page
    assert 'data-countdown="2031-12-31T20:00:00+00:00"' in page


def test_the_team_page_lists_a_car_only_for_the_rounds_it_drove_for_the_team(
    client, teams_season, owner
):
    season, (a, b, c, d), rounds, red, blue = teams_season
    enter(rounds[0], [a, b, c, d], owner)
    from league.organise.entries import entry_team_change

    entry_team_change(entry=c, team=None, from_round=2)
    entry_team_change(entry=b, team=blue, from_round=2)
    entry_team_change(entry=c, team=red, from_round=2)
    enter(rounds[1], [a, b, c, d], owner)
    page = client.get(reverse("team", args=[red.pk])).content.decode()
    history = page[page.index("Round 1") :]
    assert history.count(b.driver.name) == 1 and history.count(c.driver.name) == 1
