"""Issue 23, item 6, each defect tried the way it was found: a browser
logged in before a time-zone change kept the old zone, a 3 MB paste into
the CSV import gave a bare 400 page, and "NaN" in a points table was told
"points cannot be negative"."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from league.models import ScoringSystem, Season
from races.models import Result
from tests.web.conftest import build_season, client_for
from tests.web.test_organiser import season_data
from tests.web.test_results_entry import race_of
from tests.web.test_time_zones import dated  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db


def test_a_zone_change_reaches_a_browser_logged_in_before_it(dated, driver_user):  # noqa: F811
    earlier = client_for(Client(), driver_user)
    assert "19:00 UTC" in earlier.get(dated.get_absolute_url()).content.decode()
    elsewhere = client_for(Client(), driver_user)
    response = elsewhere.post(reverse("preferences"), {"time_zone": "Europe/Warsaw"})
    assert response.status_code == 302
    # the next page in the browser logged in before the change
    assert "Fri 31 Dec 2027, 20:00 CET" in earlier.get(dated.get_absolute_url()).content.decode()


def test_a_page_tells_the_browser_script_which_zone_it_was_drawn_in(dated, driver_user):  # noqa: F811
    visitor = Client()
    page = visitor.get(dated.get_absolute_url()).content.decode()
    assert '<meta name="paddock-zone" content="UTC" data-follows>' in page
    assert '<script src="/static/js/timezone.js"></script>' in page
    person = client_for(Client(), driver_user)
    person.post(reverse("preferences"), {"time_zone": "Europe/Warsaw"})
    chosen = person.get(dated.get_absolute_url()).content.decode()
    # a person's own choice stands: the browser's zone does not redraw the page
    assert '<meta name="paddock-zone" content="Europe/Warsaw">' in chosen


def test_a_zone_cookie_written_url_encoded_is_read(dated):  # noqa: F811
    browser = Client()
    browser.cookies["tz"] = "Europe%2FWarsaw"  # as the earlier script wrote it
    assert "20:00 CET" in browser.get(dated.get_absolute_url()).content.decode()


@pytest.fixture
def import_url(league):
    season, grid, rounds = build_season(league, entries=3, rounds=1, finished=0, slug="imp")
    return reverse("results_import", args=[race_of(rounds[0]).pk])


def test_a_3_mb_paste_is_a_field_error_naming_the_limit(client, owner, import_url):
    organiser = client_for(client, owner)
    text = "car,position\n" + "1,1\n" * 750_000  # 3 MB
    response = organiser.post(import_url, {"text": text})
    assert response.status_code == 413
    page = response.content.decode()
    assert "Pasted text is at most 200 kB" in page and 'class="error' in page
    assert 'name="text"' in page  # the import form itself, to try again
    assert not Result.objects.exists()


def test_a_paste_over_the_limit_but_readable_says_the_same(client, owner, import_url):
    organiser = client_for(client, owner)
    response = organiser.post(import_url, {"text": "car,position\n" + "1,1\n" * 60_000})
    assert response.status_code == 200
    assert "Pasted text is at most 200 kB" in response.content.decode()


def test_a_big_file_is_a_field_error_naming_the_limit(client, owner, import_url):
    organiser = client_for(client, owner)
    big = SimpleUploadedFile("r.csv", b"car,position\n" + b"1,1\n" * 750_000)
    page = organiser.post(import_url, {"file": big}).content.decode()
    assert "A result file is at most 200 kB." in page


def test_a_too_big_post_from_a_stranger_is_still_refused(client, visitor, import_url):
    stranger = client_for(client, visitor)
    response = stranger.post(import_url, {"text": "x" * 3_000_000})
    assert response.status_code == 403


def test_nan_or_infinity_in_a_points_table_gets_its_own_message(client, owner, league):
    organiser = client_for(client, owner)
    url = reverse("season_create", args=[league.slug])
    systems = ScoringSystem.objects.count()
    for text in ("25, NaN, 10", "25, Infinity", "25, -inf"):
        page = organiser.post(url, season_data(scoring="", own_points=text)).content.decode()
        assert "NaN and infinity are not points" in page, text
        assert "cannot be negative" not in page
    page = organiser.post(url, season_data(bonus_pole="nan")).content.decode()
    assert "NaN and infinity are not numbers here" in page
    assert ScoringSystem.objects.count() == systems and not Season.objects.exists()
