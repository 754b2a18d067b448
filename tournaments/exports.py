"""A tournament's exports: its standings (tie-breaks included) and tables
as JSON and CSV (cells through `defusedcsv`, as seasons' exports), and its
rounds' tables as an iCalendar feed (built with `icalendar`)."""

from __future__ import annotations

from django.http import Http404, HttpResponse, JsonResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from icalendar import Calendar, Event

from races.models import EARLIEST, LATEST
from seasons.exports import SESSION_LENGTH, csv_response
from tournaments.models import Table, Tournament
from tournaments.running.standings import tournament_standings
from tournaments.views.public import tournament_get

STANDING_FIELDS = [
    "place",
    "seed",
    "driver",
    "points",
    "median_buchholz",
    "buchholz",
    "head_to_head",
    "played",
    "byes",
    "dropped_after",
]


def standing_rows(tournament: Tournament) -> list[dict]:
    return [
        {
            "place": line.place,
            "seed": line.player.seed,
            "driver": line.player.driver.name,
            "points": line.standing.score,
            "median_buchholz": line.standing.median_buchholz,
            "buchholz": line.standing.buchholz,
            "head_to_head": line.standing.head_to_head,
            "played": line.standing.played,
            "byes": line.standing.byes,
            "dropped_after": line.player.dropped_after,
        }
        for line in tournament_standings(tournament)
    ]


def table_rows(tournament: Tournament) -> list[dict]:
    rows = []
    for line in tournament_standings(tournament):
        for game in line.record.games:
            rows.append(
                {
                    "round": game.round,
                    "table": game.table,
                    "place": game.place,
                    "driver": line.player.driver.name,
                    "points": float(game.points),
                }
            )
    return sorted(rows, key=lambda r: (r["round"], r["table"], r["place"]))


def summary(tournament: Tournament) -> dict:
    return {
        "name": tournament.name,
        "league": tournament.league.name,
        "game": tournament.game,
        "format": tournament.format,
        "stage": tournament.status,
        "table_size": tournament.table_size,
        "points": tournament.points,
        "seeding": tournament.seeding,
        "seed": tournament.seed or None,
        "starts_at": tournament.starts_at.isoformat() if tournament.starts_at else None,
    }


@require_GET
def standings_export(request, league_slug: str, slug: str, fmt: str):
    tournament = tournament_get(league_slug, slug)
    if fmt == "json":
        body = {**summary(tournament), "standings": standing_rows(tournament),
                "tables": table_rows(tournament)}  # fmt: skip
        return JsonResponse(body, json_dumps_params={"ensure_ascii": False})
    if fmt == "csv":
        return csv_response(
            f"{tournament.slug}-standings.csv", STANDING_FIELDS, standing_rows(tournament)
        )
    raise Http404("Exports come as csv or json.")


def tournament_calendar(tournament: Tournament, *, host: str, base_url: str) -> bytes:
    calendar = Calendar()
    calendar.add("prodid", "-//Paddock//Tournaments//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", f"{tournament.league.name} — {tournament.name}")
    stamp = timezone.now()
    tables = Table.objects.filter(round__tournament=tournament).select_related("session", "round")
    for table in tables.order_by("round__number", "number"):
        when = table.session.scheduled_at or table.round.scheduled_at
        if when is None or not EARLIEST <= when < LATEST:
            continue
        event = Event()
        event.add("uid", f"tournament-table-{table.pk}@{host}")
        event.add("dtstamp", stamp)
        event.add("dtstart", when)
        event.add("duration", SESSION_LENGTH)
        event.add(
            "summary",
            _("%(tournament)s: round %(round)s, table %(table)s")
            % {"tournament": tournament.name, "round": table.round.number, "table": table.number},
        )
        event.add("url", f"{base_url}{tournament.get_absolute_url()}")
        calendar.add_component(event)
    return calendar.to_ical()


@require_GET
def tournament_ics(request, league_slug: str, slug: str):
    tournament = tournament_get(league_slug, slug)
    body = tournament_calendar(
        tournament,
        host=request.get_host().split(":")[0] or "paddock",
        base_url=f"{request.scheme}://{request.get_host()}",
    )
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{tournament.slug}.ics"'
    return response
