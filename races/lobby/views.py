"""The real-time table's lobby: sitting down, standing up, arriving late,
and the lobby's part of the table page, asked again while it is open. Each
view parses the post, calls one service (races/lobby/seating.py) and draws
the lobby or goes back to the table."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from league.permissions import login_or_403
from races.lobby import seating
from races.lobby.pages import lobby_of
from races.models import Session

LOBBY = "table/_lobby.html"


def _session(session_id: int) -> Session:
    rows = Session.objects.select_related("round__season__league").defer("event_log")
    return get_object_or_404(rows, pk=session_id)


def _lobby_answer(request, session_id: int, said: str = "", error: str = ""):
    """The lobby again while it is open (HTMX, with a refusal in it), else
    the table page with the words said (HTMX reloads it: the race began)."""
    session = _session(session_id)
    lobby = lobby_of(session, request.user)
    if request.htmx and lobby is not None and lobby.open:
        return render(request, LOBBY, {"lobby": lobby, "session": session, "error": error})
    if error:
        messages.error(request, error)
    elif said:
        messages.success(request, said)
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"  # started: the whole table, with the panel
        return response
    return redirect(reverse("session_live", args=[session_id]))


@require_GET
def lobby_poll(request, session_id: int):
    """The lobby as it stands; "no change" when the page has it already."""
    session = _session(session_id)
    lobby = lobby_of(session, request.user)
    if lobby is None or not lobby.open:
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    if request.GET.get("seen") == lobby.digest:
        return HttpResponse(status=204)
    return render(request, LOBBY, {"lobby": lobby, "session": session})


def _seat_change(request, session_id: int, change, said: str):
    try:
        change(session_id=session_id, user=request.user)
    except ValidationError as refused:
        return _lobby_answer(request, session_id, error=" ".join(refused.messages))
    return _lobby_answer(request, session_id, said=said)


@login_or_403
@require_POST
def lobby_join_post(request, session_id: int):
    return _seat_change(
        request, session_id, seating.lobby_join, _("You are at the table. The race starts here.")
    )


@login_or_403
@require_POST
def lobby_leave_post(request, session_id: int):
    return _seat_change(
        request, session_id, seating.lobby_leave, _("You left the table before the start.")
    )


@login_or_403
@require_POST
def lobby_late_post(request, session_id: int):
    return _seat_change(
        request,
        session_id,
        seating.lobby_arrive_late,
        _("You drive your car again from its next decision."),
    )
