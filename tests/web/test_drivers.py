"""Drivers sign up, join an open season (car number, team, setup,
autopilot) and withdraw before it starts."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import Driver, Entry, Season, Team
from tests.conftest import make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_season(league):
    # FD-V-3: car builds are played in advanced seasons with the variant on.
    return make_season(
        league,
        slug="open",
        status="open",
        team_mode=True,
        team_size=2,
        rules={"level": "advanced", "build_your_car": True},
    )


@pytest.fixture
def basic_season(league):
    return make_season(league, slug="basic", status="open")


def join(client, season, **data):
    url = reverse("season_join", args=[season.league.slug, season.slug])
    return client.post(url, {"autopilot": "pro", **data})


def test_a_visitor_signs_up_and_is_logged_in_with_a_driver(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "lena",
            "email": "lena@example.org",
            "password1": "a-long-pass-123",
            "password2": "a-long-pass-123",
        },
    )
    assert response.status_code == 302
    user = get_user_model().objects.get(username="lena")
    assert Driver.objects.get(user=user).name == "lena"
    assert client.get(reverse("home")).context["user"] == user


def test_sign_up_explains_a_password_mismatch(client):
    response = client.post(
        reverse("signup"), {"username": "lena", "password1": "a-long-pass-123", "password2": "x"}
    )
    assert "The two password fields didn’t match." in response.content.decode()
    assert not get_user_model().objects.filter(username="lena").exists()


def test_log_in_and_out(client, driver_user):
    response = client.post(reverse("login"), {"username": "dmitri", "password": "pw-dmitri"})
    assert response.status_code == 302
    assert client.post(reverse("logout")).status_code == 302
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_two_drivers_join_and_form_a_team(client, open_season, driver_user, visitor):
    client.force_login(driver_user)
    join(client, open_season, car_number=7, new_team="Scuderia Rosso")
    client.force_login(visitor)
    team = Team.objects.get(season=open_season)
    join(client, open_season, car_number=8, team=team.pk, autopilot="rookie")
    entries = Entry.objects.filter(season=open_season).order_by("car_number")
    assert [(e.car_number, e.team.name, e.autopilot) for e in entries] == [
        (7, "Scuderia Rosso", "pro"),
        (8, "Scuderia Rosso", "rookie"),
    ]
    page = client.get(open_season.get_absolute_url()).content.decode()
    assert "Scuderia Rosso" in page and "You drive car <strong>#8</strong>" in page


def test_a_driver_gives_a_car_build(client, open_season, driver_user):
    client.force_login(driver_user)
    build = {
        "setup_T": 6,
        "setup_Br": 3,
        "setup_Gb": 3,
        "setup_Bo": 3,
        "setup_En": 3,
        "setup_Su": 2,
    }
    join(client, open_season, car_number=7, **build)
    entry = Entry.objects.get()
    assert entry.setup == {"build": {"T": 6, "Br": 3, "Gb": 3, "Bo": 3, "En": 3, "Su": 2}}


def test_a_basic_season_offers_no_car_build_and_refuses_one(client, basic_season, driver_user):
    client.force_login(driver_user)
    url = reverse("season_join", args=[basic_season.league.slug, basic_season.slug])
    assert "setup_T" not in client.get(url).content.decode()
    join(client, basic_season, car_number=7, setup_T=6)
    assert Entry.objects.get().setup == {}  # the field is not the season's: nothing is taken
    entry = Entry.objects.get()
    entry.setup = {"build": {"T": 6, "Br": 3, "Gb": 3, "Bo": 3, "En": 3, "Su": 2}}
    with pytest.raises(ValidationError, match="do not allow a car setup"):
        entry.full_clean()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"car_number": 0}, "Ensure this value is greater than or equal to 1."),
        ({"car_number": ""}, "This field is required."),
        (
            {"car_number": 7, "setup_T": 10},
            "Give every value of the setup, or none.",
        ),
        (
            {
                "car_number": 7,
                "setup_T": 9,
                "setup_Br": 3,
                "setup_Gb": 3,
                "setup_Bo": 3,
                "setup_En": 3,
                "setup_Su": 2,
            },
            "A build spreads exactly 20 points; this one has 23.",
        ),
        ({"car_number": 7, "setup_Br": 9}, "Ensure this value is less than or equal to 7."),
    ],
)
def test_bad_join_input_shows_a_message_and_stores_nothing(
    client, open_season, driver_user, data, message
):
    client.force_login(driver_user)
    response = join(client, open_season, **data)
    assert message in response.content.decode()
    assert not Entry.objects.exists()


def test_a_taken_car_number_is_refused(client, open_season, driver_user, visitor):
    client.force_login(driver_user)
    join(client, open_season, car_number=7)
    client.force_login(visitor)
    response = join(client, open_season, car_number=7, new_team="Blue")
    assert "Car number 7 is taken in this season." in response.content.decode()
    assert Entry.objects.count() == 1 and not Team.objects.exists()


def test_a_full_team_is_refused(client, league, driver_user, visitor, steward):
    season = make_season(league, slug="small", status="open", team_mode=True, team_size=1)
    client.force_login(driver_user)
    join(client, season, car_number=1, new_team="Solo")
    client.force_login(visitor)
    response = join(client, season, car_number=2, team=Team.objects.get().pk)
    assert "Solo is full: a team has at most 1 drivers." in response.content.decode()
    assert Entry.objects.count() == 1


def test_joining_twice_is_refused(client, open_season, driver_user):
    client.force_login(driver_user)
    join(client, open_season, car_number=7)
    response = join(client, open_season, car_number=8)
    assert "You have already entered this season." in response.content.decode()
    assert Entry.objects.count() == 1


def test_a_season_that_is_not_open_cannot_be_joined(client, season, driver_user):
    client.force_login(driver_user)
    response = join(client, season, car_number=7)
    assert "This season is not open for entries." in response.content.decode()
    assert not Entry.objects.exists()


def test_a_driver_withdraws_before_the_season_starts(client, open_season, driver_user):
    client.force_login(driver_user)
    join(client, open_season, car_number=7, new_team="Alone")
    client.post(
        reverse("season_withdraw", args=[open_season.league.slug, open_season.slug]),
        {"confirm": "yes"},
    )
    # The entry goes; the team it founded stays (issue 23: never silently).
    assert not Entry.objects.exists() and Team.objects.filter(name="Alone").exists()


def test_withdrawing_once_the_season_runs_keeps_the_entry_and_its_results(
    client, open_season, driver_user
):
    client.force_login(driver_user)
    join(client, open_season, car_number=7)
    Season.objects.filter(pk=open_season.pk).update(status="running")
    page = client.post(
        reverse("season_withdraw", args=[open_season.league.slug, open_season.slug]),
        {"confirm": "yes"},
        follow=True,
    ).content.decode()
    assert "You have withdrawn from" in page
    assert Entry.objects.get().withdrawn


def test_withdrawing_needs_a_login_and_an_entry(client, open_season, driver_user):
    url = reverse("season_withdraw", args=[open_season.league.slug, open_season.slug])
    assert client.post(url).status_code == 403
    client.force_login(driver_user)
    assert client.post(url).status_code == 404
