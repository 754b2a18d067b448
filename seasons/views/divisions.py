"""An organiser splits a season's drivers into divisions (issue 26, item 2).
Owner or steward only."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league import selectors
from league.caching import season_changed
from league.forms.common import errors_to_form
from league.forms.divisions import DivisionsForm
from league.permissions import login_or_403, manage_or_403
from seasons.divisions import divisions_split


@login_or_403
@require_http_methods(["GET", "POST"])
def season_divisions(request, league_slug: str, season_slug: str):
    season = selectors.season_get(league_slug, season_slug)
    manage_or_403(request.user, season.league)
    form = DivisionsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            made = divisions_split(
                season=season, count=data["count"], by=data["by"], actor=request.user,
                round_number=data.get("round_number"), lines=data["lines"],
                names=data["name_list"],
            )  # fmt: skip
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            season_changed(season_id=season.pk)
            messages.success(request, _("Divisions: %(names)s.") % {"names": _names(made)})
            return redirect(season)
    context = {"season": season, "form": form, "title": _("Split into divisions")}
    return render(request, "simple_form.html", context)


def _names(made) -> str:
    return ", ".join(d.name for d in made) or _("none, one grid")
