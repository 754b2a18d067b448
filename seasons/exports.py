"""Exports: an iCalendar feed of a season's sessions (built with the
`icalendar` library), and CSV and JSON of its results and standings. CSV
cells go through `defusedcsv`, so a name such as =HYPERLINK(…) is text in a
spreadsheet, never a formula."""

from __future__ import annotations

import io
from datetime import timedelta

from defusedcsv import csv
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from icalendar import Calendar, Event

from league import selectors
from league.caching import kept_response, season_id_lookup, standings_version
from league.models import Season
from league.scoring.tables import points_plain
from races.models import EARLIEST, LATEST, Result, Session

SESSION_LENGTH = timedelta(hours=1)


def season_calendar(season, sessions, *, host: str, base_url: str) -> bytes:
    """The season's sessions as an RFC 5545 calendar. A session stored with a
    date outside the sane window (before the limits existed) is left out
    rather than failing the feed for every subscriber."""
    calendar = Calendar()
    calendar.add("prodid", "-//Paddock//Championships//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", f"{season.league.name} — {season.name}")
    stamp = timezone.now()
    for session in sessions:
        when = session.scheduled_at
        if when is None or not EARLIEST <= when < LATEST:
            continue
        rnd = session.round
        event = Event()
        event.add("uid", f"session-{session.pk}@{host}")
        event.add("dtstamp", stamp)
        event.add("dtstart", when)
        event.add("duration", SESSION_LENGTH)
        event.add(
            "summary",
            _("%(season)s: %(round)s (%(kind)s)")
            % {"season": season.name, "round": rnd, "kind": session.title},
        )
        event.add(
            "description",
            _("Track: %(track)s. Status: %(status)s.")
            % {"track": rnd.track, "status": session.get_status_display()},
        )
        event.add("url", f"{base_url}{rnd.get_absolute_url()}")
        if session.status == Session.Status.CANCELLED:
            event.add("status", "CANCELLED")
        calendar.add_component(event)
    return calendar.to_ical()


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
    "race",
    "division",
    "position",
    "car_number",
    "driver",
    "team",
    "status",
    "laps",
    "distance",
    "multiplier",
    "points",
    "entered_by_hand",
    "position_as_run",
    "status_as_run",
]


def _result_rows(season) -> list[dict]:
    results = (
        Result.objects.filter(
            session__round__season=season, session__status=Session.Status.FINISHED
        )
        .select_related("session__round", "session__division", "entry__driver", "entry__team")
        .defer("session__event_log", "session__actions", "session__config", "session__seats")
        .order_by("session__round__number", "session__kind", "position")
    )
    rows = [
        {
            "round": r.session.round.number,
            "round_name": r.session.round.name,
            "track": r.session.round.track,
            "session": r.session.kind,
            # A race weekend's sprint or main race, and the division (issue 26).
            "race": r.session.leg,
            "division": r.session.division.name if r.session.division_id else "",
            "position": r.place,
            "car_number": r.entry.car_number,
            "driver": r.entry.driver.name,
            "team": r.entry.team.name if r.entry.team else "",
            "status": r.standing_status,
            "laps": r.laps,
            "distance": r.distance,
            "multiplier": points_plain(r.session.round.points_multiplier),
            "points": points_plain(r.points),
            "entered_by_hand": "yes" if r.session.entered_by_id else "no",
            "position_as_run": r.position,
            "status_as_run": r.status,
            "figures": r.figures,
        }
        for r in results
    ]
    return sorted(
        rows,
        key=lambda r: (
            r["round"],
            r["division"],
            r["session"],
            r["race"] != "sprint",
            r["position"],
        ),
    )


def _standing_rows(season) -> tuple[list[dict], list[dict]]:
    drivers = [
        {
            "rank": s.rank,  # within the car's division in a season with divisions
            "car_number": s.entry.car_number,
            "driver": s.entry.driver.name,
            "team": s.entry.team.name if s.entry.team else "",
            "division": s.entry.division.name if s.entry.division_id else "",
            "points": points_plain(s.points),
            "penalty_points": points_plain(s.penalty_points),
            "rounds": s.rounds,
            "dropped": s.dropped,
        }
        for s in selectors.driver_standings(season)
    ]
    teams = [
        {
            "rank": t.rank,
            "team": t.team.name,
            "points": points_plain(t.points),
            "penalty_points": points_plain(t.penalty_points),
            "rounds": t.rounds,
        }
        for t in selectors.team_standings(season)
    ]
    return drivers, teams


def csv_response(filename: str, fields: list[str], rows: list[dict]) -> HttpResponse:
    """Rows as a CSV download (defusedcsv: a cell never runs as a formula)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=fields, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _kept(league_slug: str, season_slug: str, kind: str, fmt: str, build) -> HttpResponse:
    """The export as it was made when the season last changed (issue 27,
    item 4): kept under the season's version, made again after a change."""
    if fmt not in ("csv", "json"):
        raise Http404("Exports come as csv or json.")
    season_id = season_id_lookup(league_slug, season_slug)
    if season_id is None:
        raise Http404("No such season.")
    key = f"export:{kind}:{fmt}:{season_id}:{standings_version(season_id)}:{get_language()}"

    def made() -> HttpResponse:
        season = get_object_or_404(
            Season.objects.select_related("league", "scoring"),
            pk=season_id,
            league__slug=league_slug,
            slug=season_slug,
        )
        return build(season, fmt)

    return kept_response(key, made)


@require_GET
def results_export(request, league_slug: str, season_slug: str, fmt: str):
    return _kept(league_slug, season_slug, "results", fmt, _results_file)


@require_GET
def standings_export(request, league_slug: str, season_slug: str, fmt: str):
    return _kept(league_slug, season_slug, "standings", fmt, _standings_file)


def _results_file(season, fmt: str) -> HttpResponse:
    rows = _result_rows(season)
    if fmt == "json":
        return JsonResponse(
            {"league": season.league.name, "season": season.name, "results": rows},
            json_dumps_params={"ensure_ascii": False},
        )
    if fmt == "csv":
        return csv_response(f"{season.slug}-results.csv", RESULT_FIELDS, rows)
    raise Http404("Exports come as csv or json.")


def _standings_file(season, fmt: str) -> HttpResponse:
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
    if fmt != "csv":
        raise Http404("Exports come as csv or json.")
    held = sorted({int(n) for d in drivers for n in d["rounds"]})
    fields = ["rank", "car_number", "driver", "team", "division"]
    fields += [f"R{n}" for n in held] + ["dropped", "penalty_points", "points"]
    rows = [
        {
            **d,
            **{f"R{n}": d["rounds"].get(str(n), "") for n in held},
            "dropped": " ".join(f"R{n}" for n in d["dropped"]),
        }
        for d in drivers
    ]
    if teams:
        rows.append({})
        rows.append({"rank": "Teams"})
        rows += [
            {
                "rank": t["rank"],
                "team": t["team"],
                **{f"R{n}": t["rounds"].get(str(n), "") for n in held},
                "penalty_points": t["penalty_points"],
                "points": t["points"],
            }
            for t in teams
        ]
    return csv_response(f"{season.slug}-standings.csv", fields, rows)
