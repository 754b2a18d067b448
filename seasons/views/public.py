"""Pages anyone may read: home, league, season, standings, drivers, teams."""

from __future__ import annotations

from django.core.cache import cache
from django.db.models import Prefetch
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from league import selectors
from league.caching import (
    READER_TOKEN,
    is_public_view,
    page_get,
    page_put,
    page_respond,
    season_id_forget,
    season_id_lookup,
    standings_version,
)
from league.models import Driver, Entry, League, Season, Team, TeamChange, TeamStanding
from league.permissions import can_manage
from league.scoring.championship import BONUSES
from races.models import Result, Session
from races.results.standings import team_of_round
from ratings.charts import rating_chart
from seasons import careers
from seasons import selectors as season_selectors
from seasons.charts import points_chart
from seasons.views.odds import odds_history_html, title_odds_html

STANDINGS_SORTS = {
    "rank": (_("Position"), lambda s: (s.rank, s.entry.car_number)),
    "name": (_("Driver"), lambda s: s.entry.driver.name.lower()),
    "car": (_("Car"), lambda s: s.entry.car_number),
    "team": (_("Team"), lambda s: (s.entry.team.name.lower() if s.entry.team else "~", s.rank)),
    "wins": (_("Wins"), lambda s: (-s.positions.get("1", 0), s.rank)),
    "penalties": (_("Penalty points"), lambda s: (-s.penalty_points, s.rank)),
}


@require_GET
def home(request):
    now = timezone.now()
    sessions = Session.objects.select_related("round__season__league").defer(
        "event_log", "actions", "config", "seats"
    )
    context = {
        "leagues": League.objects.all()[:50],
        "running": list(
            sessions.filter(
                status__in=[Session.Status.QUEUED, Session.Status.RUNNING, Session.Status.AWAITING]
            ).order_by("started_at", "pk")[:20]
        ),
        "upcoming": list(
            sessions.filter(status=Session.Status.SCHEDULED, scheduled_at__gte=now).order_by(
                "scheduled_at"
            )[:10]
        ),
        "latest": list(
            sessions.filter(status=Session.Status.FINISHED)
            .order_by("-finished_at", "-pk")
            .prefetch_related(
                Prefetch(
                    "results",
                    queryset=Result.objects.filter(position__lte=3).select_related("entry__driver"),
                    to_attr="podium",
                )
            )[:10]
        ),
    }
    return render(request, "home.html", context)


@require_GET
def league_detail(request, league_slug: str):
    league = get_object_or_404(League.objects.select_related("owner"), slug=league_slug)
    context = {
        "league": league,
        "seasons": list(league.seasons.all()),
        "stewards": list(league.stewards.all()),
        "can_manage": can_manage(request.user, league),
    }
    return render(request, "league.html", context)


def standings_tables_html(season: Season, sort: str) -> str:
    """The standings tables and chart, the same for every visitor between two
    results: cached under the season's standings version."""
    key = (
        f"standings-html:{season.pk}:{standings_version(season.pk)}:{sort}:"
        f"{translation.get_language()}"
    )
    html = cache.get(key)
    if html is None:
        drivers = selectors.driver_standings(season)
        teams = selectors.team_standings(season) if season.team_mode else []
        series = season_selectors.points_after_each_round(drivers)
        drivers_sorted = sorted(drivers, key=STANDINGS_SORTS[sort][1])
        html = render_to_string(
            "_standings_tables.html",
            {
                "season": season,
                "drivers": _rows(drivers_sorted, series["rounds"]),
                "teams": _rows(teams, series["rounds"]),
                "held": series["rounds"],
                "chart": points_chart(series),
                "sort": sort,
                "sorts": {k: v[0] for k, v in STANDINGS_SORTS.items()},
            },
        )
        cache.set(key, html, timeout=24 * 3600)
    return html


def _rows(standings, held: list[int]) -> list[dict]:
    """Each standing with its points per held round, dropped rounds marked."""
    rows = []
    for standing in standings:
        dropped = set(getattr(standing, "dropped", []) or [])
        cells = [
            {"round": n, "points": standing.rounds.get(str(n)), "dropped": n in dropped}
            for n in held
        ]
        rows.append({"standing": standing, "cells": cells})
    return rows


def _sort(request) -> str:
    sort = request.GET.get("sort", "rank")
    return sort if sort in STANDINGS_SORTS else "rank"


@require_GET
def season_detail(request, league_slug: str, season_slug: str):
    season = selectors.season_get(league_slug, season_slug)
    sort = _sort(request)
    public = is_public_view(request)
    if public:
        # The same page for every visitor until something on it changes.
        # Dates show in the visitor's time zone: one page per zone.
        key = (
            f"season-page:{season.pk}:{standings_version(season.pk)}:"
            f"{season_selectors.season_page_fingerprint(season)}:{sort}:"
            f"{timezone.get_current_timezone_name()}:{translation.get_language()}"
        )
        body = page_get(key)
        if body is not None:
            return page_respond(request, body)
    rounds = season_selectors.season_rounds(season)
    context = {
        "season": season,
        "league": season.league,
        "rounds": rounds,
        "next_session": _next_session(rounds),
        "entries": selectors.season_entries(season),
        "rules": sorted(season.rules.items()),
        "points_table": list(enumerate(season.scoring.race_points, start=1)),
        "qualifying_table": list(enumerate(season.scoring.qualifying_points, start=1)),
        "bonus": [
            (gettext(BONUSES[k]), v)
            for k, v in (season.scoring.bonus or {}).items()
            if k in BONUSES
        ],
        "standings_html": standings_tables_html(season, sort),
        "odds_history_html": odds_history_html(season),
        "can_manage": can_manage(request.user, season.league),
        "my_entry": _my_entry(request.user, season),
        "public_page": public,
    }
    if public:
        context["csrf_token"] = READER_TOKEN
    response = render(request, "season.html", context)
    if public:
        page_put(key, response.content)
        return page_respond(request, response.content)
    return response


def _next_session(rounds) -> Session | None:
    """The season's next scheduled session, from the calendar already read."""
    now = timezone.now()
    coming = [
        s
        for r in rounds
        for s in r.sessions.all()
        if s.status == Session.Status.SCHEDULED and s.scheduled_at and s.scheduled_at >= now
    ]
    return min(coming, key=lambda s: (s.scheduled_at, s.kind != "qualifying"), default=None)


def _my_entry(user, season: Season) -> Entry | None:
    if not user.is_authenticated:
        return None
    return Entry.objects.filter(season=season, driver__user=user).first()


@require_GET
def standings(request, league_slug: str, season_slug: str):
    sort = _sort(request)
    template = "standings.html#standings" if request.htmx else "standings.html"
    public = is_public_view(request)
    if public:
        # The same page for every visitor until the next result: from memory,
        # without a database query.
        season_id = season_id_lookup(league_slug, season_slug)
        if season_id is None:
            raise Http404("No such season.")
        key = (
            f"standings-page:{season_id}:{standings_version(season_id)}:{sort}:{template}:"
            f"{translation.get_language()}"
        )
        body = page_get(key)
        if body is not None:
            return page_respond(request, body)
    season = selectors.season_get(league_slug, season_slug)
    context = {
        "season": season,
        "league": season.league,
        "standings_html": standings_tables_html(season, sort),
        "odds_html": title_odds_html(season),
        "public_page": public,
    }
    if public:
        context["csrf_token"] = READER_TOKEN
    response = render(request, template, context)
    if public and season.pk == season_id:
        page_put(key, response.content)
    elif public:
        season_id_forget(league_slug, season_slug)
    return page_respond(request, response.content) if public else response


def _history(results) -> list[dict]:
    return [
        {
            "result": r,
            "round": r.session.round,
            "season": r.session.round.season,
            "session": r.session,
        }
        for r in results
    ]


def _statistics(results) -> dict:
    races = [r for r in results if r.session.kind == Session.Kind.RACE]
    finished = [r for r in races if r.status == Result.Status.FINISHED]
    return {
        "races": len(races),
        "wins": sum(1 for r in races if r.position == 1),
        "podiums": sum(1 for r in races if r.position <= 3),
        "finished": len(finished),
        "eliminated": sum(1 for r in races if r.status == Result.Status.ELIMINATED),
        "points": sum(r.points for r in results),
        "best": min((r.position for r in races), default=None),
        "average": round(sum(r.position for r in races) / len(races), 1) if races else None,
    }


@require_GET
def driver_detail(request, driver_id: int):
    driver = get_object_or_404(Driver, pk=driver_id)
    results = careers.career_races(driver)
    entries = list(
        Entry.objects.filter(driver=driver)
        .select_related("season__league", "team", "standing")
        .order_by("-season__created_at")
    )
    seasons = []
    for entry in entries:
        own = [r for r in results if r.entry_id == entry.pk]
        seasons.append(
            {
                "entry": entry,
                "standing": getattr(entry, "standing", None),
                "stats": _statistics(own),
            }
        )
    figures = careers.career_figures(results)
    ratings = [
        {
            "entry": game_rating,
            "chart": rating_chart([c.ordinal for c in game_rating.history]),
        }
        for game_rating in careers.career_ratings(driver)
    ]
    context = {
        "driver": driver,
        "seasons": seasons,
        "history": _history(results),
        "stats": {
            **_statistics(results),
            "poles": figures["poles"],
            "laps_led": figures["laps_led"],
        },
        "tracks": figures["tracks"],
        "ratings": ratings,
    }
    return render(request, "driver.html", context)


@require_GET
def team_detail(request, team_id: int):
    team = get_object_or_404(Team.objects.select_related("season__league"), pk=team_id)
    members = list(team.members.select_related("driver", "standing").order_by("car_number"))
    results = _team_results(team)
    standing = TeamStanding.objects.filter(team=team).first()
    members_stats = [
        {
            "entry": m,
            "standing": getattr(m, "standing", None),
            "stats": _statistics([r for r in results if r.entry_id == m.pk]),
        }
        for m in members
    ]
    context = {
        "team": team,
        "season": team.season,
        "standing": standing,
        "members": members_stats,
        "history": _history(results),
        "stats": _statistics(results),
        "can_manage": can_manage(request.user, team.season.league),
    }
    return render(request, "team.html", context)


def _team_results(team: Team) -> list[Result]:
    """The results the team scored: each car's rounds while it drove for the
    team (a driver who changed team counts here only for those rounds)."""
    changes = list(
        TeamChange.objects.filter(entry__season=team.season_id).values_list(
            "entry_id", "team_id", "from_round"
        )
    )
    entries = dict(Entry.objects.filter(season=team.season_id).values_list("id", "team_id"))
    ever = {e for e, t in entries.items() if t == team.pk} | {
        e for e, t, _ in changes if t == team.pk
    }
    team_in = team_of_round(entries, changes)
    results = (
        Result.objects.filter(entry__in=ever, session__status=Session.Status.FINISHED)
        .select_related("session__round__season", "entry__driver")
        .defer("session__event_log", "session__actions", "session__config", "session__seats")
        .order_by("session__round__number", "session__kind", "position")
    )
    return [r for r in results if team_in(r.entry_id, r.session.round.number) == team.pk]


@require_GET
def bare(request):
    """A few bytes: the baseline bench/pages.py compares pages against."""
    return HttpResponse(b"ok", content_type="text/plain")
