"""Deleting a team, a round or a session's result, each through its
confirmation page, and restoring what was removed within the restore
window. Owner or steward only; every change is in the league's history."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league import selectors
from league.caching import season_changed
from league.models import Removal, Team
from league.organise import teams as organise_teams
from league.permissions import login_or_403, manage_or_403
from races.models import Round, Session
from races.results.removal import session_results_delete
from races.results.standings import standings_follow
from races.rounds.removal import round_delete as round_delete_service
from seasons import confirmations
from seasons.restore import removal_restore, removals_of
from seasons.views.confirming import confirm_or_run


@login_or_403
@require_http_methods(["GET", "POST"])
def team_remove(request, team_id: int):
    team = get_object_or_404(Team.objects.select_related("season__league"), pk=team_id)
    manage_or_403(request.user, team.season.league)

    def run() -> str:
        with standings_follow(team.season):
            organise_teams.team_delete(team=team, actor=request.user)
        return _("Team %(team)s deleted.") % {"team": team.name}

    return confirm_or_run(
        request,
        season=team.season,
        confirmation=confirmations.team_delete_confirmation(team),
        run=run,
        back=reverse("team", args=[team.pk]),
        then=team.season.get_absolute_url(),
    )


@login_or_403
@require_http_methods(["GET", "POST"])
def round_delete(request, league_slug: str, season_slug: str, number: int):
    season = selectors.season_get(league_slug, season_slug)
    manage_or_403(request.user, season.league)
    rnd = get_object_or_404(Round, season=season, number=number)

    def run() -> str:
        round_delete_service(rnd=rnd, actor=request.user)
        return _("%(round)s deleted.") % {"round": rnd}

    return confirm_or_run(
        request,
        season=season,
        confirmation=confirmations.round_delete_confirmation(rnd),
        run=run,
        back=rnd.get_absolute_url(),
        then=season.get_absolute_url(),
    )


@login_or_403
@require_http_methods(["GET", "POST"])
def results_delete(request, session_id: int):
    session = get_object_or_404(
        Session.objects.select_related("round__season__league"), pk=session_id
    )
    season = session.round.season
    manage_or_403(request.user, season.league)

    def run() -> str:
        session_results_delete(session=session, actor=request.user)
        return _("The result is deleted; it can be restored.")

    return confirm_or_run(
        request,
        season=season,
        confirmation=confirmations.results_delete_confirmation(session),
        run=run,
        back=session.round.get_absolute_url(),
        then=session.round.get_absolute_url(),
    )


@login_or_403
def season_removals(request, league_slug: str, season_slug: str):
    season = selectors.season_get(league_slug, season_slug)
    manage_or_403(request.user, season.league)
    context = {"season": season, "removals": removals_of(season=season)}
    return render(request, "removals.html", context)


@login_or_403
@require_POST
def removal_restore_view(request, removal_id: int):
    removal = get_object_or_404(Removal.objects.select_related("season__league"), pk=removal_id)
    season = removal.season
    manage_or_403(request.user, season.league)
    try:
        removal_restore(removal=removal, actor=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        season_changed(season_id=season.pk)
        messages.success(request, _("%(name)s is back.") % {"name": removal.name})
    return redirect("season_removals", season.league.slug, season.slug)
