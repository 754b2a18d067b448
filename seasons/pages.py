"""What the public season pages show (seasons/views/public.py renders
them): the season page, the standings page and a driver's page, and the
keys their shared copies are cached under (league/caching.py)."""

from __future__ import annotations

import time

from django.core.cache import cache
from django.db.models import Prefetch
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league import selectors
from league.caching import READER_TOKEN, site_version, standings_version
from league.models import Driver, Entry, League, Season
from league.organise.signup import season_takes_entries
from league.permissions import can_manage
from league.scoring.championship import BONUSES
from league.season_settings.words import season_rules_words
from races.models import Result, Session
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
                "driver_tables": _division_tables(drivers_sorted, series["rounds"]),
                "teams": _rows(teams, series["rounds"]),
                "held": series["rounds"],
                "chart": points_chart(series),
                "sort": sort,
                "sorts": {k: v[0] for k, v in STANDINGS_SORTS.items()},
            },
        )
        cache.set(key, html, timeout=24 * 3600)
    return html


def _division_tables(drivers, held: list[int]) -> list[dict]:
    """The drivers' table, or one table a division (issue 26, item 2),
    top division first; cars outside every division after them."""
    if not any(s.entry.division_id for s in drivers):
        return [{"caption": _("Drivers"), "id": "driver-standings", "rows": _rows(drivers, held)}]
    order = sorted(
        {s.entry.division for s in drivers},
        key=lambda d: (d is None, d.number if d else 0),
    )
    return [
        {
            "caption": division.name if division else _("Drivers without a division"),
            "id": f"driver-standings-{division.number if division else 0}",
            "rows": _rows([s for s in drivers if s.entry.division == division], held),
        }
        for division in order
    ]


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


def season_page_key(season_id: int, sort: str) -> str:
    """The same page for every visitor until something on it changes: a
    result, or a write of a row it shows (league/page_versions.py), gives the
    season's standings a new version. Dates show in the visitor's time
    zone: one page per zone."""
    return (
        f"season-page:{season_id}:{standings_version(season_id)}:{sort}:"
        f"{timezone.get_current_timezone_name()}:{translation.get_language()}"
    )


def home_page_key() -> str:
    """The home page, the same for every visitor until a session starts,
    stops or is scheduled, a league comes or goes, or any season changes:
    each of those writes gives the site a new version (league/page_versions.py).
    Made again each minute for its countdowns, and once per time zone and
    language."""
    return (
        f"home:{site_version()}:{int(time.time() // 60)}:"
        f"{timezone.get_current_timezone_name()}:{translation.get_language()}"
    )


def home_context(public: bool) -> dict:
    """The home page: sessions running, the next ones, the latest results
    with their podiums, the leagues."""
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
    if public:
        context.update(csrf_token=READER_TOKEN, public_page=True)
    return context


def season_context(user, season: Season, *, sort: str, public: bool) -> dict:
    """The season page: calendar, entries, rules and points, the standings
    and the title odds' history; a public page carries the readers' token."""
    rounds = season_selectors.season_rounds(season)
    context = {
        "season": season,
        "sort": sort,
        "push_season": season.pk,  # the standings follow the push socket (issue 25)
        "league": season.league,
        "rounds": rounds,
        "next_session": _next_session(rounds),
        "entries": _waiting_places(selectors.season_entries(season)),
        "takes_entries": season_takes_entries(season),
        "rules": season_rules_words(season.game, season.rules),
        "points_table": list(enumerate(season.scoring.race_points, start=1)),
        "qualifying_table": list(enumerate(season.scoring.qualifying_points, start=1)),
        "bonus": [
            (gettext(BONUSES[k]), v)
            for k, v in (season.scoring.bonus or {}).items()
            if k in BONUSES
        ],
        "standings_html": standings_tables_html(season, sort),
        "odds_history_html": odds_history_html(season),
        "can_manage": can_manage(user, season.league),
        "my_entry": _my_entry(user, season),
        "public_page": public,
    }
    if public:
        context["csrf_token"] = READER_TOKEN
    return context


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


def _waiting_places(entries: list[Entry]) -> list[Entry]:
    """Each reserve's place on the waiting list: the order they take a seat
    (league/organise/signup.py)."""
    waiting = sorted(
        (e for e in entries if e.reserve and not e.withdrawn), key=lambda e: (e.created_at, e.pk)
    )
    for place, entry in enumerate(waiting, start=1):
        entry.waiting_place = place
    return entries


def _my_entry(user, season: Season) -> Entry | None:
    if not user.is_authenticated:
        return None
    return Entry.objects.filter(season=season, driver__user=user).first()


def standings_page_key(season_id: int, sort: str, template: str) -> str:
    return (
        f"standings-page:{season_id}:{standings_version(season_id)}:{sort}:{template}:"
        f"{translation.get_language()}"
    )


def standings_context(season: Season, *, sort: str, public: bool) -> dict:
    context = {
        "season": season,
        "league": season.league,
        "standings_html": standings_tables_html(season, sort),
        "odds_html": title_odds_html(season),
        "public_page": public,
        "sort": sort,
        "push_season": season.pk,  # the standings follow the push socket (issue 25)
    }
    if public:
        context["csrf_token"] = READER_TOKEN
    return context


def history(results) -> list[dict]:
    return [
        {
            "result": r,
            "round": r.session.round,
            "season": r.session.round.season,
            "session": r.session,
        }
        for r in results
    ]


def statistics(results) -> dict:
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


def driver_context(driver: Driver) -> dict:
    """A driver's page: each season with its standing and statistics, every
    result, the career's figures and the ratings in each game."""
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
                "stats": statistics(own),
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
    return {
        "driver": driver,
        "seasons": seasons,
        "history": history(results),
        "stats": {
            **statistics(results),
            "poles": figures["poles"],
            "laps_led": figures["laps_led"],
        },
        "tracks": figures["tracks"],
        "ratings": ratings,
    }
