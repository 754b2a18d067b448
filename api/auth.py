"""The API's writes are signed in with a person's access token
(accounts/tokens.py): `Authorization: Bearer pdk_…`. A token acts as its
person, so it reaches only the leagues they run or steward, and only for the
scope it was given. Wrong tokens are counted and locked by django-axes as
wrong passwords are."""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.utils.translation import gettext as _
from ninja.errors import HttpError
from ninja.security import HttpBearer

from accounts.models import AccessToken


class TokenAuth(HttpBearer):
    openapi_description = (
        "A personal access token made on the account page, sent as "
        "`Authorization: Bearer pdk_…`; each write names the scope it needs."
    )

    def __init__(self, scope: str):
        super().__init__()
        self.scope = scope

    def authenticate(self, request, token):
        user = authenticate(request, token=token)
        if getattr(request, "axes_locked_out", False):
            raise HttpError(429, _("Too many failed tries: signing in is locked for a while."))
        if user is None:
            return None
        if self.scope not in request.access_token.scopes:
            label = dict(AccessToken.Scope.choices)[self.scope]
            raise HttpError(
                403, _("This token may not do that: it lacks “%(scope)s”.") % {"scope": label}
            )
        return user
