"""The organiser's players page: who signed up (and who waits), check-in,
entering a person or a bot, the seeding and the invitation link."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.forms.common import errors_to_form
from league.permissions import login_or_403, manage_or_403
from tournaments.forms import EnterForm, SeedForm
from tournaments.organise.seeding import tournament_seed
from tournaments.organise.signup import invitation_code_make, tournament_enter
from tournaments.pages import players_page, qualifying_session
from tournaments.views.public import tournament_get

PAGE = "tournaments/players.html"


def _players_url(tournament) -> str:
    return reverse("tournament_players", args=[tournament.league.slug, tournament.slug])


@login_or_403
def players(request, league_slug: str, slug: str):
    tournament = tournament_get(league_slug, slug)
    manage_or_403(request.user, tournament.league)
    form = EnterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament_enter(tournament=tournament, actor=request.user, **form.cleaned_data)
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, _("%(name)s is signed up.") % form.cleaned_data)
            return redirect(_players_url(tournament))
    context = players_page(tournament, request, form)
    return render(request, f"{PAGE}#players" if request.htmx else PAGE, context)


@require_POST
@login_or_403
def seed(request, league_slug: str, slug: str):
    tournament = tournament_get(league_slug, slug)
    manage_or_403(request.user, tournament.league)
    field = list(tournament.players.filter(waiting=False, dropped_after__isnull=True))
    form = SeedForm(request.POST, players=field)
    try:
        hand = form.order() if form.is_valid() and tournament.seeding == "hand" else None
        if tournament.seeding == "hand" and hand is None:
            raise ValidationError(_("Give every player a seed number."))
        session = qualifying_session(tournament, request.POST.get("session", ""))
        tournament_seed(tournament=tournament, actor=request.user, hand=hand, session=session)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("The field is seeded."))
    return redirect(_players_url(tournament))


@require_POST
@login_or_403
def invitation(request, league_slug: str, slug: str):
    tournament = tournament_get(league_slug, slug)
    manage_or_403(request.user, tournament.league)
    invitation_code_make(tournament=tournament, actor=request.user)
    messages.success(request, _("A new invitation link is made; the old one no longer works."))
    return redirect(_players_url(tournament))
