"""The language chooser on every page, the browser's language by default,
a signed-in person's saved choice, and a page that really speaks Polish."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from league.caching import READER_TOKEN, memory_clear
from league.models import ConfirmedAddress, Preferences
from races.rules import speech
from races.running.progress import recent_for_reader
from tests.conftest import make_season
from tests.races.test_table import heat  # noqa: F401,F811 - a live Heat race waiting for Ana

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_pages():
    memory_clear()
    yield
    memory_clear()


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def test_the_chooser_names_each_language_in_itself_on_every_page(client, league):
    season = make_season(league)
    for url in [
        "/",
        league.get_absolute_url(),
        season.get_absolute_url(),
        reverse("standings", args=[league.slug, season.slug]),
        reverse("login"),
    ]:
        html = client.get(url).content.decode()
        assert f'action="{reverse("language_choose")}"' in html, url
        for code, name in settings.LANGUAGES:
            assert f'value="{code}" lang="{code}"' in html and f">{name}</button>" in html, url


def test_a_page_speaks_the_browsers_language_by_default(client):
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="pl-PL,pl;q=0.9,en;q=0.5")) == "pl"
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="zh-TW,zh-Hant;q=0.9")) == "zh-hant"
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="ja")) == "ja"
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="fr-FR")) == "en"


def test_choosing_a_language_keeps_it_for_this_browser(client):
    response = client.post(reverse("language_choose"), {"language": "ja", "next": "/ratings/"})
    assert response.status_code == 302 and response["Location"] == "/ratings/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ja"
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="pl")) == "ja"


def test_the_chooser_needs_the_csrf_token():
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(reverse("language_choose"), {"language": "pl", "next": "/"})
    assert response.status_code == 403
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_an_unknown_language_changes_nothing(client, driver_user):
    client.force_login(driver_user)
    response = client.post(reverse("language_choose"), {"language": "xx", "next": "/"})
    assert response.status_code == 302
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert not Preferences.objects.filter(user=driver_user).exists()


def test_a_signed_in_persons_choice_follows_them_to_another_browser(client, driver_user):
    client.force_login(driver_user)
    client.post(reverse("language_choose"), {"language": "pl", "next": "/"})
    assert Preferences.objects.get(user=driver_user).language == "pl"
    elsewhere = Client()
    elsewhere.force_login(driver_user)
    assert html_lang(elsewhere.get("/", HTTP_ACCEPT_LANGUAGE="ja")) == "pl"


def test_the_preferences_page_saves_the_language_and_an_empty_one_means_the_browsers(
    client, driver_user
):
    client.force_login(driver_user)
    page = client.get(reverse("preferences")).content.decode()
    assert 'name="language"' in page and "Your browser&#x27;s language" in page
    client.post(reverse("preferences"), {"time_zone": "Europe/Warsaw", "language": "zh-hant"})
    assert Preferences.objects.get(user=driver_user).language == "zh-hant"
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="pl")) == "zh-hant"
    client.post(reverse("preferences"), {"time_zone": "Europe/Warsaw", "language": ""})
    assert Preferences.objects.get(user=driver_user).language == ""
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="pl")) == "pl"


def test_a_bad_language_on_the_preferences_page_is_a_field_error(client, driver_user):
    client.force_login(driver_user)
    response = client.post(reverse("preferences"), {"time_zone": "UTC", "language": "klingon"})
    assert response.status_code == 200 and 'id="id_language-error"' in response.content.decode()
    assert not Preferences.objects.filter(user=driver_user).exists()


def test_a_kept_public_page_is_kept_per_language_with_each_readers_own_token(league):
    season = make_season(league)
    url = reverse("standings", args=[league.slug, season.slug])
    tokens = set()
    for _ in range(2):
        visitor = Client(enforce_csrf_checks=True)
        html = visitor.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert READER_TOKEN not in html
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        tokens.add(token)
        answer = visitor.post(
            reverse("language_choose"),
            {"language": "pl", "next": url, "csrfmiddlewaretoken": token},
        )
        assert answer.status_code == 302, "the kept page's token is this reader's own"
    assert len(tokens) == 2
    polish = Client().get(url, HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert '<html lang="pl">' in polish and "<h1>Klasyfikacja</h1>" in polish


def test_a_polish_page_says_its_words_in_polish(client, league):
    """One string translated in the Polish catalogue proves the chain: the
    catalogue compiled by `manage.py catalogue`, the middleware, the template."""
    season = make_season(league)
    url = reverse("standings", args=[league.slug, season.slug])
    assert "<h1>Standings</h1>" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<h1>Klasyfikacja</h1>" in client.get(url, HTTP_ACCEPT_LANGUAGE="pl").content.decode()


def test_the_games_say_their_words_through_the_sites_catalogue():
    """races.rules.speech answers from Django's catalogue once the races app
    is ready, in the language active when the sentence is said."""
    with translation.override("pl"):
        assert speech.gettext("Standings") == "Klasyfikacja"
        assert speech.pgettext("position", "Pos") == "Poz."
    with translation.override("en"):
        assert speech.gettext("Standings") == "Standings"


def test_the_latest_events_of_a_live_race_show_in_the_readers_language():
    """A running race stores its latest events said in every language
    (races/running/progress.py); each reader sees their own, else the site's."""
    progress = {"recent": {"en": ["Ana shifts to gear 3."], "pl": ["Ana wrzuca trzeci bieg."]}}
    with translation.override("pl"):
        assert recent_for_reader(progress) == ["Ana wrzuca trzeci bieg."]
    with translation.override("ja"):
        assert recent_for_reader(progress) == ["Ana shifts to gear 3."]
    assert recent_for_reader({"recent": ["stored before languages"]}) == ["stored before languages"]


def test_the_chooser_names_each_language_in_itself_whatever_the_pages_language(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert ">English</button>" in html and ">日本語</button>" in html
    assert ">繁體中文</button>" in html and ">Polski</button>" in html


def test_points_and_dates_follow_the_readers_language():
    from datetime import UTC, datetime

    from league.templatetags.championship import points, when

    moment = datetime(2027, 12, 31, 20, 0, tzinfo=UTC)
    with translation.override("en"):
        assert points("12.50") == "12.5" and points("-3") == "−3"
        assert when(moment) == "Fri 31 Dec 2027, 20:00 UTC"
    with translation.override("pl"):
        assert points("12.50") == "12,5"


def test_the_your_turn_e_mail_speaks_the_persons_saved_language(heat, settings):  # noqa: F811
    """Sent by a worker, with no request: the person's saved language, else
    the site's."""
    from django.core import mail
    from django.utils import timezone

    from races.models import Turn
    from races.table.online import turns_notify

    session, ana, ben = heat
    settings.ONLINE_NOTIFY_AFTER_SECONDS = 0
    for user in (ana, ben):
        user.email = f"{user.username}@example.org"
        user.save()
        ConfirmedAddress.objects.create(user=user, email=user.email, confirmed_at=timezone.now())
    Preferences.objects.create(user=ana, language="pl")
    Turn.objects.filter(session=session).update(opened_at=timezone.now() - timezone.timedelta(1))
    before = translation.get_language()
    assert turns_notify(now=timezone.now()) == 2
    subjects = {m.to[0]: m.subject for m in mail.outbox}
    assert subjects["ana@example.org"].startswith("Twoja kolej: ")
    assert subjects["ben@example.org"].startswith("Your turn: ")
    assert translation.get_language() == before, "the worker's language is left as it was"


def test_a_sessions_stored_error_is_said_in_the_readers_language():
    """The runner stores its sentence as the worker said it; a page says it
    again in the reader's language, keeping the exception's own words."""
    from races.rounds.qualifying import error_words

    stored = "The race stopped with an error: KeyError: 'car3'. Run it again."
    with translation.override("en"):
        assert error_words(stored) == stored
    assert error_words("IntegrityError: duplicate key") == "IntegrityError: duplicate key"
