"""What a locked-out sign-in sees (django-axes calls this): a page in the
person's language with how long the lock lasts, answered 429; the API's
token sign-in gets the same words as JSON."""

from __future__ import annotations

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import ngettext


def locked_out(request, original_response=None, credentials=None):
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    if request.path.startswith("/api/"):
        detail = ngettext(
            "Too many failed tries: signing in is locked for %(minutes)s minute.",
            "Too many failed tries: signing in is locked for %(minutes)s minutes.",
            minutes,
        ) % {"minutes": minutes}
        return JsonResponse({"detail": detail}, status=429)
    context = {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes}
    return render(request, "registration/locked_out.html", context, status=429)


def attempt_name(request, credentials):
    """The "account" django-axes counts an attempt against: the user name
    typed, or for an API token its first characters (never the secret), so
    wrong tokens lock their address, not every token's person."""
    credentials = credentials or {}
    token = credentials.get("token")
    if token:
        return "token:" + str(token)[:10]
    return credentials.get("username") or request.POST.get("username")
