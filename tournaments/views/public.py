"""The tournament's pages anyone may read, and a player's own sign-up,
leaving and check-in (each a POST with its CSRF token)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from league.permissions import login_or_403
from tournaments.models import Tournament
from tournaments.organise.checkin import player_check_in
from tournaments.organise.signup import tournament_leave, tournament_sign_up
from tournaments.pages import tournament_page


def tournament_get(league_slug: str, slug: str) -> Tournament:
    return get_object_or_404(
        Tournament.objects.select_related("league", "season"), league__slug=league_slug, slug=slug
    )


@require_GET
def tournament_detail(request, league_slug: str, slug: str):
    tournament = tournament_get(league_slug, slug)
    context = tournament_page(tournament, request.user)
    context["code"] = request.GET.get("code", "")[:64]
    template = "tournaments/tournament.html"
    return render(request, f"{template}#live" if request.htmx else template, context)


def _said(request, run, done: str) -> None:
    try:
        run()
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, done)


@require_POST
@login_or_403
def sign_up(request, league_slug: str, slug: str):
    tournament = tournament_get(league_slug, slug)
    code = request.POST.get("code", "")[:64]
    _said(
        request,
        lambda: tournament_sign_up(tournament=tournament, user=request.user, code=code),
        gettext("You are signed up."),
    )
    return redirect(tournament)


@require_POST
@login_or_403
def leave(request, league_slug: str, slug: str):
    tournament = tournament_get(league_slug, slug)
    player = get_object_or_404(tournament.players, driver__user=request.user)
    _said(
        request,
        lambda: tournament_leave(tournament=tournament, player=player, actor=request.user),
        gettext("You have left the tournament."),
    )
    return redirect(tournament)


@require_POST
@login_or_403
def check_in(request, league_slug: str, slug: str):
    tournament = tournament_get(league_slug, slug)
    _said(
        request,
        lambda: player_check_in(tournament=tournament, user=request.user),
        gettext("You are checked in."),
    )
    return redirect(tournament)
