"""Personal access tokens (issue 23, item 7): made on a person's own page,
shown once, kept only as a SHA-256 digest, revocable; each carries the
scopes its person chose. `TokenBackend` lets the API sign a request in with
one through `django.contrib.auth.authenticate`, so django-axes counts a
wrong token as it counts a wrong password, and locks alike."""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from accounts.models import AccessToken

PREFIX = "pdk_"


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@transaction.atomic
def token_create(*, user, name: str, scopes: list[str]) -> tuple[AccessToken, str]:
    """A new token and its secret, which is never stored and shown once."""
    secret = PREFIX + secrets.token_urlsafe(32)
    token = AccessToken.objects.create(
        user=user,
        name=name.strip(),
        prefix=secret[:10],
        digest=_digest(secret),
        scopes=[s for s in AccessToken.Scope.values if s in scopes],
    )
    return token, secret


def token_revoke(*, user, token_id: int) -> bool:
    """Revoke one of `user`'s own tokens (another person's is not found)."""
    return bool(
        AccessToken.objects.filter(pk=token_id, user=user, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
    )


def token_find(secret: str) -> AccessToken | None:
    """The live token of an active person with this secret, or None."""
    if not secret.startswith(PREFIX):
        return None
    return (
        AccessToken.objects.select_related("user")
        .filter(digest=_digest(secret), revoked_at__isnull=True, user__is_active=True)
        .first()
    )


class TokenBackend:
    """An authentication backend for API tokens only (it answers nothing to
    a user name and password)."""

    def authenticate(self, request, token: str | None = None):
        if not token:
            return None
        found = token_find(token)
        if found is None:
            return None
        AccessToken.objects.filter(pk=found.pk).update(last_used_at=timezone.now())
        if request is not None:
            request.access_token = found
        return found.user

    def get_user(self, user_id):
        return None
