"""Stewarding as a driver and a steward would use it: a driver reports an
incident on a finished session, pointing at a replay step; the stewards
decide it, and an upheld report can carry a penalty (points, places or a
disqualification, against a driver or a team alone) that counts in the
standings at once; the history is public on the session page."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import DriverStanding, Team, TeamStanding
from races.models import Penalty, Protest, Result, Session
from races.results.stewarding import protest_file
from races.results.store import SeatResult, results_enter
from tests.web.conftest import build_season, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def raced(league, owner):
    """A team season whose round 1 race was entered by hand: #1, #2, #3, #4."""
    season, grid, rounds = build_season(
        league, entries=4, rounds=1, finished=0, team_mode=True, slug="steward"
    )
    red = Team.objects.create(season=season, name="Red")
    blue = Team.objects.create(season=season, name="Blue")
    for entry, team in zip(grid, [red, blue, red, blue], strict=True):
        entry.team = team
        entry.save()
    race = rounds[0].sessions.get(kind=Session.Kind.RACE)
    results_enter(
        session=race,
        lines=[
            SeatResult(entry_id=e.pk, seat=f"car{e.car_number}", position=i, status="finished")
            for i, e in enumerate(grid, start=1)
        ],
        user=owner,
    )
    # the first driver is a person who can log in
    return season, grid, rounds[0], race


def driver_client(client, entry):
    return client_for(client, entry.driver.user)


def points(season):
    return {
        s.entry.car_number: s.points
        for s in DriverStanding.objects.filter(season=season).select_related("entry")
    }


def test_a_driver_reports_an_incident_at_a_replay_step(client, raced):
    season, grid, rnd, race = raced
    reporter = driver_client(client, grid[1])
    page = reporter.get(reverse("session_live", args=[race.pk]) + "?step=12").content.decode()
    assert "Report an incident" in page and 'value="12"' in page
    response = reporter.post(
        reverse("protest_new", args=[race.pk]),
        {"against": grid[0].pk, "step": 12, "description": "Pushed me off at the hairpin."},
    )
    assert response.status_code == 302
    protest = Protest.objects.get()
    assert protest.against == grid[0] and protest.step == 12 and protest.status == "open"


def test_someone_outside_the_season_cannot_report(client, raced, visitor):
    season, grid, rnd, race = raced
    url = reverse("protest_new", args=[race.pk])
    assert client_for(client, visitor).post(url, {"description": "x"}).status_code == 403
    assert not Protest.objects.exists()


def test_a_report_needs_a_description_and_a_sane_length(client, raced):
    season, grid, rnd, race = raced
    reporter = driver_client(client, grid[1])
    url = reverse("protest_new", args=[race.pk])
    page = reporter.post(url, {"description": ""}, follow=True).content.decode()
    assert "This field is required." in page
    page = reporter.post(url, {"description": "x" * 2001}, follow=True).content.decode()
    assert "at most 2000 characters" in page
    assert not Protest.objects.exists()


def test_stewards_uphold_a_report_with_a_places_penalty_and_the_field_moves_up(
    client, raced, steward
):
    season, grid, rnd, race = raced
    protest = Protest.objects.create(
        session=race, filed_by=grid[1].driver.user, against=grid[0], description="Divebomb"
    )
    response = client_for(client, steward).post(
        reverse("protest_decision", args=[protest.pk]),
        {"outcome": "upheld", "decision": "Avoidable contact.", "kind": "places", "places": 2},
    )
    assert response.status_code == 302
    protest.refresh_from_db()
    assert protest.status == "upheld" and protest.decided_by == steward
    penalty = Penalty.objects.get()
    assert penalty.entry == grid[0] and penalty.places == 2 and penalty.protest == protest
    # #1 drops from first to third: #2 wins, #3 second
    assert points(season) == {1: 15, 2: 25, 3: 18, 4: 12}
    winner = Result.objects.get(session=race, entry=grid[0])
    assert winner.position == 1 and winner.final_position == 3
    assert TeamStanding.objects.get(team__name="Red").points == 15 + 18
    page = client.get(reverse("session_live", args=[race.pk])).content.decode()
    assert "Avoidable contact." in page and "2 places lost" in page and "Upheld" in page


def test_a_disqualification_from_a_decision_takes_every_point(client, raced, owner):
    season, grid, rnd, race = raced
    protest = Protest.objects.create(
        session=race, filed_by=grid[1].driver.user, against=grid[0], description="Illegal car"
    )
    client_for(client, owner).post(
        reverse("protest_decision", args=[protest.pk]),
        {"outcome": "upheld", "decision": "Car out of spec.", "kind": "disqualification"},
    )
    assert points(season) == {1: 0, 2: 25, 3: 18, 4: 15}
    assert Result.objects.get(session=race, entry=grid[0]).final_status == "disqualified"


def test_a_dismissed_report_changes_nothing_and_cannot_carry_a_penalty(client, raced, steward):
    season, grid, rnd, race = raced
    protest = Protest.objects.create(
        session=race, filed_by=grid[1].driver.user, against=grid[0], description="Racing"
    )
    before = points(season)
    steward_client = client_for(client, steward)
    url = reverse("protest_decision", args=[protest.pk])
    steward_client.post(
        url, {"outcome": "dismissed", "decision": "Racing incident.", "kind": "points", "points": 5}
    )
    protest.refresh_from_db()
    assert protest.status == "open" and not Penalty.objects.exists()
    steward_client.post(url, {"outcome": "dismissed", "decision": "Racing incident."})
    protest.refresh_from_db()
    assert protest.status == "dismissed" and points(season) == before


def test_a_driver_cannot_decide_a_report(client, raced):
    season, grid, rnd, race = raced
    protest = Protest.objects.create(
        session=race, filed_by=grid[1].driver.user, against=grid[0], description="x"
    )
    response = driver_client(client, grid[1]).post(
        reverse("protest_decision", args=[protest.pk]), {"outcome": "upheld", "decision": "Mine"}
    )
    assert response.status_code == 403
    protest.refresh_from_db()
    assert protest.status == "open"


def test_a_penalty_against_the_team_alone(client, raced, owner):
    season, grid, rnd, race = raced
    red = Team.objects.get(name="Red")
    response = client_for(client, owner).post(
        reverse("penalty_add", args=[season.league.slug, season.slug, rnd.number]),
        {"team": red.pk, "kind": "points", "points": "7.5", "reason": "Late to the grid"},
    )
    assert response.status_code == 302
    assert points(season) == {1: 25, 2: 18, 3: 15, 4: 12}  # the drivers keep theirs
    assert TeamStanding.objects.get(team=red).points == 25 + 15 - 7.5
    page = client.get(rnd.get_absolute_url()).content.decode()
    assert "−7.5 points for team Red" in page


def test_a_penalty_needs_a_driver_or_a_team_but_not_both(client, raced, owner):
    season, grid, rnd, race = raced
    url = reverse("penalty_add", args=[season.league.slug, season.slug, rnd.number])
    organiser = client_for(client, owner)
    page = organiser.post(url, {"points": 3, "reason": "x"}).content.decode()
    assert "Choose the driver (or the team) penalised." in page
    red = Team.objects.get(name="Red")
    page = organiser.post(
        url, {"entry": grid[0].pk, "team": red.pk, "points": 3, "reason": "x"}
    ).content.decode()
    assert "Penalise a driver or a team alone, not both." in page
    page = organiser.post(url, {"team": red.pk, "kind": "places", "places": 2, "reason": "x"})
    assert "Places and disqualifications are given to a driver." in page.content.decode()
    assert not Penalty.objects.exists()


def test_each_open_report_has_its_own_decision_form(client, raced, steward):
    season, grid, rnd, race = raced
    first, second = (
        Protest.objects.create(
            session=race, filed_by=grid[1].driver.user, against=grid[0], description=text
        )
        for text in ("Blocking", "Pushing")
    )
    page = client_for(client, steward).get(reverse("session_live", args=[race.pk]))
    html = page.content.decode()
    for protest in (first, second):
        assert f'id="decide-{protest.pk}"' in html
        assert html.count(f'id="protest{protest.pk}_decision"') == 1


def test_a_driver_cannot_report_their_own_car(client, raced):
    season, grid, rnd, race = raced
    reporter = driver_client(client, grid[1])
    page = reporter.get(reverse("session_live", args=[race.pk])).content.decode()
    assert f'<option value="{grid[0].pk}">' in page
    assert f'<option value="{grid[1].pk}">' not in page  # their own car is not offered
    response = reporter.post(
        reverse("protest_new", args=[race.pk]),
        {"against": grid[1].pk, "description": "I spun on my own."},
        follow=True,
    )
    assert "Select a valid choice." in response.content.decode()
    with pytest.raises(ValidationError) as error:
        protest_file(session=race, user=grid[1].driver.user, description="x", against=grid[1])
    assert "Report another car" in error.value.messages[0]
    assert not Protest.objects.exists()
