"""Schedules: an organiser adds a run of rounds in one form, or copies a
season to new dates. Owner or steward only."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from league import selectors
from league.caching import season_changed
from league.forms.common import errors_to_form
from league.permissions import login_or_403, manage_or_403
from league.season_settings.options import track_ids
from races.rounds.forms import ScheduleForm, SeasonCopyForm
from races.rounds.schedule import rounds_schedule, schedule_dates, season_copy
from races.rules import ConfigError, get_game
from seasons.confirmations import season_copy_confirmation
from seasons.views.confirming import confirm_or_run


def _tracks(game: str) -> list[tuple[str, str]]:
    try:
        return [(t["id"], t.get("name", t["id"])) for t in get_game(game).tracks()]
    except ConfigError:
        return [(t, t) for t in track_ids(game)]


@login_or_403
@require_http_methods(["GET", "POST"])
def schedule_new(request, league_slug: str, season_slug: str):
    season = selectors.season_get(league_slug, season_slug)
    manage_or_403(request.user, season.league)
    form = ScheduleForm(request.POST or None, tracks=_tracks(season.game))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            dates = data.get("date_list") or schedule_dates(
                first_at=data["first_at"], count=data["count"], every_days=data["every_days"]
            )
            made = rounds_schedule(
                season=season,
                dates=dates,
                tracks=data["tracks"],
                name=data["name"],
                laps=data["laps"],
                actor=request.user,
            )
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            season_changed(season_id=season.pk)
            messages.success(
                request,
                ngettext("%(count)d round added.", "%(count)d rounds added.", len(made))
                % {"count": len(made)},
            )
            return redirect(season)
    context = {"season": season, "form": form, "title": _("Add a run of rounds")}
    return render(request, "simple_form.html", context)


@login_or_403
@require_http_methods(["GET", "POST"])
def season_copy_new(request, league_slug: str, season_slug: str):
    """The copy's form, then its confirmation page (who moves up and down a
    division), then the copy."""
    season = selectors.season_get(league_slug, season_slug)
    manage_or_403(request.user, season.league)
    initial = {"name": f"{season.name} (2)", "with_entries": True}
    form = SeasonCopyForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        if request.POST.get("confirm") == "yes":
            return _season_copy_run(request, season, form)
        data = form.cleaned_data
        confirmation = season_copy_confirmation(
            season, name=data["name"], with_entries=data["with_entries"]
        )
        hidden = {k: v for k, v in request.POST.items() if k in form.fields}
        return confirm_or_run(
            request, season=season, confirmation=confirmation, run=str, back=request.path,
            then=request.path, hidden=hidden,
        )  # fmt: skip
    context = {
        "season": season,
        "form": form,
        "title": _("Copy %(season)s") % {"season": season.name},
    }
    return render(request, "simple_form.html", context)


def _season_copy_run(request, season, form):
    try:
        copy = season_copy(season=season, actor=request.user, **form.cleaned_data)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(request.path)
    season_changed(season_id=season.pk)
    messages.success(
        request, _("%(season)s is ready as a draft: check its rounds.") % {"season": copy.name}
    )
    return redirect(copy)
