"""What a round's page and a session's live page show: plain functions over
the stored round and sessions that the views (races/rounds/views.py) call."""

from __future__ import annotations

from django.db.models import Prefetch
from django.utils.functional import SimpleLazyObject

from league.forms.rounds import RescheduleForm
from league.permissions import can_manage
from races.models import Result, Round, Session
from races.replay.lap_chart import lap_chart
from races.replay.names import seat_names, seat_people, track_name
from races.replay.steps import session_events
from races.results.forms import PenaltyForm
from races.results.selectors import stewarding_context
from races.rounds.edits import UNRUN
from races.rounds.qualifying import qualifying_failure, session_qualifying_failure
from races.rules import get_presentation
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


def round_context(request, rnd: Round, penalty_form=None) -> dict:
    """The round page: its sessions with their results, the grid, the lap
    chart and pictures of a finished race, the penalties, and an organiser's forms."""
    season = rnd.season
    sessions = _round_sessions(rnd)
    qualifying = next((s for s in sessions if s.kind == Session.Kind.QUALIFYING), None)
    race = next((s for s in sessions if s.kind == Session.Kind.RACE), None)
    chart, pictures = _race_pictures(season, race)
    manage = can_manage(request.user, season.league)
    return {
        "round": rnd,
        "season": season,
        "league": season.league,
        "sessions": sessions,
        "qualifying": qualifying,
        "race": race,
        "grid": seat_records(race.seats) if race else [],
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


def _round_sessions(rnd: Round) -> list[Session]:
    """The round's sessions, qualifying first, each with its results and
    their cells (`ordered`) and its result columns (`columns`)."""
    season = rnd.season
    sessions = list(
        rnd.sessions.select_related("entered_by")
        .prefetch_related(Prefetch("results", queryset=_results_queryset(), to_attr="ordered"))
        .order_by("-kind")  # qualifying first
    )
    for session in sessions:
        results_shown(session.ordered, season.rules, season.game)
        session.columns = result_columns(season, session.ordered)
    return sessions


def _race_pictures(season, race: Session | None) -> tuple:
    """A finished race's lap chart and result pictures; (None, []) before."""
    chart, pictures = None, []
    if race and race.status == Session.Status.FINISHED:
        presentation, events = get_presentation(season.game), session_events(race)
        grid = seat_records(race.seats)
        chart = lap_chart(presentation, events, grid)
        pictures = presentation.tables.result_pictures(race.config, events, seat_people(grid))
    return chart, pictures


def session_live_context(request, session: Session) -> dict:
    """The live page of a session: progress, order, results once finished
    (and the stewards' reports), whose turn it is and the board while it runs."""
    names = seat_names(seat_records(session.seats))
    season = session.round.season
    order = _running_order(session, names)
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
    return context


def _running_order(session: Session, names: dict) -> list[dict]:
    """The cars in their running order: name and car number."""
    by_id = {s.id: s for s in seat_records(session.seats)}
    return [
        {"name": names.get(seat, ""), "number": by_id[seat].car_number if seat in by_id else ""}
        for seat in (session.progress or {}).get("order", [])
    ]


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
