"""Organiser pages: leagues, the season wizard, rounds, teams, entries
(penalties are in races/results/views_stewarding.py). Every write: logged in,
owner or steward (403 otherwise; the owner alone changes or deletes the
league and deletes a season), one service, field errors on bad input
with nothing changed. A write that changes what a cached season or
standings page shows gives the season a new cache version
(league/caching.py)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league import selectors
from league.caching import season_changed
from league.forms.common import OPTION_PREFIX, DeleteForm, errors_to_form
from league.forms.entries import TeamForm
from league.forms.rounds import RoundForm
from league.forms.seasons import GameForm, LeagueForm, SeasonForm, season_form_initial
from league.models import League, Season, Team
from league.organise import leagues as organise_leagues
from league.organise import seasons as organise_seasons
from league.organise import teams as organise_teams
from league.permissions import login_or_403, manage_or_403, owner_or_403
from races.models import Round
from races.results.standings import standings_follow
from races.rounds.edits import UNRUN, round_create, round_update
from races.rounds.round_settings import qualifying_choices
from races.rules import game_choices
from seasons import edits as league_seasons


@login_or_403
@require_http_methods(["GET", "POST"])
def league_create(request):
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = organise_leagues.league_create(owner=request.user, **form.cleaned_data)
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(
                request, _("%(league)s is ready: add its first season.") % {"league": league.name}
            )
            return redirect(league)
    return render(request, "league_form.html", {"form": form})


@login_or_403
@require_http_methods(["GET", "POST"])
def league_edit(request, league_slug: str):
    league = get_object_or_404(League, slug=league_slug)
    owner_or_403(request.user, league)
    initial = {"name": league.name, "description": league.description}
    form = LeagueForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            league = league_seasons.league_update(
                league=league, actor=request.user, **form.cleaned_data
            )
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, _("%(league)s saved.") % {"league": league.name})
            return redirect(league)
    return render(request, "league_form.html", {"form": form, "league": league})


@login_or_403
@require_http_methods(["GET", "POST"])
def league_delete(request, league_slug: str):
    league = get_object_or_404(League, slug=league_slug)
    owner_or_403(request.user, league)
    form = DeleteForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            league_seasons.league_delete(league=league, confirmed=form.cleaned_data["confirm"])
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(
                request,
                _("%(league)s and everything in it are deleted.") % {"league": league.name},
            )
            return redirect("home")
    context = {
        "form": form,
        "league": league,
        "what": league.name,
        "contents": league_seasons.league_contents(league=league),
        "back": league.get_absolute_url(),
    }
    return render(request, "delete_form.html", context)


def _game_form(request, default: str | None = None) -> GameForm:
    """The game a season form is for: posted, in the address, or the default."""
    game = request.POST.get("game") or request.GET.get("game") or default
    return GameForm({"game": game} if game else None)


def _season_form_render(request, context: dict, *, fields: bool):
    """The season form page, or its fields alone for an HTMX request (the
    game chosen again)."""
    if fields:
        return render(request, "season_form.html#season_fields", context)
    return render(request, "season_form.html", context)


@login_or_403
@require_http_methods(["GET", "POST"])
def season_create(request, league_slug: str):
    league = get_object_or_404(League, slug=league_slug)
    manage_or_403(request.user, league)
    game_form = _game_form(request)
    if not game_form.is_valid():
        context = {"league": league, "game_form": game_form}
        return _season_form_render(request, context, fields=bool(request.htmx))
    game = game_form.cleaned_data["game"]
    form = SeasonForm(request.POST or None, game=game, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            season = organise_seasons.season_create(
                league=league, settings=form.settings(), actor=request.user
            )
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(
                request,
                _("%(season)s created. Add its rounds, then open it.") % {"season": season.name},
            )
            return redirect(season)
    context = {"league": league, "form": form, "game_form": game_form}
    context["game_name"] = dict(game_choices())[game]
    return _season_form_render(
        request, context, fields=bool(request.htmx) and request.method == "GET"
    )


def _season_edit_context(season: Season, game_form: GameForm) -> dict:
    return {
        "league": season.league,
        "season": season,
        "game_form": game_form,
        "game_fixed": season.rounds.exists(),
        "rounds_run": league_seasons.rounds_run(season=season),
    }


@login_or_403
@require_http_methods(["GET", "POST"])
def season_edit(request, league_slug: str, season_slug: str):
    season = selectors.season_get(league_slug, season_slug)
    manage_or_403(request.user, season.league)
    game_form = _game_form(request, default=season.game)
    context = _season_edit_context(season, game_form)
    if not game_form.is_valid():
        return _season_form_render(request, context, fields=bool(request.htmx))
    game = game_form.cleaned_data["game"]
    initial = season_form_initial(season, game)
    form = SeasonForm(
        request.POST or None, game=game, user=request.user, season=season, initial=initial
    )
    if request.method == "POST" and form.is_valid():
        try:
            with standings_follow(season):
                season = league_seasons.season_update(
                    season=season, settings=form.settings(), actor=request.user
                )
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, _("%(season)s saved.") % {"season": season.name})
            return redirect(season)
    context.update(form=form, game_name=dict(game_choices())[game])
    return _season_form_render(
        request, context, fields=bool(request.htmx) and request.method == "GET"
    )


@login_or_403
@require_http_methods(["GET", "POST"])
def season_delete(request, league_slug: str, season_slug: str):
    season = selectors.season_get(league_slug, season_slug)
    owner_or_403(request.user, season.league)
    form = DeleteForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            league_seasons.season_delete(
                season=season, confirmed=form.cleaned_data["confirm"], actor=request.user
            )
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(
                request,
                _("%(season)s and everything in it are deleted.") % {"season": season.name},
            )
            return redirect(season.league)
    context = {
        "form": form,
        "league": season.league,
        "season": season,
        "what": season.name,
        "contents": league_seasons.season_contents(season=season),
        "back": season.get_absolute_url(),
    }
    return render(request, "delete_form.html", context)


@login_or_403
@require_http_methods(["GET", "POST"])
def round_new(request, league_slug: str, season_slug: str):
    season = selectors.season_get(league_slug, season_slug)
    manage_or_403(request.user, season.league)
    next_number = (
        season.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    ) + 1
    form = RoundForm(
        request.POST or None, initial={"number": next_number}, **round_form_choices(season)
    )
    if request.method == "POST" and form.is_valid():
        try:
            rnd = round_create(
                season=season,
                number=form.cleaned_data["number"],
                actor=request.user,
                **form.settings(),
            )
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            season_changed(season_id=season.pk)
            messages.success(request, _("%(round)s added.") % {"round": rnd})
            return redirect(season)
    return render(request, "round_form.html", {"season": season, "form": form})


def round_form_choices(season) -> dict:
    """The round form's choices for this season's game."""
    return {
        "season": season,
        "qualifying_formats": qualifying_choices(
            season.game, season.rules, Round.QualifyingFormat.choices
        ),
        "grid_rules": Round.GridRule.choices,
    }


def _round_initial(rnd: Round) -> dict:
    initial = {
        field: getattr(rnd, field)
        for field in (
            "number",
            "name",
            "track",
            "laps",
            "scheduled_at",
            "qualifying_format",
            "grid_rule",
            "points_multiplier",
            "sprint_scoring",
            "feature_grid",
            "reverse_top",
        )
    }
    for key, on in rnd.options.items():
        initial[OPTION_PREFIX + key] = "on" if on else "off"
    for key, value in rnd.bonus.items():
        initial[f"bonus_{key}"] = value
    return initial


@login_or_403
@require_http_methods(["GET", "POST"])
def round_edit(request, league_slug: str, season_slug: str, number: int):
    season = selectors.season_get(league_slug, season_slug)
    manage_or_403(request.user, season.league)
    rnd = get_object_or_404(Round, season=season, number=number)
    ran = rnd.sessions.exclude(status__in=UNRUN).exists()
    form = RoundForm(
        request.POST or None, initial=_round_initial(rnd), ran=ran, **round_form_choices(season)
    )
    form.fields["number"].disabled = True
    if request.method == "POST" and form.is_valid():
        try:
            rnd = round_update(rnd=rnd, actor=request.user, **form.settings())
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            season_changed(season_id=season.pk)
            messages.success(request, _("%(round)s changed.") % {"round": rnd})
            return redirect(rnd)
    return render(request, "round_form.html", {"season": season, "form": form, "round": rnd})


@login_or_403
@require_http_methods(["GET", "POST"])
def team_new(request, league_slug: str, season_slug: str):
    season = selectors.season_get(league_slug, season_slug)
    manage_or_403(request.user, season.league)
    form = TeamForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            team = organise_teams.team_create(
                season=season, actor=request.user, **form.cleaned_data
            )
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            season_changed(season_id=season.pk)
            messages.success(request, _("Team %(team)s added.") % {"team": team.name})
            return redirect(season)
    return render(
        request, "simple_form.html", {"season": season, "form": form, "title": _("Add a team")}
    )


def _team_get(team_id: int) -> Team:
    return get_object_or_404(Team.objects.select_related("season__league"), pk=team_id)


@login_or_403
@require_http_methods(["GET", "POST"])
def team_edit(request, team_id: int):
    team = _team_get(team_id)
    manage_or_403(request.user, team.season.league)
    form = TeamForm(request.POST or None, initial={"name": team.name, "colour": team.colour})
    if request.method == "POST" and form.is_valid():
        try:
            team = organise_teams.team_update(team=team, actor=request.user, **form.cleaned_data)
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            season_changed(season_id=team.season_id)
            messages.success(request, _("Team %(team)s saved.") % {"team": team.name})
            return redirect("team", team.pk)
    return render(
        request,
        "simple_form.html",
        {
            "season": team.season,
            "form": form,
            "title": _("Change team %(team)s") % {"team": team.name},
            "team": team,
        },
    )
