"""Driver pages: join an open season, withdraw before it starts."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.i18n import set_language

from league import selectors
from league.forms.common import errors_to_form
from league.forms.entries import JoinForm
from league.forms.people import PreferencesForm
from league.models import Entry, Preferences, Season
from league.organise import entries as organise_entries
from league.organise import signup as sign_up
from league.permissions import login_or_403
from paddock.languages import language_codes, user_language_remember
from paddock.timezones import user_zone_remember
from races.results.standings import standings_follow
from seasons.confirmations import entry_withdraw_confirmation
from seasons.views.confirming import confirm_or_run


def _joined_words(entry: Entry) -> str:
    if entry.reserve:
        place = len(sign_up.waiting_list(entry.season))
        return _(
            "The grid is full: you are car #%(number)s on the waiting list, "
            "number %(place)s. You race once a driver withdraws."
        ) % {"number": entry.car_number, "place": place}
    return _("You are in: car #%(number)s.") % {"number": entry.car_number}


def _join(request, season, *, invited: bool, template: str = "join.html", extra=None):
    """The join form: a driver's own sign-up, or an invitation's."""
    form = JoinForm(request.POST or None, season=season)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            with standings_follow(season):
                entry = sign_up.season_join(
                    season=season,
                    user=request.user,
                    car_number=data["car_number"],
                    team=data.get("team"),
                    new_team=(data.get("new_team") or "").strip(),
                    setup=data["setup"],
                    autopilot=data["autopilot"],
                    invited=invited,
                )
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, _joined_words(entry))
            return redirect(season)
    return render(request, template, {"season": season, "form": form, **(extra or {})})


@login_or_403
@require_http_methods(["GET", "POST"])
def season_join(request, league_slug: str, season_slug: str):
    return _join(request, selectors.season_get(league_slug, season_slug), invited=False)


@require_http_methods(["GET", "POST"])
def invitation_accept(request, token: str):
    """An invitation link: a person who opens it (logged in) may enter the
    season, even before it opens for entries, until the link expires."""
    try:
        invitation = sign_up.invitation_read(token=token)
    except ValidationError as error:
        context = {"errors": error.messages}
        return render(request, "invitation.html", context, status=410)
    season = get_object_or_404(Season.objects.select_related("league"), pk=invitation.season_id)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    context = {"invitation": invitation}
    return _join(request, season, invited=True, template="invitation.html", extra=context)


@login_or_403
@require_http_methods(["GET", "POST"])
def season_withdraw(request, league_slug: str, season_slug: str):
    season = selectors.season_get(league_slug, season_slug)
    entry = get_object_or_404(Entry, season=season, driver__user=request.user)

    def run() -> str:
        with standings_follow(season):
            organise_entries.entry_withdraw(entry=entry, actor=request.user)
        return _("You have withdrawn from %(season)s.") % {"season": season.name}

    return confirm_or_run(
        request,
        season=season,
        confirmation=entry_withdraw_confirmation(entry),
        run=run,
        back=season.get_absolute_url(),
        then=season.get_absolute_url(),
    )


@login_or_403
@require_http_methods(["GET", "POST"])
def preferences(request):
    """A person's time zone and language: by default their browser's, until
    they choose."""
    current = Preferences.objects.filter(user=request.user).first()
    initial = {
        "time_zone": current.time_zone if current else timezone.get_current_timezone_name(),
        "language": current.language if current else "",
    }
    form = PreferencesForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        zone = form.cleaned_data["time_zone"]
        language = form.cleaned_data["language"]
        Preferences.objects.update_or_create(
            user=request.user, defaults={"time_zone": zone, "language": language}
        )
        if language:
            translation.activate(language)
        messages.success(
            request,
            _("Dates are now shown in %(zone)s time.") % {"zone": zone.replace("_", " ")},
        )
        response = redirect("preferences")
        user_zone_remember(request.user, zone)
        user_language_remember(response, request.user, language)
        if not language:
            response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
        return response
    context = {"form": form, "title": _("Your time zone and language")}
    return render(request, "preferences.html", context)


@require_POST
def language_choose(request):
    """The chooser on every page: Django's `set_language` (the cookie and the
    redirect back), and for a signed-in person their saved choice too."""
    response = set_language(request)
    code = request.POST.get("language", "")
    if request.user.is_authenticated and code in language_codes():
        Preferences.objects.update_or_create(user=request.user, defaults={"language": code})
        user_language_remember(response, request.user, code)
    return response
