"""A person's own data (issue 28, item 5): the download holds their data
and nobody else's; closing the account keeps every result and standing
under a neutral name, keeps nothing else of theirs, and the leagues'
histories say so."""

import json

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from league.models import ConfirmedAddress, DriverStanding, LeagueChange, Preferences
from races.models import Result, Session, TurnNotices
from ratings.models import TitleOdds
from tests.web.conftest import build_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def raced(league):
    season, grid, rounds = build_season(league, entries=3, rounds=2)
    user = grid[0].driver.user
    user.email = "first@example.org"
    user.save()
    ConfirmedAddress.objects.create(user=user, email=user.email, confirmed_at=timezone.now())
    Preferences.objects.create(user=user, time_zone="Europe/Warsaw")
    TurnNotices.objects.create(user=user, by_email=False)
    return season, grid, user


def tables(season):
    results = sorted(
        Result.objects.filter(session__round__season=season).values_list(
            "session_id", "entry_id", "position", "status", "points"
        )
    )
    standings = sorted(
        DriverStanding.objects.filter(season=season).values_list("entry_id", "rank", "points")
    )
    return results, standings


def test_the_download_holds_the_persons_data_and_nobody_elses(client, raced):
    season, grid, user = raced
    client.force_login(user)
    response = client.get(reverse("account_download"))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["account"]["email"] == "first@example.org" and data["account"]["email_confirmed"]
    assert data["account"]["time_zone"] == "Europe/Warsaw"
    assert data["account"]["turn_notices_by_email"] is False
    (entry,) = data["entries"]
    assert entry["driver_name"] == grid[0].driver.name and entry["season"] == season.name
    assert len(entry["results"]) == Result.objects.filter(entry=grid[0]).count() == 2
    text = response.content.decode()
    for other in grid[1:]:
        assert other.driver.name not in text and other.driver.user.username not in text


def test_closing_keeps_every_result_and_standing_under_a_neutral_name(client, raced):
    season, grid, user = raced
    before = tables(season)
    old_name = grid[0].driver.name
    client.force_login(user)
    response = client.post(reverse("account_close"), {"password": "pw-" + user.username})
    assert response.status_code == 302
    assert tables(season) == before
    grid[0].driver.refresh_from_db()
    assert grid[0].driver.name.startswith("Former driver") and grid[0].driver.closed_at
    standings = client.get(reverse("standings", args=[season.league.slug, season.slug]))
    html = standings.content.decode()
    assert grid[0].driver.name in html and old_name not in html
    for session in Session.objects.filter(round__season=season, status="finished"):
        assert old_name not in json.dumps(session.seats)
        call_command("verify_session", session.pk)


def test_closing_keeps_nothing_else_of_the_person(client, raced):
    season, grid, user = raced
    username = user.username
    client.force_login(user)
    client.post(reverse("account_close"), {"password": "pw-" + username})
    user.refresh_from_db()
    assert user.username != username and user.email == "" and not user.is_active
    assert not user.has_usable_password() and user.first_name == user.last_name == ""
    for model in (Preferences, TurnNotices, ConfirmedAddress):
        assert not model.objects.filter(user=user).exists()
    assert "_auth_user_id" not in client.session
    assert (
        client.post(
            reverse("login"), {"username": username, "password": "pw-" + username}
        ).status_code
        == 200
    )


def test_stored_title_odds_take_the_neutral_name(client, raced):
    season, grid, user = raced
    rows = [{"entry_id": e.pk, "driver_id": e.driver_id, "name": e.driver.name} for e in grid]
    odds = TitleOdds.objects.create(
        season=season, after_round=1, computed_at=timezone.now(), simulations=1, seed="s",
        drivers=rows,
    )  # fmt: skip
    client.force_login(user)
    client.post(reverse("account_close"), {"password": "pw-" + user.username})
    odds.refresh_from_db()
    grid[0].driver.refresh_from_db()
    assert [r["name"] for r in odds.drivers] == [grid[0].driver.name] + [
        e.driver.name for e in grid[1:]
    ]


def test_the_leagues_history_says_so(client, raced):
    season, grid, user = raced
    client.force_login(user)
    client.post(reverse("account_close"), {"password": "pw-" + user.username})
    grid[0].driver.refresh_from_db()
    (line,) = LeagueChange.objects.filter(league=season.league, topic="people")
    assert (
        grid[0].driver.name in line.summary_words()
        and "closed their account" in line.summary_words()
    )


def test_a_wrong_password_closes_nothing(client, raced):
    season, grid, user = raced
    client.force_login(user)
    response = client.post(reverse("account_close"), {"password": "nope"})
    assert response.status_code == 200 and "That is not your password." in response.content.decode()
    user.refresh_from_db()
    assert user.is_active and not LeagueChange.objects.filter(topic="people").exists()


def test_an_organiser_hands_their_league_on_before_closing(client, raced, owner):
    season, *_ = raced
    client.force_login(owner)
    response = client.post(reverse("account_close"), {"password": "pw-olivia"})
    assert response.status_code == 200 and season.league.name in response.content.decode()
    owner.refresh_from_db()
    assert owner.is_active


def test_a_steward_closing_leaves_the_stewards(client, raced, steward):
    season, *_ = raced
    client.force_login(steward)
    client.post(reverse("account_close"), {"password": "pw-stefan"})
    assert not season.league.stewards.exists()
    assert LeagueChange.objects.filter(league=season.league, topic="people").count() == 1
