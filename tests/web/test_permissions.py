"""Every organiser write refuses anyone but the league's owner and stewards
(403), and changes nothing when refused."""

import pytest
from django.urls import reverse

from league.models import Entry, League, Season, Team
from races.models import Penalty, Round, Session
from tests.conftest import hand_overs
from tests.web.conftest import build_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(league):
    season, grid, rounds = build_season(league, finished=1, team_mode=True)
    Team.objects.create(season=season, name="Green", colour="#00ff00")
    scheduled = rounds[1].sessions.get()
    penalty = Penalty.objects.create(
        entry=grid[0], round=rounds[0], points=2, reason="Blocking", steward=league.owner
    )
    return season, grid, rounds, scheduled, penalty


def snapshot():
    return (
        League.objects.count(),
        Season.objects.count(),
        list(Season.objects.values_list("status", "name", "rules", "grid_size")),
        list(League.objects.values_list("name", "description")),
        list(Round.objects.order_by("pk").values_list("name", "track", "laps", "grid_rule")),
        list(Team.objects.order_by("pk").values_list("name", "colour")),
        Entry.objects.count(),
        Penalty.objects.count(),
        list(Session.objects.order_by("pk").values_list("status", "scheduled_at")),
    )


def writes(league, season, grid, rounds, scheduled, penalty):
    s = [league.slug, season.slug]
    green = Team.objects.get(season=season, name="Green")
    return [
        (
            reverse("round_edit", args=[*s, 2]),
            {
                "name": "Changed",
                "track": "lakeside_gp",
                "laps": 2,
                "qualifying_format": "none",
                "grid_rule": "random",
            },
        ),
        (reverse("team_edit", args=[green.pk]), {"name": "Lime", "colour": "#00ee00"}),
        (reverse("team_delete", args=[green.pk]), {}),
        (
            reverse("season_create", args=[league.slug]),
            {
                "game": "formula_d",
                "name": "Autumn",
                "scoring": "",
                "own_points": "10, 5",
                "drop_worst": 0,
                "team_size": 2,
                "grid_size": 8,
                "bot_level": "pro",
                "opt_ruleset": "published",
                "opt_level": "basic",
                "opt_bga_eliminated_neighbour": "auto_fail",
            },
        ),
        (
            reverse("season_edit", args=s),
            {
                "game": "formula_d",
                "name": "Renamed",
                "scoring": season.scoring_id,
                "drop_worst": 0,
                "team_mode": "on",
                "team_size": 2,
                "grid_size": 3,
                "bot_level": "pro",
                "opt_ruleset": "published",
                "opt_level": "basic",
                "opt_bga_eliminated_neighbour": "auto_fail",
            },
        ),
        (reverse("season_status", args=s), {"status": "finished"}),
        (
            reverse("round_create", args=s),
            {
                "number": 9,
                "name": "Extra",
                "track": "paddock_ring",
                "qualifying_format": "none",
                "grid_rule": "entry",
            },
        ),
        (reverse("team_create", args=s), {"name": "Blue", "colour": "#0000ff"}),
        (reverse("entry_add", args=s), {"driver_name": "stefan", "car_number": 77}),
        (
            reverse("penalty_add", args=[*s, 1]),
            {"entry": grid[1].pk, "points": 3, "reason": "Pushing"},
        ),
        (reverse("penalty_remove", args=[penalty.pk]), {}),
        (reverse("session_run", args=[scheduled.pk]), {}),
        (reverse("session_cancel", args=[scheduled.pk]), {}),
        (reverse("session_reschedule", args=[scheduled.pk]), {"when": "2031-05-01T20:00"}),
        (reverse("session_retry", args=[scheduled.pk]), {}),
    ]


@pytest.mark.parametrize("who", ["anonymous", "driver", "visitor"])
def test_only_organisers_may_write(client, who, setup, league, driver_user, visitor):
    if who == "driver":
        client.force_login(driver_user)
    elif who == "visitor":
        client.force_login(visitor)
    before = snapshot()
    for url, data in writes(league, *setup):
        response = client.post(url, data)
        assert response.status_code == 403, url
    assert snapshot() == before


@pytest.mark.parametrize("who", ["owner", "steward"])
def test_owner_and_stewards_may_write(client, who, setup, league, owner, steward):
    client.force_login(owner if who == "owner" else steward)
    for url, data in writes(league, *setup):
        response = client.post(url, data)
        assert response.status_code in (200, 302), url
        if response.status_code == 200:
            assert b'class="error"' not in response.content, url


def test_writes_refuse_get(client, setup, league, owner):
    client.force_login(owner)
    season, grid, rounds, scheduled, penalty = setup
    for name in ["session_run", "session_cancel", "session_retry", "session_reschedule"]:
        assert client.get(reverse(name, args=[scheduled.pk])).status_code == 405
    assert client.get(reverse("penalty_remove", args=[penalty.pk])).status_code == 405
    # A team's deletion and a stage move show their confirmation page on GET
    # and change nothing (tests/web/test_nothing_lost.py).


def test_form_pages_send_anonymous_visitors_to_log_in(client, setup, league):
    season = setup[0]
    for url in [
        reverse("league_create"),
        reverse("season_create", args=[league.slug]),
        reverse("round_create", args=[league.slug, season.slug]),
        reverse("season_join", args=[league.slug, season.slug]),
        reverse("season_edit", args=[league.slug, season.slug]),
        reverse("league_edit", args=[league.slug]),
    ]:
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_organiser_form_pages_are_403_for_other_people(client, setup, league, visitor):
    season = setup[0]
    client.force_login(visitor)
    for url in [
        reverse("season_create", args=[league.slug]),
        reverse("round_create", args=[league.slug, season.slug]),
        reverse("team_create", args=[league.slug, season.slug]),
        reverse("entry_add", args=[league.slug, season.slug]),
        reverse("round_edit", args=[league.slug, season.slug, 2]),
        reverse("team_edit", args=[season.teams.get().pk]),
        reverse("season_edit", args=[league.slug, season.slug]),
        reverse("season_delete", args=[league.slug, season.slug]),
        reverse("league_edit", args=[league.slug]),
        reverse("league_delete", args=[league.slug]),
    ]:
        assert client.get(url).status_code == 403, url


def test_organisers_see_the_controls_and_others_do_not(client, setup, league, owner, visitor):
    season, grid, rounds, scheduled, penalty = setup
    client.force_login(visitor)
    page = client.get(rounds[1].get_absolute_url()).content.decode()
    assert "Run now" not in page and "Give a penalty" not in page
    client.force_login(owner)
    page = client.get(rounds[1].get_absolute_url()).content.decode()
    assert "Run now" in page and "Give a penalty" in page


def test_the_league_create_write_needs_a_login(client):
    response = client.post(reverse("league_create"), {"name": "Sneaky"})
    assert response.status_code == 403
    assert not League.objects.filter(name="Sneaky").exists()


def test_htmx_writes_carry_the_csrf_token_from_the_body(
    league, owner, django_capture_on_commit_callbacks
):
    import re

    from django.test import Client

    season, grid, rounds = build_season(league, finished=0)
    session = rounds[0].sessions.get()
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    page = client.get(rounds[0].get_absolute_url()).content.decode()
    token = re.search(r"hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'", page).group(1)
    url = reverse("session_run", args=[session.pk])
    with django_capture_on_commit_callbacks() as refused:
        assert client.post(url, HTTP_HX_REQUEST="true").status_code == 403
    assert refused == []
    with django_capture_on_commit_callbacks() as handed:
        response = client.post(url, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 302 and len(hand_overs(handed)) == 1
