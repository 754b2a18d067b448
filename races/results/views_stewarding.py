"""Stewarding pages: penalties on a round, incident reports on a session and
the stewards' decisions. Writes: logged in; drivers of the season report,
the league's owner and stewards decide and penalise (403 otherwise)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.forms.common import errors_to_form
from league.permissions import login_or_403, manage_or_403
from races.models import Penalty, Protest, Round, Session
from races.results import stewarding
from races.results.forms import DecisionForm, PenaltyForm, ProtestForm
from races.rounds.views import round_page


@login_or_403
@require_POST
def penalty_new(request, league_slug: str, season_slug: str, number: int):
    rnd = get_object_or_404(
        Round.objects.select_related("season__league", "season__scoring"),
        season__league__slug=league_slug,
        season__slug=season_slug,
        number=number,
    )
    manage_or_403(request.user, rnd.season.league)
    form = PenaltyForm(request.POST, season=rnd.season)
    if form.is_valid():
        try:
            stewarding.penalty_add(round=rnd, steward=request.user, **form.cleaned_data)
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, _("Penalty given; the standings are updated."))
            return redirect(rnd)
    return round_page(request, rnd, penalty_form=form)


@login_or_403
@require_POST
def penalty_delete(request, penalty_id: int):
    penalty = get_object_or_404(
        Penalty.objects.select_related("round__season__league"), pk=penalty_id
    )
    manage_or_403(request.user, penalty.round.season.league)
    stewarding.penalty_remove(penalty=penalty, actor=request.user)
    messages.success(request, _("Penalty removed; the standings are updated."))
    return redirect(penalty.round)


def _session(session_id: int) -> Session:
    return get_object_or_404(Session.objects.select_related("round__season__league"), pk=session_id)


@login_or_403
@require_POST
def protest_new(request, session_id: int):
    session = _session(session_id)
    season = session.round.season
    if not season.entries.filter(driver__user=request.user).exists():
        raise PermissionDenied(_("Only the season's drivers can report an incident."))
    form = ProtestForm(request.POST, season=season, reporter=request.user)
    if form.is_valid():
        try:
            stewarding.protest_file(session=session, user=request.user, **form.cleaned_data)
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, _("Your report is with the stewards."))
            return redirect(reverse("session_live", args=[session.pk]) + "#stewarding")
    messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
    return redirect(reverse("session_live", args=[session.pk]) + "#stewarding")


@login_or_403
@require_POST
def protest_decision(request, protest_id: int):
    protest = get_object_or_404(
        Protest.objects.select_related("session__round__season__league"), pk=protest_id
    )
    manage_or_403(request.user, protest.session.round.season.league)
    form = DecisionForm(request.POST)
    back = reverse("session_live", args=[protest.session_id]) + "#stewarding"
    if not form.is_valid():
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return redirect(back)
    data = form.cleaned_data
    try:
        stewarding.protest_decide(
            protest=protest,
            steward=request.user,
            upheld=data["upheld"],
            decision=data["decision"],
            penalty=data["penalty"],
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("The stewards' decision is published."))
    return redirect(back)
