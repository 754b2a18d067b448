"""Every page speaks the reader's language: a signed-in person's saved choice
(league.Preferences.language), else the chooser's cookie or the browser's
Accept-Language (Django's LocaleMiddleware, before this one), else English.

As with the time zone (paddock/timezones.py), a person's choice is read from
the database once per browser and then kept in a cookie of its own
(`lang_user`, marked with who they are), so no page pays a query for it."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy, pgettext_lazy

from league.models import Preferences
from league.season_settings.speeds import CLOCK_WORDS

USER_COOKIE = "lang_user"
NONE_CHOSEN = "-"
YEAR = 365 * 24 * 3600


def language_codes() -> frozenset[str]:
    return frozenset(code for code, _name in settings.LANGUAGES)


def user_language_remember(response, user, code: str | None) -> None:
    """Keep the person's choice in this browser (and in Django's own language
    cookie, so the pages they see after logging out stay in it)."""
    response.set_cookie(
        USER_COOKIE, f"{user.pk}:{code or NONE_CHOSEN}", max_age=YEAR, samesite="Lax"
    )
    if code:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            code,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )


class LanguageMiddleware:
    """After LocaleMiddleware and authentication: a signed-in person's saved
    language wins over the browser's."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen, remember = self.chosen(request)
        if chosen:
            translation.activate(chosen)
            request.LANGUAGE_CODE = chosen
        response = self.get_response(request)
        if remember and USER_COOKIE not in response.cookies:
            user_language_remember(response, request.user, chosen)
        return response

    @staticmethod
    def chosen(request) -> tuple[str | None, bool]:
        """The signed-in person's saved language, and whether to remember it
        in the cookie (the first page in this browser)."""
        if settings.SESSION_COOKIE_NAME not in request.COOKIES:
            return None, False  # a visitor who never logged in: no query
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None, False
        owner, _, cookie = request.COOKIES.get(USER_COOKIE, "").partition(":")
        if cookie and owner == str(user.pk):
            code = None if cookie == NONE_CHOSEN else cookie
            return (code if code in language_codes() else None), False
        code = Preferences.objects.filter(user=user).values_list("language", flat=True).first()
        return (code if code in language_codes() else None), True


def page_words(request) -> dict:
    """The languages for the chooser, and the few sentences the page's
    scripts write themselves (countdowns), in the reader's language; the
    scripts take units and lists from the browser's Intl in the page's."""
    return {
        # The chooser names each language in itself, whatever the page's.
        "site_languages": settings.LANGUAGES,
        "page_words": {
            "started": pgettext_lazy("countdown", "started"),
            "in": pgettext_lazy("countdown", "in %(time)s"),
            "soon": pgettext_lazy("countdown", "in less than a minute"),
            "hours_minutes": pgettext_lazy("countdown", "%(hours)s h %(minutes)s min"),
            "pick_one": gettext_lazy("Pick one, then confirm."),
            **CLOCK_WORDS,
        },
    }
