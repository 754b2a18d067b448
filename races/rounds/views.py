"""A round's page, a session's page and an organiser's controls over a session."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from league.forms.rounds import RescheduleForm
from league.permissions import can_manage, login_or_403, manage_or_403
from races.models import Result, Round, Session
from races.replay.lap_chart import lap_chart
from races.replay.names import seat_names, seat_people, track_name
from races.replay.steps import session_events
from races.results.forms import PenaltyForm
from races.results.selectors import stewarding_context
from races.rounds.edits import UNRUN
from races.rounds.qualifying import qualifying_failure, session_qualifying_failure
from races.rules import get_presentation
from races.running import controls
from races.running.seats import seat_records
from races.table.live_table import board_html
from races.table.views import cockpit_context

LIVE_STATUSES = (Session.Status.QUEUED, Session.Status.RUNNING, Session.Status.AWAITING)


def _results_queryset():
    return Result.objects.select_related("entry__driver", "entry__team").order_by("position")


def results_shown(results: list[Result], rules: dict, game: str) -> list[Result]:
    """Each result with the cells of its game's result columns."""
    presentation = get_presentation(game)
    for result in results:
        figures = {"laps": result.laps, "distance": result.distance, **(result.figures or {})}
        result.cells = presentation.tables.result_figures(figures, rules)
    return results


def result_columns(season, *tables: list[Result]) -> list[str]:
    """The labels of the game's result columns; a column no line of these
    tables fills is left out (no pit stops in a race without a pit lane),
    and so are its cells."""
    columns = get_presentation(season.game).capabilities.capabilities(season.rules).result_columns
    rows = [result for table in tables for result in table]
    used = [i for i in range(len(columns)) if any(r.cells[i] for r in rows)] if rows else []
    for result in rows:
        result.cells = [result.cells[i] for i in used]
    return [columns[i].label for i in used]


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
    season = rnd.season
    sessions = list(
        rnd.sessions.select_related("entered_by")
        .prefetch_related(Prefetch("results", queryset=_results_queryset(), to_attr="ordered"))
        .order_by("-kind")  # qualifying first
    )
    qualifying = next((s for s in sessions if s.kind == Session.Kind.QUALIFYING), None)
    race = next((s for s in sessions if s.kind == Session.Kind.RACE), None)
    grid = seat_records(race.seats) if race else []
    chart, pictures = None, []
    if race and race.status == Session.Status.FINISHED:
        presentation, events = get_presentation(season.game), session_events(race)
        chart = lap_chart(presentation, events, grid)
        pictures = presentation.tables.result_pictures(race.config, events, seat_people(grid))
    for session in sessions:
        results_shown(session.ordered, season.rules, season.game)
        session.columns = result_columns(season, session.ordered)
    manage = can_manage(request.user, season.league)
    context = {
        "round": rnd,
        "season": season,
        "league": season.league,
        "sessions": sessions,
        "qualifying": qualifying,
        "race": race,
        "grid": grid,
        "track_name": track_name(season.game, rnd.track),
        "lap_chart": chart,
        "result_pictures": pictures,
        "editable": all(s.status in UNRUN for s in sessions),
        "penalties": list(
            rnd.penalties.select_related("entry__driver", "team", "steward", "protest")
        ),
        "can_manage": manage,
        "penalty_form": penalty_form or (PenaltyForm(season=season) if manage else None),
        "reschedule_form": RescheduleForm() if manage else None,
        "qualifying_failure": qualifying_failure(rnd, sessions),
    }
    return render(request, "round.html", context)


def _session_get(session_id: int) -> Session:
    # The log is read by the replay and the checks, never by these pages.
    sessions = Session.objects.select_related("round__season__league").defer("event_log")
    return get_object_or_404(sessions, pk=session_id)


@require_GET
def session_live(request, session_id: int):
    session = _session_get(session_id)
    records = seat_records(session.seats)
    names = seat_names(records)
    by_id = {s.id: s for s in records}
    season = session.round.season
    order = [
        {"name": names.get(seat, ""), "number": by_id[seat].car_number if seat in by_id else ""}
        for seat in (session.progress or {}).get("order", [])
    ]
    results = (
        results_shown(list(_results_queryset().filter(session=session)), season.rules, season.game)
        if session.status == Session.Status.FINISHED
        else []
    )
    context = {
        "session": session,
        "round": session.round,
        "season": session.round.season,
        "percent": max(0, min(100, int((session.progress or {}).get("percent") or 0))),
        "progress_round": (session.progress or {}).get("round"),
        "order": order,
        "results": results,
        "result_columns": result_columns(season, results),
        "polling": session.status in LIVE_STATUSES,
        # Asked only where a page offers the organiser's controls.
        "can_manage": SimpleLazyObject(lambda: can_manage(request.user, season.league)),
        "reschedule_form": RescheduleForm(),
        "qualifying_failure": session_qualifying_failure(session),
    }
    if session.status == Session.Status.FINISHED:
        context.update(stewarding_context(request, session))  # reports follow the result
    turns = list(session.turns.all()) if session.live else []
    if session.live:
        context.update(_live_play_context(request, session, names, turns))
    if session.status in LIVE_STATUSES and (session.progress or {}).get("cars"):
        deciding = sorted({t.seat for t in turns})
        # The panel draws the board itself when its choices are spaces on it.
        shown = not context.get("cockpit_scene")
        context["board_html"] = board_html(session, deciding, order, scene=shown)
    if request.htmx:
        return render(request, "session_live.html#live", context)
    return render(request, "session_live.html", context)


def _live_play_context(request, session: Session, names: dict, turns: list) -> dict:
    """Whose turn it is for everyone; the cockpit for a driver in the race."""
    # The polled #live fragment has no cockpit: only a whole page rebuilds it.
    cockpit = {} if request.htmx else cockpit_context(request, session, turns=turns)
    return {
        **cockpit,
        "waiting": [
            {"name": names.get(t.seat, ""), "deadline": t.deadline, "turn": t.pk} for t in turns
        ],
    }


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
        lambda s: controls.session_play_mode_set(session=s, live=live),
        _("People drive this session themselves.") if live else _("Autopilots drive this session."),
    )


@login_or_403
@require_POST
def session_cancel(request, session_id: int):
    return _session_action(
        request,
        session_id,
        lambda s: controls.session_cancel(session=s),
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
        lambda s: controls.session_reschedule(session=s, when=form.cleaned_data["when"]),
        _("The session is rescheduled."),
    )
