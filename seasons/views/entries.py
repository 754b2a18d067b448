"""An organiser runs the entry list: changes an entry (car number, team from
a round on, autopilot, reserve), withdraws a driver (the first reserve takes
the seat) or removes an entry made by mistake. Owner or steward only."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league import selectors
from league.caching import season_changed
from league.forms.common import errors_to_form
from league.forms.entries import EntryAddForm, InvitationForm
from league.forms.people import EntryEditForm
from league.models import Entry
from league.organise import entries as organise_entries
from league.organise import signup
from league.permissions import login_or_403, manage_or_403
from races.results.standings import standings_follow
from seasons.confirmations import entry_remove_confirmation, entry_withdraw_confirmation
from seasons.views.confirming import confirm_or_run


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


def _entry_update(entry: Entry, data: dict, request_user) -> None:
    """The form's changes, the standings following in the same transaction."""
    with standings_follow(entry.season):
        organise_entries.entry_update(
            entry=entry,
            car_number=data["car_number"],
            autopilot=data["autopilot"],
            reserve=data["reserve"],
            team=data.get("team"),
            from_round=data.get("from_round"),
            actor=request_user,
        )


@login_or_403
@require_http_methods(["GET", "POST"])
def entry_edit(request, entry_id: int):
    entry = _entry(request, entry_id)
    season = entry.season
    form = EntryEditForm(
        request.POST or None,
        season=season,
        bot=entry.driver.is_bot,
        initial=_entry_initial(entry),
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            _entry_update(entry, data, request.user)
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


def _withdraw_said(entry: Entry, reserve: Entry | None) -> str:
    if reserve:
        return _("%(driver)s has withdrawn. %(reserve)s takes the seat.") % {
            "driver": entry.driver,
            "reserve": reserve.driver,
        }
    return _("%(driver)s has withdrawn.") % {"driver": entry.driver}


@login_or_403
@require_http_methods(["GET", "POST"])
def entry_withdraw(request, entry_id: int):
    entry = _entry(request, entry_id)

    def run() -> str:
        with standings_follow(entry.season):
            reserve = organise_entries.entry_withdraw(entry=entry, actor=request.user)
        return _withdraw_said(entry, reserve)

    return confirm_or_run(
        request,
        season=entry.season,
        confirmation=entry_withdraw_confirmation(entry),
        run=run,
        back=reverse("entry_edit", args=[entry.pk]),
        then=entry.season.get_absolute_url(),
    )


@login_or_403
@require_http_methods(["GET", "POST"])
def entry_remove(request, entry_id: int):
    entry = _entry(request, entry_id)

    def run() -> str:
        with standings_follow(entry.season):
            organise_entries.entry_remove(entry=entry, actor=request.user)
        return _("The entry of %(driver)s is removed.") % {"driver": entry.driver}

    return confirm_or_run(
        request,
        season=entry.season,
        confirmation=entry_remove_confirmation(entry),
        run=run,
        back=reverse("entry_edit", args=[entry.pk]),
        then=entry.season.get_absolute_url(),
    )


def entry_added_words(entry) -> str:
    if entry.reserve:
        return _(
            "%(entry)s entered as a reserve: the grid of %(grid)s cars is full, so they "
            "wait on the waiting list for a seat."
        ) % {"entry": entry, "grid": entry.season.grid_size}
    return _("%(entry)s entered.") % {"entry": entry}


@login_or_403
@require_http_methods(["GET", "POST"])
def entry_new(request, league_slug: str, season_slug: str):
    season = selectors.season_get(league_slug, season_slug)
    manage_or_403(request.user, season.league)
    form = EntryAddForm(request.POST or None, season=season)
    if request.method == "POST" and form.is_valid():
        try:
            with standings_follow(season):
                entry = organise_entries.entry_add(
                    season=season, actor=request.user, **form.cleaned_data
                )
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, entry_added_words(entry))
            return redirect(season)
    return render(
        request, "simple_form.html", {"season": season, "form": form, "title": _("Add an entry")}
    )


@login_or_403
@require_http_methods(["GET", "POST"])
def season_invite(request, league_slug: str, season_slug: str):
    """An organiser makes a signed invitation link that expires; the page
    shows it to copy and send."""
    season = selectors.season_get(league_slug, season_slug)
    manage_or_403(request.user, season.league)
    form = InvitationForm(request.POST or None)
    context = {"season": season, "form": form}
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                token, invitation = signup.invitation_make(
                    season=season, days=form.cleaned_data["days"], actor=request.user
                )
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            link = request.build_absolute_uri(reverse("invitation", args=[token]))
            context.update(link=link, invitation=invitation)
    return render(request, "season_invite.html", context)
