"""The replay: a finished session step by step, and its record to check."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET

from league.caching import READER_TOKEN, kept_page
from races.models import Session
from races.replay import steps as replays
from races.replay.record import NoRecord, record_filename, session_record


@require_GET
def replay_start(request, session_id: int):
    return redirect("replay", session_id, 0)


@require_GET
def replay(request, session_id: int, step: int):
    if "step" in request.GET:
        try:
            return redirect("replay", session_id, max(0, int(request.GET["step"])))
        except ValueError:
            pass
    template = "replay.html#replay" if request.htmx else "replay.html"
    return kept_page(
        request,
        lambda: replays.replay_page_key(session_id, step, template),
        lambda public: _replay_render(request, session_id, step, template, public),
    )


def _replay_render(request, session_id: int, step: int, template: str, public: bool):
    session = get_object_or_404(
        Session.objects.select_related("round__season__league").defer("event_log"), pk=session_id
    )
    steps = replays.session_steps(session)
    if not steps[0].events and not steps[1:]:
        raise Http404("This session has no replay yet.")
    shown = replays.replay_context(session, [], step, steps)
    if shown is None:
        raise Http404("No such step.")
    context = {"session": session, "round": session.round, "season": session.round.season,
               **shown}  # fmt: skip
    if public:
        context.update(csrf_token=READER_TOKEN, public_page=True)
    return render(request, template, context)


@require_GET
def session_record_download(request, session_id: int):
    """The finished session's record as a JSON file (races/replay/record.py)."""
    session = get_object_or_404(
        Session.objects.select_related("round__season__league").defer("event_log"), pk=session_id
    )
    try:
        text = session_record(session=session)
    except NoRecord:
        raise Http404("This session has no record to check.") from None
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{record_filename(session)}"'
    return response
