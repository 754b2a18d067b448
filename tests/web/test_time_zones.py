"""Every date shows with weekday, day, month, year, time and zone, in the
viewer's time zone: their own choice, else their browser's."""

from datetime import UTC, datetime

import pytest
from django.test import Client
from django.urls import reverse

from league.models import Preferences
from races.models import Round
from tests.conftest import make_season
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def dated(league):
    season = make_season(league, slug="dated", rules={"level": "basic"})
    Round.objects.create(
        season=season,
        number=1,
        name="New Year's Eve GP",
        track="paddock_ring",
        scheduled_at=datetime(2027, 12, 31, 19, 0, tzinfo=UTC),
    )
    return season


def test_a_visitor_sees_utc_with_the_year(client, dated):
    page = client.get(dated.get_absolute_url()).content.decode()
    assert "Fri 31 Dec 2027, 19:00 UTC" in page


def test_the_browsers_time_zone_is_used_until_one_is_chosen(dated):
    browser = Client()
    browser.cookies["tz"] = "Asia/Tokyo"
    page = browser.get(dated.get_absolute_url()).content.decode()
    assert "Sat 1 Jan 2028, 04:00 JST" in page
    browser.cookies["tz"] = "Not/A_Zone"
    assert "19:00 UTC" in browser.get(dated.get_absolute_url()).content.decode()


def test_a_person_chooses_a_time_zone_and_keeps_it(client, dated, driver_user):
    person = client_for(client, driver_user)
    person.cookies["tz"] = "Asia/Tokyo"
    response = person.post(reverse("preferences"), {"time_zone": "America/New_York"})
    assert response.status_code == 302
    assert Preferences.objects.get(user=driver_user).time_zone == "America/New_York"
    page = person.get(dated.get_absolute_url()).content.decode()
    assert "Fri 31 Dec 2027, 14:00 EST" in page
    # another browser of the same person reads the choice once
    other = client_for(Client(), driver_user)
    assert "14:00 EST" in other.get(dated.get_absolute_url()).content.decode()


def test_an_unknown_time_zone_is_refused(client, driver_user):
    page = client_for(client, driver_user).post(reverse("preferences"), {"time_zone": "Mars/Base"})
    assert "Select a valid choice." in page.content.decode()
    assert not Preferences.objects.exists()


def test_cached_pages_are_kept_apart_by_time_zone(dated):
    first, second = Client(), Client()
    second.cookies["tz"] = "Asia/Tokyo"
    assert "19:00 UTC" in first.get(dated.get_absolute_url()).content.decode()
    assert "04:00 JST" in second.get(dated.get_absolute_url()).content.decode()
    assert "19:00 UTC" in first.get(dated.get_absolute_url()).content.decode()


def test_a_second_person_on_the_same_browser_gets_their_own_zone(dated, driver_user, visitor):
    Preferences.objects.create(user=driver_user, time_zone="America/New_York")
    browser = client_for(Client(), driver_user)
    assert "14:00 EST" in browser.get(dated.get_absolute_url()).content.decode()
    browser.logout()
    browser.force_login(visitor)
    assert "19:00 UTC" in browser.get(dated.get_absolute_url()).content.decode()
