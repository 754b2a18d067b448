"""Throttled sign-in (issue 28, item 2): django-axes counts wrong passwords
per account and per address and locks both for a while."""

import logging

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.urls import reverse

pytestmark = pytest.mark.django_db


def sign_in(client, password, username="dmitri", address="10.0.0.1"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def test_the_sixth_try_is_refused_even_with_the_right_password(client, driver_user, caplog):
    with caplog.at_level(logging.WARNING):
        for _ in range(4):
            assert sign_in(client, "wrong").status_code == 200
        # The fifth failure locks (and says so); the sixth try is refused.
        assert sign_in(client, "wrong").status_code == 429
        response = sign_in(client, "pw-dmitri")
    assert response.status_code == 429
    html = response.content.decode()
    assert "Too many wrong passwords" in html and "15 minutes" in html
    assert "_auth_user_id" not in client.session
    assert any("lock" in record.getMessage().lower() for record in caplog.records)


def test_a_lock_on_one_account_follows_it_to_another_address(client, driver_user):
    for n in range(5):
        sign_in(client, "wrong", address=f"10.0.1.{n}")
    assert sign_in(client, "pw-dmitri", address="10.0.2.1").status_code == 429


def test_a_lock_on_one_address_holds_for_every_account(client, driver_user, visitor):
    for n in range(5):
        sign_in(client, "wrong", username=f"someone{n}")
    assert sign_in(client, "pw-vera", username="vera").status_code == 429


def test_fewer_failures_then_the_right_password_signs_in(client, driver_user):
    for _ in range(4):
        sign_in(client, "wrong")
    assert sign_in(client, "pw-dmitri").status_code == 302
    assert not AccessAttempt.objects.filter(username="dmitri").exists()


def test_staff_unlock_an_account(client, driver_user):
    for _ in range(5):
        sign_in(client, "wrong")
    call_command("axes_reset_username", "dmitri")
    call_command("axes_reset_ip", "10.0.0.1")
    assert sign_in(client, "pw-dmitri").status_code == 302


def test_staff_see_and_lift_locks_in_the_admin(client, driver_user, owner):
    for _ in range(5):
        sign_in(client, "wrong")
    owner.is_staff = owner.is_superuser = True
    owner.save()
    client.force_login(owner)
    listing = client.get(reverse("admin:axes_accessattempt_changelist"))
    assert listing.status_code == 200 and "dmitri" in listing.content.decode()
    attempt = AccessAttempt.objects.get(username="dmitri")
    client.post(
        reverse("admin:axes_accessattempt_changelist"),
        {"action": "delete_selected", "_selected_action": [attempt.pk], "post": "yes"},
    )
    client.logout()
    assert sign_in(client, "pw-dmitri").status_code == 302


def test_the_lock_speaks_the_persons_language(client, driver_user):
    client.cookies["django_language"] = "pl"
    for _ in range(6):
        response = sign_in(client, "wrong")
    assert response.status_code == 429
    assert 'lang="pl"' in response.content.decode()
    assert "Too many wrong passwords" not in response.content.decode()
