"""Online play pages: the driver's cockpit, decisions and the autopilot."""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from league.permissions import login_or_403
from races import online
from races.decisions import choices_for, facts_for
from races.live_races import live_race
from races.models import Session, Turn
from races.names import seat_people
from races.rules import get_presentation

PLAYING = (Session.Status.QUEUED, Session.Status.RUNNING, Session.Status.AWAITING)


def poll_ms(session: Session) -> int:
    """How often a waiting driver's page asks whether it is their turn: fast
    in a live evening race, slow in a correspondence championship."""
    seconds = session.round.season.decision_seconds
    return 400 if seconds <= 300 else 2000 if seconds <= 3600 else 10000


def cockpit_context(request, session: Session, error: str = "") -> dict:
    """What the logged-in driver sees of a live session: their decision, or
    that the race is waiting for someone else."""
    user = request.user
    mine = [r for r in session.seats if user.is_authenticated and r.get("user_id") == user.pk]
    turn = (
        Turn.objects.filter(session=session, user=user).order_by("deadline").first()
        if mine
        else None
    )
    context = {
        "session": session,
        "my_seats": mine,
        "turn": turn,
        "error": error,
        "choices": [],
        "facts": [],
        "decision": None,
        "cockpit_scene": None,
        "cockpit_polling": bool(mine) and turn is None and session.status in PLAYING,
        "cockpit_poll_ms": poll_ms(session),
        "autopiloted": bool(mine) and all(r.get("autopilot") for r in mine),
    }
    if turn is None:
        return context
    with live_race(session) as (game, race):
        decision = next((d for d in race.pending if d.seat == turn.seat), None)
        if decision is None:
            # The turn is newer than what this page knows of the race: ask again.
            context["cockpit_polling"] = True
            return context
        choices = choices_for(decision, race.legal_actions(turn.seat))
        view = race.view(turn.seat)
    context.update(decision=decision, choices=choices, facts=facts_for(decision))
    presentation = get_presentation(game.key)
    people = seat_people(session.seats)
    cars = presentation.progress(view, [], False)["cars"]
    scene = presentation.scene(session.config or {}, {"cars": cars}, people, turn.seat)
    if scene:
        anchors = scene["anchors"]
        context["cockpit_scene"] = scene
        context["cockpit_targets"] = [
            {"x": anchors[c.target][0], "y": anchors[c.target][1], "title": c.label}
            for c in choices
            if c.target in anchors
        ]
    return context


@require_GET
def session_cockpit(request, session_id: int):
    session = get_object_or_404(Session.objects.select_related("round__season"), pk=session_id)
    if not request.htmx:
        return redirect("session_live", session_id=session_id)
    return render(request, "session_live.html#cockpit", cockpit_context(request, session))


@login_or_403
@require_POST
def decision_post(request, session_id: int):
    session = get_object_or_404(Session.objects.select_related("round__season"), pk=session_id)
    error = ""
    try:
        step = int(request.POST.get("step", ""))
        action = json.loads(request.POST.get("action", ""))
    except ValueError:
        error = "That choice could not be read; pick one of the choices shown."
    else:
        try:
            online.decision_submit(
                session_id=session.pk,
                user=request.user,
                seat=request.POST.get("seat", ""),
                step=step,
                action=action,
            )
        except PermissionDenied:
            raise
        except ValidationError as refused:
            error = " ".join(refused.messages)
    session.refresh_from_db()
    if request.htmx:
        return render(
            request, "session_live.html#cockpit", cockpit_context(request, session, error)
        )
    if error:
        messages.error(request, error)
    return redirect(reverse("session_live", args=[session_id]))


@login_or_403
@require_POST
def autopilot_post(request, session_id: int):
    session = get_object_or_404(Session.objects.select_related("round__season"), pk=session_id)
    try:
        online.autopilot_take_over(
            session_id=session.pk, user=request.user, seat=request.POST.get("seat", "")
        )
    except ValidationError as refused:
        messages.error(request, " ".join(refused.messages))
    else:
        messages.success(request, "Your autopilot drives the rest of this race.")
    return redirect(reverse("session_live", args=[session_id]))
