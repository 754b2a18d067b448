"""A real-time table's lobby on the table and round pages (issue 25, item
3): who is in and who is missing, the countdown in words, sitting down and
leaving with the CSRF token, permissions checked on the server, and the
organiser's start and unseat through their confirmation pages."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from league.models import LeagueChange
from paddock.celery import app
from races.lobby.seating import lobby_join, lobby_start_now
from races.models import Arrival, Session
from tests.races.race_night import real_time_round

pytestmark = pytest.mark.django_db
S = Session.Status


@pytest.fixture
def night(league):
    return real_time_round(league)


def csrf_client(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def token(client, session) -> str:
    page = client.get(reverse("session_live", args=[session.pk])).content.decode()
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


def test_the_lobby_says_who_is_in_who_is_missing_and_when_it_starts(night, client):
    season, session, (ana, ben, cid), _ = night
    lobby_join(session_id=session.pk, user=ben)
    client.force_login(ana)
    html = client.get(reverse("session_live", args=[session.pk])).content.decode()
    seated = html[html.index('id="lobby-seated"') : html.index('id="lobby-missing"')]
    missing = html[html.index('id="lobby-missing"') :]
    assert "Ben Night" in seated and "Ana Night" not in seated
    assert "Ana Night" in missing and "Cid Night" in missing
    assert re.search(r"\d+ min \d+ s", html)  # the countdown in words, never seconds alone
    assert "Sit down in car #7" in html and "lobby.js" in html
    round_page = client.get(session.round.get_absolute_url()).content.decode()
    assert "1 of 3 drivers sat down" in round_page and "Sit down at the table" in round_page


def test_a_driver_sits_down_and_leaves_with_the_csrf_token(night):
    season, session, (ana, *_), entries = night
    client = csrf_client(ana)
    url = reverse("lobby_join", args=[session.pk])
    assert client.post(url).status_code == 403  # no token, nothing changed
    assert not Arrival.objects.exists()
    response = client.post(
        url, {"csrfmiddlewaretoken": token(client, session)}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200 and "Leave the table" in response.content.decode()
    assert Arrival.objects.get().entry == entries[0]
    response = client.post(
        reverse("lobby_leave", args=[session.pk]),
        {"csrfmiddlewaretoken": token(client, session)},
    )
    assert response.status_code == 302 and not Arrival.objects.exists()


def test_only_an_entered_driver_may_sit_down(night, client, visitor):
    season, session, *_ = night
    url = reverse("lobby_join", args=[session.pk])
    assert client.post(url).status_code == 403  # signed out
    client.force_login(visitor)
    assert client.post(url).status_code == 403
    html = client.get(reverse("session_live", args=[session.pk])).content.decode()
    assert 'id="lobby-join"' not in html and 'id="table-start"' not in html
    assert not Arrival.objects.exists()


def test_bad_input_is_refused_in_words_and_changes_nothing(night, client):
    season, session, (ana, *_), _ = night
    client.force_login(ana)
    assert client.post(reverse("lobby_join", args=[999999])).status_code == 404
    Session.objects.filter(pk=session.pk).update(status=S.CANCELLED)
    response = client.post(reverse("lobby_join", args=[session.pk]), follow=True)
    assert "the table is closed" in response.content.decode()
    assert not Arrival.objects.exists()
    assert client.get(reverse("lobby_join", args=[session.pk])).status_code == 405


def test_the_polled_lobby_answers_no_change_and_reloads_once_started(night, client):
    season, session, (ana, *_), _ = night
    client.force_login(ana)
    url = reverse("lobby", args=[session.pk])
    first = client.get(url, headers={"HX-Request": "true"})
    digest = re.search(r"seen=([0-9a-f]+)", first.content.decode()).group(1)
    assert client.get(f"{url}?seen={digest}").status_code == 204
    lobby_join(session_id=session.pk, user=ana)
    assert client.get(f"{url}?seen={digest}").status_code == 200  # someone sat down
    Session.objects.filter(pk=session.pk).update(status=S.AWAITING)
    started = client.get(f"{url}?seen={digest}")
    assert started.status_code == 204 and started["HX-Refresh"] == "true"


def test_the_organiser_starts_the_table_through_its_confirmation(night, client, owner):
    season, session, (ana, *_), _ = night
    lobby_join(session_id=session.pk, user=ana)
    url = reverse("table_start", args=[session.pk])
    client.force_login(ana)
    assert client.get(url).status_code == 403
    client.force_login(owner)
    page = client.get(url).content.decode()
    assert "1 driver at the table" in page and "Ben Night, Cid Night" in page
    session.refresh_from_db()
    assert session.status == S.SCHEDULED  # a look changes nothing
    client.post(url, {"confirm": "yes"})
    session.refresh_from_db()
    assert session.status in (S.QUEUED, S.RUNNING, S.AWAITING)
    assert LeagueChange.objects.filter(league=league_of(session), topic="round").exists()
    again = client.get(url).content.decode()
    assert 'id="refusal"' in again


def test_the_organiser_takes_a_driver_off_the_table(night, client, owner, steward):
    season, session, (ana, ben, _), entries = night
    lobby_join(session_id=session.pk, user=ben)
    url = reverse("table_unseat", args=[session.pk, entries[1].pk])
    client.force_login(ana)
    assert client.post(url, {"confirm": "yes"}).status_code == 403
    assert Arrival.objects.exists()
    client.force_login(steward)
    assert "Take #3 Ben Night off the table?" in client.get(url).content.decode()
    client.post(url, {"confirm": "yes"})
    assert not Arrival.objects.exists()
    other = reverse("table_unseat", args=[session.pk, 999999])
    assert client.get(other).status_code == 404


def league_of(session):
    return session.round.season.league


def test_run_now_on_a_real_time_table_goes_through_its_confirmation(night, client, owner):
    season, session, *_ = night
    client.force_login(owner)
    response = client.post(reverse("session_run", args=[session.pk]))
    assert response["Location"] == reverse("table_start", args=[session.pk])
    session.refresh_from_db()
    assert session.status == S.SCHEDULED


def test_a_no_show_arriving_late_takes_the_car_back_from_the_table_page(
    night, client, django_capture_on_commit_callbacks
):
    season, session, (ana, ben, _), _ = night
    lobby_join(session_id=session.pk, user=ana)
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        with django_capture_on_commit_callbacks(execute=True):
            lobby_start_now(session_id=session.pk, actor=None)
    finally:
        app.conf.task_always_eager = eager
    session.refresh_from_db()
    assert session.status == S.AWAITING
    client.force_login(ben)
    page = client.get(reverse("session_live", args=[session.pk])).content.decode()
    assert "Take my car back and race" in page
    response = client.post(reverse("lobby_late", args=[session.pk]))
    assert response.status_code == 302
    assert Arrival.objects.get(user=ben).late
    page = client.get(reverse("session_live", args=[session.pk])).content.decode()
    assert "Take my car back and race" not in page


def test_the_header_names_a_table_to_sit_down_at_until_the_person_sits(night, client, league):
    """Issue 25: a real-time table about to start shows in its drivers'
    headers beside their turns; not once they sit down, not a table hours
    away, never to someone without a car in it."""
    season, session, (ana, ben, _cid), _ = night
    far = real_time_round(league, slug="later", minutes=5 * 60)[1]
    client.force_login(ana)
    header = client.get(reverse("your_turn_notice"), headers={"HX-Request": "true"}).content
    header = header.decode()
    assert f"Sit down: {season.name}, Race Night" in header
    assert f'href="{reverse("session_live", args=[session.pk])}"' in header
    assert reverse("session_live", args=[far.pk]) not in header
    seen = re.search(r"seen=([^\"]+)\"", header).group(1)
    asked = reverse("your_turn_notice") + "?seen=" + seen
    assert client.get(asked, headers={"HX-Request": "true"}).status_code == 204
    lobby_join(session_id=session.pk, user=ana)
    again = client.get(asked, headers={"HX-Request": "true"})
    assert again.status_code == 200 and "Sit down:" not in again.content.decode()
    stranger = Client()
    stranger.force_login(ben.__class__.objects.create_user("nobody"))
    assert "Sit down:" not in stranger.get(reverse("league", args=[league.slug])).content.decode()
