"""The organiser's tournament pages: create, settings, players (sign-up,
check-in, seeding), start and stages, drop-outs and corrections. Each
checks on the server that the person runs the league; destructive actions
go through a confirmation page."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from league.forms.common import errors_to_form
from league.models import League
from league.permissions import login_or_403, manage_or_403
from races.running.seats import seat_records
from tournaments import confirmations
from tournaments.forms import CorrectionForm, GameForm, TournamentForm
from tournaments.models import Table
from tournaments.organise.corrections import table_correct
from tournaments.organise.create import TournamentSettings, tournament_change, tournament_create
from tournaments.organise.dropouts import player_drop
from tournaments.organise.signup import tournament_leave
from tournaments.organise.stages import tournament_stage_move, tournament_start
from tournaments.views.public import tournament_get

FORM = "tournaments/tournament_form.html"


def confirm_or_run(request, *, tournament, confirmation, run, hidden=None):
    """GET: the confirmation page; a POST from it runs the service."""
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        try:
            messages.success(request, run())
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        return redirect(tournament)
    context = {
        "tournament": tournament,
        "confirmation": confirmation,
        "hidden": hidden or {},
        "back": tournament.get_absolute_url(),
    }
    return render(request, "tournaments/confirm.html", context)


@login_or_403
def tournament_new(request, league_slug: str):
    league = get_object_or_404(League, slug=league_slug)
    manage_or_403(request.user, league)
    game_form = GameForm(request.GET or None)
    if not game_form.is_valid():
        return render(request, FORM, {"league": league, "game_form": game_form})
    game = game_form.cleaned_data["game"]
    form = TournamentForm(request.POST or None, game=game)
    if request.method == "POST" and form.is_valid():
        values = TournamentSettings(game=game, **form.settings_values())
        try:
            tournament = tournament_create(league=league, settings=values, actor=request.user)
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            return redirect(tournament)
    return render(request, FORM, {"league": league, "form": form, "game": game})


@login_or_403
def tournament_edit(request, league_slug: str, slug: str):
    tournament = tournament_get(league_slug, slug)
    manage_or_403(request.user, tournament.league)
    initial = {k: getattr(tournament, k) for k in TournamentForm.base_fields}
    initial["points"] = ", ".join(str(p) for p in tournament.points)
    form = TournamentForm(request.POST or None, game=tournament.game, initial=initial)
    if request.method == "POST" and form.is_valid():
        changes = {k: v for k, v in form.settings_values().items() if v != getattr(tournament, k)}
        try:
            tournament_change(tournament=tournament, changes=changes, actor=request.user)
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            return redirect(tournament)
    context = {"league": tournament.league, "form": form, "tournament": tournament}
    return render(request, FORM, context)


@login_or_403
def start(request, league_slug: str, slug: str):
    tournament = tournament_get(league_slug, slug)
    manage_or_403(request.user, tournament.league)
    return confirm_or_run(
        request,
        tournament=tournament,
        confirmation=confirmations.start_confirmation(tournament),
        run=lambda: (
            tournament_start(tournament=tournament, actor=request.user)
            and _("The tournament has started: round 1 is drawn.")
        ),
    )


@login_or_403
def stage(request, league_slug: str, slug: str):
    tournament = tournament_get(league_slug, slug)
    manage_or_403(request.user, tournament.league)
    wanted = (request.POST.get("stage") or request.GET.get("stage") or "")[:12]
    return confirm_or_run(
        request,
        tournament=tournament,
        confirmation=confirmations.stage_confirmation(tournament, wanted),
        run=lambda: (
            tournament_stage_move(tournament=tournament, stage=wanted, actor=request.user)
            and _("The tournament's stage changed.")
        ),
        hidden={"stage": wanted},
    )


@login_or_403
def drop(request, league_slug: str, slug: str, player_id: int):
    tournament = tournament_get(league_slug, slug)
    manage_or_403(request.user, tournament.league)
    player = get_object_or_404(tournament.players.select_related("driver"), pk=player_id)
    return confirm_or_run(
        request,
        tournament=tournament,
        confirmation=confirmations.drop_confirmation(player),
        run=lambda: (
            player_drop(tournament=tournament, player=player, actor=request.user)
            and _("%(driver)s dropped out.") % {"driver": player.driver.name}
        ),
    )


@login_or_403
def remove(request, league_slug: str, slug: str, player_id: int):
    tournament = tournament_get(league_slug, slug)
    manage_or_403(request.user, tournament.league)
    player = get_object_or_404(tournament.players.select_related("driver"), pk=player_id)
    return confirm_or_run(
        request,
        tournament=tournament,
        confirmation=confirmations.remove_confirmation(player),
        run=lambda: _removed(tournament, player, request.user),
    )


def _removed(tournament, player, actor) -> str:
    promoted = tournament_leave(tournament=tournament, player=player, actor=actor)
    said = _("%(driver)s no longer plays.") % {"driver": player.driver.name}
    if promoted is not None:
        said += " " + _("%(driver)s takes the place.") % {"driver": promoted.driver.name}
    return said


@login_or_403
def correct(request, league_slug: str, slug: str, table_id: int):
    tournament = tournament_get(league_slug, slug)
    manage_or_403(request.user, tournament.league)
    table = get_object_or_404(Table.objects.select_related("session", "round"), pk=table_id,
                              round__tournament=tournament)  # fmt: skip
    seats = seat_records(table.session.seats)
    form = CorrectionForm(request.POST or None, seats=seats)
    if request.method == "POST" and form.is_valid():
        places = form.places()
        order = {s.id: s.label for s in sorted(seats, key=lambda s: places[s.id])}
        return confirm_or_run(
            request,
            tournament=tournament,
            confirmation=confirmations.correction_confirmation(table, order),
            run=lambda: (
                table_correct(table=table, places=places, actor=request.user)
                and _("The table's result is corrected.")
            ),
            hidden={f"place_{k}": v for k, v in places.items()},
        )
    context = {"tournament": tournament, "table": table, "form": form}
    return render(request, "tournaments/correction.html", context)
