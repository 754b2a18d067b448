"""The organiser's pause and resume of a live table (races/clocks/pausing.py)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.permissions import login_or_403, manage_or_403
from races.clocks.pausing import table_pause, table_resume
from races.models import Session


def _held(request, session_id: int, *, pause: bool):
    session = get_object_or_404(
        Session.objects.select_related("round__season__league"), pk=session_id
    )
    manage_or_403(request.user, session.round.season.league)
    change = table_pause if pause else table_resume
    try:
        change(session_id=session.pk, actor=request.user)
    except ValidationError as refused:
        messages.error(request, " ".join(refused.messages))
    else:
        messages.success(request, _("The race is paused.") if pause else _("The race goes on."))
    return redirect("session_live", session_id=session_id)


@login_or_403
@require_POST
def pause_post(request, session_id: int):
    return _held(request, session_id, pause=True)


@login_or_403
@require_POST
def resume_post(request, session_id: int):
    return _held(request, session_id, pause=False)
