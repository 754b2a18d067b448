"""A round's page, a session's page and an organiser's controls over a session."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from league.forms.rounds import RescheduleForm
from league.permissions import login_or_403, manage_or_403
from races.clocks.shown import clocks_state
from races.lobby.arrivals import real_time_table
from races.models import Round, Session
from races.rounds.pages import live_area_html, round_context, session_live_context
from races.running import controls
from races.table.live_table import live_digest


def _round_get(league_slug, season_slug, number) -> Round:
    return get_object_or_404(
        Round.objects.select_related("season__league", "season__scoring"),
        season__league__slug=league_slug,
        season__slug=season_slug,
        number=number,
    )


@require_GET
def round_detail(request, league_slug: str, season_slug: str, number: int):
    return round_page(request, _round_get(league_slug, season_slug, number))


def round_page(request, rnd: Round, penalty_form=None):
    """The round page; the penalty view re-renders it with its form's errors."""
    return render(request, "round.html", round_context(request, rnd, penalty_form))


def _session_get(session_id: int) -> Session:
    # The log is read by the replay and the checks, never by these pages.
    sessions = Session.objects.select_related("round__season__league").defer("event_log")
    return get_object_or_404(sessions, pk=session_id)


@require_GET
def session_live(request, session_id: int):
    session = _session_get(session_id)
    if request.htmx:
        clocks = clocks_state(session)
        digest = live_digest(session, clocks)
        if request.GET.get("seen") == digest:
            return HttpResponse(status=204)  # nothing new: htmx keeps the area as it is
        return HttpResponse(live_area_html(request, session, digest, clocks))
    return render(request, "session_live.html", session_live_context(request, session))


def _session_action(request, session_id: int, action, done: str):
    session = _session_get(session_id)
    manage_or_403(request.user, session.round.season.league)
    try:
        action(session)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, done)
    return _back(request, session_id)


def _back(request, session_id: int):
    return redirect(_safe_next(request) or reverse("session_live", args=[session_id]))


def _safe_next(request) -> str | None:
    target = request.POST.get("next", "")
    return target if target.startswith("/") and not target.startswith("//") else None


@login_or_403
@require_POST
def session_run(request, session_id: int):
    session = _session_get(session_id)
    if session.status == Session.Status.SCHEDULED and real_time_table(session):
        # A real-time table starts early only through its confirmation page.
        return redirect("table_start", session_id=session_id)
    return _session_action(
        request,
        session_id,
        lambda s: controls.session_queue(session=s),
        _("The session is queued."),
    )


@login_or_403
@require_POST
def session_retry(request, session_id: int):
    return _session_action(
        request,
        session_id,
        lambda s: controls.session_retry(session=s),
        _("The session is queued again."),
    )


@login_or_403
@require_POST
def session_play_mode(request, session_id: int):
    live = request.POST.get("live") == "1"
    return _session_action(
        request,
        session_id,
        lambda s: controls.session_play_mode_set(session=s, live=live, actor=request.user),
        _("People drive this session themselves.") if live else _("Autopilots drive this session."),
    )


@login_or_403
@require_POST
def session_cancel(request, session_id: int):
    return _session_action(
        request,
        session_id,
        lambda s: controls.session_cancel(session=s, actor=request.user),
        _("The session is cancelled."),
    )


@login_or_403
@require_POST
def session_reschedule(request, session_id: int):
    session = _session_get(session_id)
    manage_or_403(request.user, session.round.season.league)
    form = RescheduleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give a valid date and time to reschedule."))
        return _back(request, session_id)
    return _session_action(
        request,
        session_id,
        lambda s: controls.session_reschedule(
            session=s, when=form.cleaned_data["when"], actor=request.user
        ),
        _("The session is rescheduled."),
    )
