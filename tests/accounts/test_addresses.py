"""Confirmed addresses and password reset (issue 28, item 1)."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from league.models import ConfirmedAddress, Preferences, address_confirmed
from league.organise.entries import entry_create
from races.models import Session, Turn
from races.rounds.edits import round_create
from races.running.runner import session_run
from races.table.online import turns_notify
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db


def link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def path_of(link: str) -> str:
    return re.sub(r"^https?://[^/]+", "", link)


def sign_up(client, username="lena", email="lena@example.org"):
    return client.post(
        reverse("signup"),
        {"username": username, "email": email, "password1": "a-long-pass-123",
         "password2": "a-long-pass-123"},
    )  # fmt: skip


def test_sign_up_asks_for_an_address_and_confirms_it_by_a_signed_link(client):
    assert sign_up(client).status_code == 302
    user = get_user_model().objects.get(username="lena")
    assert user.email == "lena@example.org" and not address_confirmed(user)
    assert mail.outbox[-1].to == ["lena@example.org"]
    response = client.get(path_of(link_in(mail.outbox[-1])))
    assert response.status_code == 302
    assert address_confirmed(user)


def test_a_forged_or_expired_link_confirms_nothing(client, settings):
    sign_up(client)
    user = get_user_model().objects.get(username="lena")
    path = path_of(link_in(mail.outbox[-1]))
    client.get(path[:-3] + "xyz/")
    assert not address_confirmed(user)
    settings.ADDRESS_CONFIRM_SECONDS = -1
    response = client.get(path, follow=True)
    assert "expired" in response.content.decode()
    assert not address_confirmed(user)


def test_sign_up_without_an_address_is_a_field_error(client):
    response = sign_up(client, email="")
    assert response.status_code == 200 and "This field is required." in response.content.decode()
    assert not get_user_model().objects.filter(username="lena").exists()


def test_a_changed_address_is_confirmed_again(client, driver_user):
    driver_user.email = "d@example.org"
    driver_user.save()
    ConfirmedAddress.objects.create(
        user=driver_user, email="d@example.org", confirmed_at=timezone.now()
    )
    client.force_login(driver_user)
    client.post(reverse("address_edit"), {"email": "new@example.org"})
    driver_user.refresh_from_db()
    assert driver_user.email == "new@example.org" and not address_confirmed(driver_user)
    assert mail.outbox[-1].to == ["new@example.org"]
    client.get(path_of(link_in(mail.outbox[-1])))
    assert address_confirmed(driver_user)


def test_a_bad_address_is_a_field_error_that_changes_nothing(client, driver_user):
    client.force_login(driver_user)
    response = client.post(reverse("address_edit"), {"email": "not an address"})
    assert (
        response.status_code == 200 and "Enter a valid email address." in response.content.decode()
    )
    driver_user.refresh_from_db()
    assert driver_user.email == "" and mail.outbox == []


def test_the_confirmation_is_in_the_persons_language(client):
    client.cookies["django_language"] = "pl"
    sign_up(client)
    assert "Paddock" in mail.outbox[-1].subject
    assert "confirm your e-mail address" not in mail.outbox[-1].subject


def test_an_unconfirmed_address_gets_no_turn_notice(heat_turn):
    turn, user = heat_turn
    user.email = "typed@example.org"
    user.save()
    assert turns_notify(now=timezone.now() + timedelta(hours=1)) == 0
    assert mail.outbox == []


def test_a_confirmed_address_gets_its_turn_notice(heat_turn):
    turn, user = heat_turn
    user.email = "mine@example.org"
    user.save()
    ConfirmedAddress.objects.create(user=user, email=user.email, confirmed_at=timezone.now())
    assert turns_notify(now=timezone.now() + timedelta(hours=1)) == 1
    assert mail.outbox[-1].to == ["mine@example.org"]


def reset_request(client, email):
    return client.post(reverse("password_reset"), {"email": email})


def confirmed(user, email="d@example.org"):
    user.email = email
    user.save()
    ConfirmedAddress.objects.create(user=user, email=email, confirmed_at=timezone.now())


def test_the_sign_in_page_offers_a_reset_on_the_sites_own_pages(client):
    html = client.get(reverse("login")).content.decode()
    assert reverse("password_reset") in html
    page = client.get(reverse("password_reset")).content.decode()
    assert "Forgot your password?" in page and "Django administration" not in page


def test_a_reset_link_works_once(client, driver_user):
    confirmed(driver_user)
    reset_request(client, "d@example.org")
    path = path_of(link_in(mail.outbox[-1]))
    form_page = client.get(path, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    set_url = form_page.redirect_chain[-1][0]
    new = {"new_password1": "brand-new-pass-42", "new_password2": "brand-new-pass-42"}
    assert client.post(set_url, new).status_code == 302
    driver_user.refresh_from_db()
    assert driver_user.check_password("brand-new-pass-42")
    again = client.get(path, follow=True).content.decode()
    assert "has been used or has expired" in again


def test_a_reset_link_expires(client, driver_user, settings):
    confirmed(driver_user)
    reset_request(client, "d@example.org")
    path = path_of(link_in(mail.outbox[-1]))
    settings.PASSWORD_RESET_TIMEOUT = -1
    assert "has been used or has expired" in client.get(path, follow=True).content.decode()


def test_no_reset_link_goes_to_an_unconfirmed_address(client, driver_user):
    driver_user.email = "d@example.org"
    driver_user.save()
    response = reset_request(client, "d@example.org")
    assert response.status_code == 302 and mail.outbox == []


def test_the_reset_message_is_in_the_persons_saved_language(client, driver_user):
    confirmed(driver_user)
    Preferences.objects.create(user=driver_user, language="ja")
    reset_request(client, "d@example.org")
    assert "choose a new password" not in mail.outbox[-1].subject


@pytest.fixture
def heat_turn(league):
    """A person owing a decision in a live Heat race against bots."""
    season = make_season(league, slug="heat", game="heat", rules={}, grid_size=3, live_play=True)
    ana = make_driver("Ana")
    entry_create(season=season, driver=ana, car_number=7)
    rnd = round_create(season=season, number=1, name="Live", track="usa", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.QUEUED)
    session_run(session_id=session.pk)
    turn = Turn.objects.get(session=session)
    return turn, ana.user
