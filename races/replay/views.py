"""The replay: a finished session step by step."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET

from races.models import Session
from races.replay import steps as replays


@require_GET
def replay_start(request, session_id: int):
    return redirect("replay", session_id, 0)


@require_GET
def replay(request, session_id: int, step: int):
    session = get_object_or_404(
        Session.objects.select_related("round__season__league"), pk=session_id
    )
    if "step" in request.GET:
        try:
            return redirect("replay", session_id, max(0, int(request.GET["step"])))
        except ValueError:
            pass
    events = replays.session_events(session)
    if not events:
        raise Http404("This session has no replay yet.")
    shown = replays.replay_context(session, events, step)
    if shown is None:
        raise Http404("No such step.")
    context = {"session": session, "round": session.round, "season": session.round.season,
               **shown}  # fmt: skip
    if request.htmx:
        return render(request, "replay.html#replay", context)
    return render(request, "replay.html", context)
