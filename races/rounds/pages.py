"""What a round's page and a session's live page show: plain functions over
the stored round and sessions that the views (races/rounds/views.py) call."""

from __future__ import annotations

import time

from django.core.cache import cache
from django.db.models import Prefetch
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext

from league.forms.rounds import RescheduleForm
from league.permissions import can_manage
from races.clocks.shown import clocks_state
from races.lobby.pages import lobby_of
from races.models import Result, Round, Session
from races.replay.lap_chart import lap_chart
from races.replay.names import seat_names, seat_people, track_name
from races.replay.record import record_filename, session_has_record
from races.replay.steps import session_events
from races.results.forms import PenaltyForm
from races.results.selectors import stewarding_context
from races.rounds.qualifying import qualifying_failure, session_qualifying_failure
from races.rules import get_presentation
from races.running.progress import recent_for_reader
from races.running.seats import seat_records
from races.table.live_table import board_html, live_digest
from races.table.race_log import race_log
from races.table.views import cockpit_context

LIVE_STATUSES = (Session.Status.QUEUED, Session.Status.RUNNING, Session.Status.AWAITING)
AREA_KEPT_SECONDS = 15 * 60


def _results_queryset():
    return Result.objects.select_related("entry__driver", "entry__team").order_by("position")


def results_shown(results: list[Result], rules: dict, game: str) -> list[Result]:
    """Each result with the cells of its game's result columns, in the
    classified order after stewarding (a car that lost places shows where
    it was put, not where it crossed the line)."""
    results.sort(key=lambda r: (r.place, r.position))
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
    """The round page: each of its sessions (every division's qualifying,
    sprint and race) with its results, and a race's grid, lap chart and
    pictures once it has finished; the penalties, and an organiser's forms."""
    season = rnd.season
    sessions = _round_sessions(rnd)
    race = next(
        (s for s in sessions if s.kind == Session.Kind.RACE and s.leg == Session.Leg.MAIN), None
    )
    manage = can_manage(request.user, season.league)
    return {
        "round": rnd,
        "season": season,
        "league": season.league,
        "sessions": sessions,
        "track_name": track_name(season.game, rnd.track),
        # A round that ran may still change its date, grid rule, multiplier
        # and bonus points (races/rounds/edits.py); not while it is racing.
        "editable": not any(s.status in LIVE_STATUSES for s in sessions),
        "penalties": list(
            rnd.penalties.select_related("entry__driver", "team", "steward", "protest")
        ),
        "can_manage": manage,
        "penalty_form": penalty_form or (PenaltyForm(season=season) if manage else None),
        "reschedule_form": RescheduleForm() if manage else None,
        "qualifying_failure": qualifying_failure(rnd, sessions),
        "lobby": _open_table(request, race),
    }


def _open_table(request, race: Session | None):
    """The race's real-time table while it takes drivers, else None."""
    if race is None or race.status != Session.Status.SCHEDULED:
        return None
    return lobby_of(race, request.user)


def _round_sessions(rnd: Round) -> list[Session]:
    """The round's sessions, qualifying first, each with its results and
    their cells (`ordered`), its result columns (`columns`) and, for a race,
    its grid (`grid`), lap chart (`lap_chart`) and pictures (`pictures`)."""
    season = rnd.season
    sessions = list(
        rnd.sessions.select_related("entered_by", "division")
        .prefetch_related(Prefetch("results", queryset=_results_queryset(), to_attr="ordered"))
        # Division by division: qualifying, the sprint, then the race (issue 26).
        .order_by("division__number", "-kind", "-leg")
    )
    for session in sessions:
        results_shown(session.ordered, season.rules, season.game)
        session.columns = result_columns(season, session.ordered)
        is_race = session.kind == Session.Kind.RACE
        session.grid = seat_records(session.seats) if is_race else []
        session.lap_chart, session.pictures = _race_pictures(season, session if is_race else None)
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


def session_live_context(
    request, session: Session, digest: str | None = None, clocks: tuple | None = None
) -> dict:
    """The live page of a session: progress, order, results once finished
    (and the stewards' reports), whose turn it is and the board while it runs.
    `request` None: the live area as anyone sees it (sent with a push);
    `digest`, `clocks`: the area's digest and clocks, if read already."""
    read_ms = int(time.time() * 1000)  # a page shows the newest state reaching it
    clocks = clocks_state(session) if clocks is None else clocks
    names = seat_names(seat_records(session.seats))
    season = session.round.season
    order = _running_order(session, names)
    results = _results_of(session, season)
    context = {
        "session": session,
        "round": session.round,
        "season": session.round.season,
        "percent": max(0, min(100, int((session.progress or {}).get("percent") or 0))),
        "progress_round": (session.progress or {}).get("round"),
        # what the game is doing (a game's words, marked in its engine)
        "progress_stage": gettext(stage)
        if (stage := (session.progress or {}).get("stage"))
        else "",
        "order": order,
        "results": results,
        "result_columns": result_columns(season, results),
        "polling": session.status in LIVE_STATUSES,
        # the page's push socket joins the table (base.html, races/push/)
        "push_table": session.pk if session.status in LIVE_STATUSES else None,
        # Asked only where a page offers the organiser's controls.
        "can_manage": SimpleLazyObject(
            lambda: request is not None and can_manage(request.user, season.league)
        ),
        "live_read": read_ms,
        "reschedule_form": RescheduleForm(),
        "qualifying_failure": session_qualifying_failure(session),
    }
    if session.status == Session.Status.FINISHED:
        context.update(stewarding_context(request, session))  # reports follow the result
    if session_has_record(session):  # issue 27: anyone can check the result
        context["record_command"] = f"python -m races.rules verify {record_filename(session)}"
    turns = list(session.turns.all()) if session.live else []
    if session.live:
        context.update(_live_play_context(request, session, names, turns, clocks[1]))
        # A real-time table's lobby in the panel: only a whole page draws it.
        whole_page = request is not None and not request.htmx
        context["lobby"] = lobby_of(session, request.user) if whole_page else None
        if context["lobby"] is not None:  # the lobby follows the table's socket too
            context["push_table"] = session.pk
    digest = digest or live_digest(session, clocks)
    context.update(_log_context(session, context.get("waiting") or [], digest))
    if session.status in LIVE_STATUSES and (session.progress or {}).get("cars"):
        deciding = sorted({t.seat for t in turns})
        # The panel draws the board itself when its choices are spaces on it.
        shown = not context.get("cockpit_scene")
        context["board_html"] = board_html(session, deciding, order, shown, clocks)
    return context


def _results_of(session: Session, season) -> list:
    if session.status != Session.Status.FINISHED:
        return []
    stored = list(_results_queryset().filter(session=session))
    return results_shown(stored, season.rules, season.game)


def live_area_html(request, session: Session, digest: str, clocks: tuple | None = None) -> str:
    """The live area a browser fetches when the table changed (issue 25):
    while the race runs it holds nothing of the reader's but their language
    (in the digest) and, for the league's organisers, the pause button, so
    it is drawn once per state for each and every other seat and spectator
    gets it from the cache; a finished or failed session's area (an
    organiser's controls) is drawn for each reader."""
    kept = session.status in LIVE_STATUSES
    user = request.user
    manages = user.is_authenticated and can_manage(user, session.round.season.league)
    html = cache.get(_area_key(session, digest, manages)) if kept else None
    if html is None:
        context = session_live_context(request, session, digest, clocks)
        html = render_to_string("session_live.html#live", context, request)
        if kept:
            cache.set(_area_key(session, digest, manages), html, timeout=AREA_KEPT_SECONDS)
    return html


def shared_live_area(session: Session, language: str) -> str | None:
    """The live area as anyone who does not run the league sees it, in
    `language`, to travel with the table's push signal (races/push/); None
    once the race is over (its area is drawn for each reader)."""
    if session.status not in LIVE_STATUSES:
        return None
    with translation.override(language):
        clocks = clocks_state(session)
        digest = live_digest(session, clocks)
        key = _area_key(session, digest, False)
        html = cache.get(key)
        if html is None:
            context = session_live_context(None, session, digest, clocks)
            html = render_to_string("session_live.html#live", context)
            cache.set(key, html, timeout=AREA_KEPT_SECONDS)
    return html


def _area_key(session: Session, digest: str, manages: bool) -> str:
    whose = "organiser" if manages else "anyone"
    return f"live-area:{session.seed}:{len(session.actions or [])}:{digest}:{whose}"


def _log_context(session: Session, waiting: list[dict], digest: str) -> dict:
    """The race log panel, the polled area's digest and what the table's
    live region announces when the area changes: the latest event and who
    the race waits for (never the countdown)."""
    said = recent_for_reader(session.progress or {})[-1:]
    if waiting:
        people = ", ".join(w["name"] for w in waiting)
        said.append(gettext("Waiting for %(people)s.") % {"people": people})
    elif session.status == Session.Status.FINISHED:
        said.append(gettext("Finished."))
    return {
        "race_log": race_log(session),
        "live_digest": digest,
        "announce": " ".join(said),
    }


def _running_order(session: Session, names: dict) -> list[dict]:
    """The cars in their running order: name and car number."""
    by_id = {s.id: s for s in seat_records(session.seats)}
    return [
        {"name": names.get(seat, ""), "number": by_id[seat].car_number if seat in by_id else ""}
        for seat in (session.progress or {}).get("order", [])
    ]


def _live_play_context(
    request, session: Session, names: dict, turns: list, table_paused: bool
) -> dict:
    """Whose turn it is for everyone; the cockpit for a driver in the race."""
    # The polled #live fragment has no cockpit: only a whole page rebuilds it.
    whole_page = request is not None and not request.htmx
    cockpit = cockpit_context(request, session, turns=turns) if whole_page else {}
    return {
        **cockpit,
        "table_paused": table_paused,
        "waiting": [
            {"name": names.get(t.seat, ""), "deadline": t.deadline, "turn": t.pk} for t in turns
        ],
    }
