"""Every page shows dates in the viewer's time zone: the one they chose
(league.Preferences), else their browser's (the `tz` cookie that
static/js/paddock.js sets), else UTC.

A logged-in person's choice is read from the database once per browser and
then kept in a cookie of its own (`tz_user`), so no page pays a query for it."""

from __future__ import annotations

import zoneinfo
from functools import lru_cache

from django.conf import settings
from django.utils import timezone

from league.models import Preferences

COOKIE = "tz"
USER_COOKIE = "tz_user"
NONE_CHOSEN = "-"
YEAR = 365 * 24 * 3600


@lru_cache(maxsize=1)
def zone_names() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def zone_of(name: str | None):
    if name and name in zone_names():
        return zoneinfo.ZoneInfo(name)
    return None


def user_zone_remember(response, user, name: str | None) -> None:
    """Keep the person's choice in this browser, marked with who they are (a
    second person logging in on the same browser reads their own)."""
    value = f"{user.pk}:{name or NONE_CHOSEN}"
    response.set_cookie(USER_COOKIE, value, max_age=YEAR, samesite="Lax")


class TimeZoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen, remember = self.chosen(request)
        zone = zone_of(chosen) or zone_of(request.COOKIES.get(COOKIE))
        if zone is None:
            timezone.deactivate()
        else:
            timezone.activate(zone)
        try:
            response = self.get_response(request)
        finally:
            timezone.deactivate()
        if remember and USER_COOKIE not in response.cookies:
            user_zone_remember(response, request.user, chosen)
        return response

    @staticmethod
    def chosen(request) -> tuple[str | None, bool]:
        """The logged-in person's own choice, and whether to remember it in
        the cookie (the first page in this browser)."""
        if settings.SESSION_COOKIE_NAME not in request.COOKIES:
            return None, False  # a visitor who never logged in: no query
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None, False
        owner, _, cookie = request.COOKIES.get(USER_COOKIE, "").partition(":")
        if cookie and owner == str(user.pk):
            return (None if cookie == NONE_CHOSEN else cookie), False
        name = Preferences.objects.filter(user=user).values_list("time_zone", flat=True).first()
        return name, True
