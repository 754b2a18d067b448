"""Every page shows dates in the viewer's time zone: the one they chose
(league.Preferences), else their browser's (the `tz` cookie that
static/js/timezone.js sets), else UTC.

A logged-in person's choice is read from the database once and then kept in
the cache under their id, so no page pays a query for it; a change writes
the cache, so every browser of theirs shows the new zone on its next page
(a cookie kept per browser would hold the old one)."""

from __future__ import annotations

import zoneinfo
from functools import lru_cache
from urllib.parse import unquote

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from league.models import Preferences

COOKIE = "tz"
NONE_CHOSEN = "-"
# A change made outside the preferences page (the admin) shows within this.
KEPT_SECONDS = 600


@lru_cache(maxsize=1)
def zone_names() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def zone_of(name: str | None):
    if name and name in zone_names():
        return zoneinfo.ZoneInfo(name)
    return None


def _key(user_id) -> str:
    return f"tz-user:{user_id}"


def user_zone_remember(user, name: str | None) -> None:
    """Keep the person's choice for every browser of theirs (their next
    page in any of them shows it)."""
    cache.set(_key(user.pk), name or NONE_CHOSEN, KEPT_SECONDS)


class TimeZoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = self.chosen(request)
        # Pages say whether the browser's zone counts (static/js/timezone.js).
        request.zone_chosen = chosen is not None
        # Browsers that ran the earlier script sent the zone URL-encoded
        # ("Europe%2FWarsaw"), which matched no zone: they saw UTC.
        zone = zone_of(chosen) or zone_of(unquote(request.COOKIES.get(COOKIE, "")))
        if zone is None:
            timezone.deactivate()
        else:
            timezone.activate(zone)
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    @staticmethod
    def chosen(request) -> str | None:
        """The logged-in person's own choice, if any."""
        if settings.SESSION_COOKIE_NAME not in request.COOKIES:
            return None  # a visitor who never logged in: no query
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        kept = cache.get(_key(user.pk))
        if kept is None:
            found = Preferences.objects.filter(user=user).values_list("time_zone", flat=True)
            kept = found.first() or NONE_CHOSEN
            cache.set(_key(user.pk), kept, KEPT_SECONDS)
        return None if kept == NONE_CHOSEN else kept
