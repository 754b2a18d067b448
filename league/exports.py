"""Exports: an iCalendar feed of a season's sessions, and CSV and JSON of its
results and standings."""

from __future__ import annotations

import csv
import io
from datetime import UTC, timedelta

from django.http import Http404, HttpResponse, JsonResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from league import selectors
from races.models import Result, Session

SESSION_LENGTH = timedelta(hours=1)


def _ical_text(value: str) -> str:
    return value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def _ical_fold(line: str) -> str:
    """RFC 5545 3.1: lines longer than 75 octets are folded."""
    out, current = [], ""
    for char in line:
        if len((current + char).encode("utf-8")) > 75:
            out.append(current)
            current = " " + char
        else:
            current += char
    out.append(current)
    return "\r\n".join(out)


def _ical_time(value) -> str:
    return value.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def season_calendar(season, sessions, *, host: str, base_url: str) -> str:
    stamp = _ical_time(timezone.now())
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Paddock//Championships//EN",
        "CALSCALE:GREGORIAN",
        f"X-WR-CALNAME:{_ical_text(f'{season.league.name} — {season.name}')}",
    ]
    for session in sessions:
        rnd = session.round
        summary = f"{season.name}: {rnd} ({session.get_kind_display()})"
        description = f"Track: {rnd.track}. Status: {session.get_status_display()}."
        lines += [
            "BEGIN:VEVENT",
            f"UID:session-{session.pk}@{host}",
            f"DTSTAMP:{stamp}",
            f"DTSTART:{_ical_time(session.scheduled_at)}",
            f"DTEND:{_ical_time(session.scheduled_at + SESSION_LENGTH)}",
            f"SUMMARY:{_ical_text(summary)}",
            f"DESCRIPTION:{_ical_text(description)}",
            f"URL:{base_url}{rnd.get_absolute_url()}",
        ]
        if session.status == Session.Status.CANCELLED:
            lines.append("STATUS:CANCELLED")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "\r\n".join(_ical_fold(line) for line in lines) + "\r\n"


@require_GET
def season_ics(request, league_slug: str, season_slug: str):
    season = selectors.season_get(league_slug, season_slug)
    sessions = list(
        Session.objects.filter(round__season=season, scheduled_at__isnull=False)
        .select_related("round__season__league")
        .defer("event_log", "actions", "config", "seats")
        .order_by("scheduled_at", "round__number", "kind")
    )
    body = season_calendar(
        season,
        sessions,
        host=request.get_host().split(":")[0] or "paddock",
        base_url=f"{request.scheme}://{request.get_host()}",
    )
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{season.slug}.ics"'
    return response


RESULT_FIELDS = [
    "round",
    "round_name",
    "track",
    "session",
    "position",
    "car_number",
    "driver",
    "team",
    "status",
    "laps",
    "distance",
    "points",
]


def _result_rows(season) -> list[dict]:
    results = (
        Result.objects.filter(
            session__round__season=season, session__status=Session.Status.FINISHED
        )
        .select_related("session__round", "entry__driver", "entry__team")
        .defer("session__event_log", "session__actions", "session__config", "session__seats")
        .order_by("session__round__number", "session__kind", "position")
    )
    return [
        {
            "round": r.session.round.number,
            "round_name": r.session.round.name,
            "track": r.session.round.track,
            "session": r.session.kind,
            "position": r.position,
            "car_number": r.entry.car_number,
            "driver": r.entry.driver.name,
            "team": r.entry.team.name if r.entry.team else "",
            "status": r.status,
            "laps": r.laps,
            "distance": r.distance,
            "points": r.points,
            "figures": r.figures,
        }
        for r in results
    ]


def _standing_rows(season) -> tuple[list[dict], list[dict]]:
    drivers = [
        {
            "rank": s.rank,
            "car_number": s.entry.car_number,
            "driver": s.entry.driver.name,
            "team": s.entry.team.name if s.entry.team else "",
            "points": s.points,
            "penalty_points": s.penalty_points,
            "rounds": s.rounds,
            "dropped": s.dropped,
        }
        for s in selectors.driver_standings(season)
    ]
    teams = [
        {
            "rank": t.rank,
            "team": t.team.name,
            "points": t.points,
            "penalty_points": t.penalty_points,
            "rounds": t.rounds,
        }
        for t in selectors.team_standings(season)
    ]
    return drivers, teams


def _csv_response(filename: str, fields: list[str], rows: list[dict]) -> HttpResponse:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=fields, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def results_export(request, league_slug: str, season_slug: str, fmt: str):
    season = selectors.season_get(league_slug, season_slug)
    rows = _result_rows(season)
    if fmt == "json":
        return JsonResponse(
            {"league": season.league.name, "season": season.name, "results": rows},
            json_dumps_params={"ensure_ascii": False},
        )
    if fmt == "csv":
        return _csv_response(f"{season.slug}-results.csv", RESULT_FIELDS, rows)
    raise Http404("Exports come as csv or json.")


@require_GET
def standings_export(request, league_slug: str, season_slug: str, fmt: str):
    season = selectors.season_get(league_slug, season_slug)
    drivers, teams = _standing_rows(season)
    if fmt == "json":
        return JsonResponse(
            {
                "league": season.league.name,
                "season": season.name,
                "drivers": drivers,
                "teams": teams,
            },
            json_dumps_params={"ensure_ascii": False},
        )
    if fmt == "csv":
        held = sorted({int(n) for d in drivers for n in d["rounds"]})
        fields = ["rank", "car_number", "driver", "team"]
        fields += [f"R{n}" for n in held] + ["dropped", "penalty_points", "points"]
        rows = [
            {
                **d,
                **{f"R{n}": d["rounds"].get(str(n), "") for n in held},
                "dropped": " ".join(f"R{n}" for n in d["dropped"]),
            }
            for d in drivers
        ]
        return _csv_response(f"{season.slug}-standings.csv", fields, rows)
    raise Http404("Exports come as csv or json.")
