"""Personal access tokens on a person's own page: shown once, stored as a
digest, revocable by their person only."""

import hashlib
import re

import pytest
from django.urls import reverse

from accounts.models import AccessToken
from accounts.tokens import token_create, token_find

pytestmark = pytest.mark.django_db


def test_a_token_is_shown_once_and_stored_as_a_digest(client, owner):
    client.force_login(owner)
    response = client.post(reverse("token_new"), {"name": "results bot", "scopes": ["results"]})
    html = response.content.decode()
    secret = re.search(r'id="new-token-secret">([^<]+)<', html).group(1)
    token = AccessToken.objects.get(user=owner)
    assert token.scopes == ["results"] and token.name == "results bot"
    assert token.digest == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in str(AccessToken.objects.values_list().get())
    again = client.get(reverse("account")).content.decode()
    assert secret not in again and token.prefix in again and "results bot" in again


def test_a_token_needs_a_name_and_a_scope(client, owner):
    client.force_login(owner)
    response = client.post(reverse("token_new"), {"name": ""})
    assert response.status_code == 200 and "This field is required." in response.content.decode()
    assert not AccessToken.objects.exists()


def test_a_revoked_token_opens_nothing(client, owner):
    token, secret = token_create(user=owner, name="t", scopes=["read"])
    client.force_login(owner)
    client.post(reverse("token_revoke", args=[token.pk]))
    assert token_find(secret) is None
    assert client.get("/api/me", HTTP_AUTHORIZATION=f"Bearer {secret}").status_code == 401


def test_nobody_revokes_another_persons_token(client, owner, visitor):
    token, secret = token_create(user=owner, name="t", scopes=["read"])
    client.force_login(visitor)
    client.post(reverse("token_revoke", args=[token.pk]))
    assert token_find(secret) is not None


def test_revoking_is_a_post(client, owner):
    token, _ = token_create(user=owner, name="t", scopes=["read"])
    client.force_login(owner)
    assert client.get(reverse("token_revoke", args=[token.pk])).status_code == 405


def test_a_closed_account_keeps_no_token(client, driver_user):
    token, secret = token_create(user=driver_user, name="t", scopes=["read"])
    client.force_login(driver_user)
    client.post(reverse("account_close"), {"password": "pw-dmitri"})
    assert token_find(secret) is None and not AccessToken.objects.exists()
