"""The organisers' two ways on when a round's qualifying failed: run it
again, or run the race without it on the round's fallback grid."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.permissions import login_or_403
from races.models import Round
from races.rounds.qualifying import FALLBACK_WORDS, qualifying_retry, race_fallback_choose


def _round(league_slug: str, season_slug: str, number: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("season__league"),
        season__league__slug=league_slug,
        season__slug=season_slug,
        number=number,
    )


@login_or_403
@require_POST
def round_qualifying_retry(request, league_slug: str, season_slug: str, number: int):
    rnd = _round(league_slug, season_slug, number)
    try:
        changed = qualifying_retry(rnd=rnd, by=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        if changed:
            messages.success(request, _("The qualifying runs again; the race follows it."))
        else:
            messages.info(
                request, _("Nothing changed: the qualifying was already sent to run again.")
            )
    return redirect(rnd.get_absolute_url())


@login_or_403
@require_POST
def round_fallback_grid(request, league_slug: str, season_slug: str, number: int):
    rnd = _round(league_slug, season_slug, number)
    rule = request.POST.get("rule", "")
    try:
        changed = race_fallback_choose(rnd=rnd, by=request.user, rule=rule)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        if changed:
            messages.success(
                request,
                _("The race runs without its qualifying, on %(rule)s.")
                % {"rule": FALLBACK_WORDS[rule]},
            )
        else:
            messages.info(
                request, _("Nothing changed: the race already runs without its qualifying.")
            )
    return redirect(rnd.get_absolute_url())
