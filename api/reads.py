"""What the public API returns, as plain data: each read a fixed number of
queries whatever the number of rows, and nothing a visitor of the pages
could not see (no seed, seats or log before a session has finished)."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse

from league import selectors
from league.models import League, Season
from races.models import Result, Round, Session
from races.replay import record
from ratings.ladders import ladder
from ratings.models import TitleOdds

SESSION_LIGHT = ("event_log", "actions", "config", "seats", "progress", "summary")


def window(queryset: QuerySet, page: int, page_size: int) -> tuple[list, int]:
    offset = (page - 1) * page_size
    return list(queryset[offset : offset + page_size]), queryset.count()


def league_out(league: League) -> dict:
    return {
        "slug": league.slug,
        "name": league.name,
        "description": league.description,
        "organiser": league.owner.get_username(),
        "url": league.get_absolute_url(),
    }


def leagues(page: int, page_size: int) -> dict:
    rows, count = window(
        League.objects.select_related("owner").order_by("name", "pk"), page, page_size
    )
    return {"count": count, "items": [league_out(x) for x in rows]}


def league_get(slug: str) -> League:
    return get_object_or_404(League.objects.select_related("owner"), slug=slug)


def season_out(season: Season) -> dict:
    return {
        "league": season.league.slug,
        "slug": season.slug,
        "name": season.name,
        "game": season.game,
        "game_name": season.get_game_display(),
        "status": season.status,
        "team_mode": season.team_mode,
        "grid_size": season.grid_size,
        "scoring": season.scoring.name,
        "rules": season.rules,
        "url": season.get_absolute_url(),
    }


def seasons(league: League, page: int, page_size: int) -> dict:
    queryset = (
        # A tournament's tables race in a season of its own: it is read as the tournament.
        Season.objects.filter(league=league, tournament__isnull=True)
        .select_related("league", "scoring")
        .order_by("-created_at", "pk")
    )
    rows, count = window(queryset, page, page_size)
    return {"count": count, "items": [season_out(s) for s in rows]}


def season_get(league_slug: str, season_slug: str) -> Season:
    return selectors.season_get(league_slug, season_slug)


def session_out(session: Session) -> dict:
    finished = session.status == Session.Status.FINISHED
    return {
        "id": session.pk,
        "kind": session.kind,
        "race": session.leg,
        "division": session.division.name if session.division_id else None,
        "status": session.status,
        "scheduled_at": session.scheduled_at,
        "started_at": session.started_at,
        "finished_at": session.finished_at,
        "seed": session.seed_revealed,
        "log_sha256": session.log_sha256 if finished else None,
    }


def rounds(season: Season, page: int, page_size: int) -> dict:
    sessions = (
        Session.objects.defer(*SESSION_LIGHT)
        .select_related("division")
        .order_by("division__number", "kind", "-leg")
    )
    queryset = (
        Round.objects.filter(season=season)
        .order_by("number")
        .prefetch_related(Prefetch("sessions", queryset=sessions))
    )
    rows, count = window(queryset, page, page_size)
    items = []
    for rnd in rows:
        rnd.season = season
        items.append(
            {
                "number": rnd.number,
                "name": rnd.name,
                "track": rnd.track,
                "laps": rnd.laps,
                "scheduled_at": rnd.scheduled_at,
                "sessions": [session_out(s) for s in rnd.sessions.all()],
                "url": rnd.get_absolute_url(),
            }
        )
    return {"count": count, "items": items}


def result_out(result: Result) -> dict:
    entry = result.entry
    return {
        "position": result.position,
        "car_number": entry.car_number,
        "driver": entry.driver.name,
        "driver_id": entry.driver_id,
        "is_bot": entry.driver.is_bot,
        "team": entry.team.name if entry.team_id else None,
        "status": result.status,
        "laps": result.laps,
        "points": result.points,
        "figures": dict(result.figures or {}),
    }


def session_detail(session_id: int) -> dict:
    session = get_object_or_404(
        Session.objects.defer(*SESSION_LIGHT).select_related("round__season__league"),
        pk=session_id,
    )
    finished = session.status == Session.Status.FINISHED
    results = (
        Result.objects.filter(session=session)
        .select_related("entry__driver", "entry__team")
        .order_by("position")
        if finished
        else []
    )
    season = session.round.season
    return {
        **session_out(session),
        "league": season.league.slug,
        "season": season.slug,
        "round": session.round.number,
        "results": [result_out(r) for r in results],
        "replay_url": reverse("replay_start", args=[session.pk]) if finished else None,
    }


def session_record(session_id: int) -> str:
    """A finished session's record (races/replay/record.py), as its text."""
    session = get_object_or_404(
        Session.objects.select_related("round__season__league").defer("event_log"), pk=session_id
    )
    try:
        return record.session_record(session=session)
    except record.NoRecord:
        raise Http404("This session has no record to check.") from None


def standings(season: Season) -> dict:
    drivers = [
        {
            "rank": s.rank,
            "name": s.entry.driver.name,
            "car_number": s.entry.car_number,
            "driver_id": s.entry.driver_id,
            "team": s.entry.team.name if s.entry.team_id else None,
            "division": s.entry.division.name if s.entry.division_id else None,
            "points": s.points,
            "penalty_points": s.penalty_points,
            "rounds": dict(s.rounds),
            "dropped": list(s.dropped or []),
        }
        for s in selectors.driver_standings(season)
    ]
    teams = [
        {
            "rank": t.rank,
            "name": t.team.name,
            "points": t.points,
            "penalty_points": t.penalty_points,
            "rounds": dict(t.rounds),
        }
        for t in (selectors.team_standings(season) if season.team_mode else [])
    ]
    return {"season": season.slug, "drivers": drivers, "teams": teams}


def odds(season: Season) -> dict:
    latest = TitleOdds.objects.filter(season=season).order_by("-after_round").first()
    if latest is None:
        return {
            "season": season.slug,
            "after_round": None,
            "computed_at": None,
            "simulations": 0,
            "drivers": [],
            "teams": [],
        }
    return {
        "season": season.slug,
        "after_round": latest.after_round,
        "computed_at": latest.computed_at,
        "simulations": latest.simulations,
        "drivers": latest.drivers,
        "teams": latest.teams,
    }


def ratings(game: str, page: int, page_size: int) -> dict:
    rows, count = window(ladder(game), page, page_size)
    start = (page - 1) * page_size
    return {
        "count": count,
        "game": game,
        "items": [
            {
                "rank": start + i,
                "holder": r.holder,
                "driver_id": r.driver_id,
                "bot_level": r.bot_level or None,
                "rating": round(r.ordinal, 4),
                "mu": round(r.mu, 4),
                "sigma": round(r.sigma, 4),
                "races": r.races,
            }
            for i, r in enumerate(rows, start=1)
        ],
    }
