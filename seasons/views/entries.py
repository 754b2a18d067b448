"""An organiser runs the entry list: changes an entry (car number, team from
a round on, autopilot, reserve), withdraws a driver (the first reserve takes
the seat) or removes an entry made by mistake. Owner or steward only."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.caching import season_changed
from league.forms.common import errors_to_form
from league.forms.people import EntryEditForm
from league.models import Entry
from league.organise import entries as organise_entries
from league.permissions import login_or_403, manage_or_403
from races.results.standings import standings_follow


def _entry(request, entry_id: int) -> Entry:
    entry = get_object_or_404(
        Entry.objects.select_related("season__league", "season__scoring", "driver", "team"),
        pk=entry_id,
    )
    manage_or_403(request.user, entry.season.league)
    return entry


def _entry_initial(entry: Entry) -> dict:
    return {
        "car_number": entry.car_number,
        "team": entry.team_id,
        "autopilot": entry.autopilot,
        "reserve": entry.reserve,
    }


def _entry_update(entry: Entry, data: dict) -> None:
    """The form's changes, the standings following in the same transaction."""
    with standings_follow(entry.season):
        organise_entries.entry_update(
            entry=entry,
            car_number=data["car_number"],
            autopilot=data["autopilot"],
            reserve=data["reserve"],
            team=data.get("team"),
            from_round=data.get("from_round"),
        )


@login_or_403
@require_http_methods(["GET", "POST"])
def entry_edit(request, entry_id: int):
    entry = _entry(request, entry_id)
    season = entry.season
    form = EntryEditForm(request.POST or None, season=season, initial=_entry_initial(entry))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            _entry_update(entry, data)
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            season_changed(season_id=season.pk)
            messages.success(
                request,
                _("#%(number)s %(driver)s saved.")
                % {"number": data["car_number"], "driver": entry.driver},
            )
            return redirect(season)
    title = _("Change #%(number)s %(driver)s") % {
        "number": entry.car_number,
        "driver": entry.driver,
    }
    context = {"season": season, "form": form, "title": title, "entry": entry}
    return render(request, "entry_form.html", context)


@login_or_403
@require_POST
def entry_withdraw(request, entry_id: int):
    entry = _entry(request, entry_id)
    try:
        with standings_follow(entry.season):
            reserve = organise_entries.entry_withdraw(entry=entry)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        season_changed(season_id=entry.season_id)
        if reserve:
            said = _("%(driver)s has withdrawn. %(reserve)s takes the seat.") % {
                "driver": entry.driver,
                "reserve": reserve.driver,
            }
        else:
            said = _("%(driver)s has withdrawn.") % {"driver": entry.driver}
        messages.success(request, said)
    return redirect(entry.season)


@login_or_403
@require_POST
def entry_remove(request, entry_id: int):
    entry = _entry(request, entry_id)
    try:
        with standings_follow(entry.season):
            organise_entries.entry_remove(entry=entry)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        season_changed(season_id=entry.season_id)
        messages.success(
            request, _("The entry of %(driver)s is removed.") % {"driver": entry.driver}
        )
    return redirect(entry.season)
