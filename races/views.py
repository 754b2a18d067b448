"""Round, live session and replay pages; the organiser's session controls."""

from __future__ import annotations

from functools import lru_cache

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from league.forms import RescheduleForm
from league.permissions import can_manage, login_or_403, manage_or_403
from races import replay as replays
from races import services
from races.forms import PenaltyForm
from races.models import Result, Round, Session
from races.selectors import stewarding_context
from races.tracks import corner_names, space_point, track_drawing, track_load

LIVE_STATUSES = (Session.Status.QUEUED, Session.Status.RUNNING, Session.Status.AWAITING)


def seat_names(seats: list[dict]) -> dict[str, str]:
    """Seat id → "Car 7" (the name the replay and live pages use)."""
    names = {}
    for seat in seats or []:
        number = seat.get("car_number")
        names[seat["id"]] = f"Car {number}" if number is not None else seat.get("name", seat["id"])
    return names


def _results_queryset():
    return Result.objects.select_related("entry__driver", "entry__team").order_by("position")


@lru_cache(maxsize=64)
def _parsed_log(session_id: int, sha: str, text: str) -> tuple[dict, ...]:
    return tuple(replays.events_parse(text))


def session_events(session: Session) -> list[dict]:
    text = session.event_log_text()
    if not text:
        return []
    return list(_parsed_log(session.pk, session.log_sha256 or str(len(text)), text))


def lap_chart(events: list[dict], seats: list[dict], *, width=640, pad=28, row=22) -> dict | None:
    """SVG geometry of the lap chart: each car's position after every round."""
    orders = replays.running_orders(events)
    if not orders:
        return None
    names = seat_names(seats)
    cars = list(dict.fromkeys([s["id"] for s in seats] + [c for o in orders for c in o["order"]]))
    height = pad * 2 + row * max(len(cars) - 1, 1)
    step = (width - 2 * pad - 60) / max(len(orders) - 1, 1)
    palette = [
        "#c0392b",
        "#2471a3",
        "#229954",
        "#b7950b",
        "#7d3c98",
        "#ca6f1e",
        "#17a589",
        "#839192",
        "#d35400",
        "#1f618d",
        "#6c3483",
        "#117a65",
    ]
    lines = []
    for index, car in enumerate(cars):
        coords = [
            (round(pad + i * step, 1), round(pad + o["order"].index(car) * row, 1))
            for i, o in enumerate(orders)
            if car in o["order"]
        ]
        if coords:
            lines.append(
                {
                    "name": names.get(car, car),
                    "colour": palette[index % len(palette)],
                    "points": " ".join(f"{x},{y}" for x, y in coords),
                    "last": coords[-1],
                }
            )
    ticks = [
        {"x": round(pad + i * step, 1), "label": o["round"]}
        for i, o in enumerate(orders)
        if len(orders) <= 20 or i % max(len(orders) // 10, 1) == 0
    ]
    rows = [{"y": pad + i * row, "label": i + 1} for i in range(len(cars))]
    return {
        "width": width,
        "height": height + 10,
        "lines": lines,
        "ticks": ticks,
        "rows": rows,
        "bottom": height - pad + 18,
        "pad": pad,
    }


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
    chart = None
    if race and race.status == Session.Status.FINISHED:
        chart = lap_chart(session_events(race), race.seats)
    manage = can_manage(request.user, season.league)
    context = {
        "round": rnd,
        "season": season,
        "league": season.league,
        "sessions": sessions,
        "qualifying": qualifying,
        "race": race,
        "grid": race.seats if race else [],
        "lap_chart": chart,
        "editable": all(s.status in services.UNRUN for s in sessions),
        "penalties": list(
            rnd.penalties.select_related("entry__driver", "team", "steward", "protest")
        ),
        "can_manage": manage,
        "penalty_form": penalty_form or (PenaltyForm(season=season) if manage else None),
        "reschedule_form": RescheduleForm() if manage else None,
    }
    return render(request, "round.html", context)


def _session_get(session_id: int) -> Session:
    return get_object_or_404(Session.objects.select_related("round__season__league"), pk=session_id)


@require_GET
def session_live(request, session_id: int):
    session = _session_get(session_id)
    names = seat_names(session.seats)
    by_id = {s["id"]: s for s in session.seats or []}
    order = [
        {"seat": seat, "name": names.get(seat, seat), "driver": by_id.get(seat, {}).get("name", "")}
        for seat in (session.progress or {}).get("order", [])
    ]
    results = (
        list(_results_queryset().filter(session=session))
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
        "polling": session.status in LIVE_STATUSES,
        "can_manage": can_manage(request.user, session.round.season.league),
        "reschedule_form": RescheduleForm(),
        **stewarding_context(request, session),
    }
    if session.live:
        context.update(_live_play_context(request, session, names))
    if request.htmx:
        return render(request, "session_live.html#live", context)
    return render(request, "session_live.html", context)


def _live_play_context(request, session: Session, names: dict) -> dict:
    """Whose turn it is, the cars and the latest events, for everyone; the
    cockpit for a driver in the race."""
    from races.views_online import cockpit_context

    progress = session.progress or {}
    game = session.round.season.game
    corners = corner_names(track_load(game, session.round.track))
    # The polled #live fragment has no cockpit: only a whole page rebuilds it.
    cockpit = {} if request.htmx else cockpit_context(request, session)
    return {
        **cockpit,
        "waiting": [
            {"name": names.get(t.seat, t.seat), "kind": t.kind, "deadline": t.deadline}
            for t in session.turns.all()
        ],
        "live_cars": [
            {**car, "name": names.get(car.get("seat"), car.get("seat"))}
            for car in progress.get("cars", [])
        ],
        "recent_words": [
            replays.event_words(game, event, names, corners, session.config)
            for event in progress.get("recent", [])
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
        request, session_id, lambda s: services.session_queue(session=s), "The session is queued."
    )


@login_or_403
@require_POST
def session_retry(request, session_id: int):
    return _session_action(
        request,
        session_id,
        lambda s: services.session_retry(session=s),
        "The session is queued again.",
    )


@login_or_403
@require_POST
def session_play_mode(request, session_id: int):
    live = request.POST.get("live") == "1"
    return _session_action(
        request,
        session_id,
        lambda s: services.session_play_mode_set(session=s, live=live),
        "People drive this session themselves." if live else "Autopilots drive this session.",
    )


@login_or_403
@require_POST
def session_cancel(request, session_id: int):
    return _session_action(
        request,
        session_id,
        lambda s: services.session_cancel(session=s),
        "The session is cancelled.",
    )


@login_or_403
@require_POST
def session_reschedule(request, session_id: int):
    session = _session_get(session_id)
    manage_or_403(request.user, session.round.season.league)
    form = RescheduleForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give a valid date and time to reschedule.")
        return _back(request, session_id)
    return _session_action(
        request,
        session_id,
        lambda s: services.session_reschedule(session=s, when=form.cleaned_data["when"]),
        "The session is rescheduled.",
    )


@require_GET
def replay_start(request, session_id: int):
    return redirect("replay", session_id, 0)


@require_GET
def replay(request, session_id: int, step: int):
    session = _session_get(session_id)
    if "step" in request.GET:
        try:
            return redirect("replay", session_id, max(0, int(request.GET["step"])))
        except ValueError:
            pass
    events = session_events(session)
    if not events:
        raise Http404("This session has no replay yet.")
    season = session.round.season
    steps = replays.steps_split(season.game, events)
    if not 0 <= step < len(steps):
        raise Http404("No such step.")
    names = seat_names(session.seats)
    seat_ids = [s["id"] for s in session.seats or []]
    done = [e for s in steps[: step + 1] for e in s.events]
    board = replays.board_after(done, seat_ids)
    track = track_load(season.game, session.round.track)
    corners = corner_names(track)
    drawing = track_drawing(track) if track else None
    cars = []
    for index, seat in enumerate(seat_ids or board):
        state = board.get(seat)
        if state is None:
            continue
        at = space_point(drawing, state.space) if drawing else None
        cars.append(
            {
                "seat": seat,
                "name": names.get(seat, seat),
                "number": names.get(seat, seat).removeprefix("Car "),
                "state": state,
                "x": at["x"] if at else None,
                "y": at["y"] if at else None,
                "active": seat == steps[step].seat,
                "colour": CAR_COLOURS[index % len(CAR_COLOURS)],
            }
        )
    current = steps[step]
    round_starts = {}
    for s in steps:
        round_starts.setdefault(s.round, s.index)
    context = {
        "session": session,
        "round": session.round,
        "season": season,
        "step": current,
        "count": len(steps),
        "last": len(steps) - 1,
        "prev": step - 1 if step > 0 else None,
        "next": step + 1 if step + 1 < len(steps) else None,
        "words": [
            replays.event_words(season.game, e, names, corners, session.config)
            for e in current.events
        ],
        "actor": names.get(current.seat, "") if current.seat else "",
        "drawing": drawing,
        "cars": cars,
        "round_starts": sorted(round_starts.items()),
    }
    if request.htmx:
        return render(request, "replay.html#replay", context)
    return render(request, "replay.html", context)


CAR_COLOURS = [
    "#c0392b",
    "#2471a3",
    "#229954",
    "#b7950b",
    "#7d3c98",
    "#ca6f1e",
    "#17a589",
    "#566573",
    "#d35400",
    "#1f618d",
    "#6c3483",
    "#117a65",
]
