"""Reads that several views share: each a fixed, small number of queries."""

from __future__ import annotations

from league.models import DriverStanding, Entry, Season, TeamStanding


def driver_standings(season: Season) -> list[DriverStanding]:
    return list(
        DriverStanding.objects.filter(season=season)
        .select_related("entry__driver", "entry__team")
        .order_by("rank", "entry__car_number")
    )


def team_standings(season: Season) -> list[TeamStanding]:
    return list(
        TeamStanding.objects.filter(season=season)
        .select_related("team")
        .order_by("rank", "team__name")
    )


def season_entries(season: Season) -> list[Entry]:
    return list(
        Entry.objects.filter(season=season).select_related("driver", "team").order_by("car_number")
    )


# --- Web pages -------------------------------------------------------------


def season_get(league_slug: str, season_slug: str) -> Season:
    from django.shortcuts import get_object_or_404

    return get_object_or_404(
        Season.objects.select_related("league", "scoring"),
        league__slug=league_slug,
        slug=season_slug,
    )


def season_rounds(season: Season) -> list:
    """The calendar: rounds with their sessions and each session's winner,
    in three queries whatever the number of rounds."""
    from django.db.models import Prefetch

    from races.models import Result, Round, Session

    winners = Result.objects.filter(position=1).select_related("entry__driver").order_by()
    sessions = (
        Session.objects.defer("event_log", "actions", "config", "seats", "progress", "summary")
        .order_by("kind")
        .prefetch_related(Prefetch("results", queryset=winners, to_attr="winners"))
    )
    rounds = list(
        Round.objects.filter(season=season)
        .order_by("number")
        .prefetch_related(Prefetch("sessions", queryset=sessions))
    )
    for rnd in rounds:
        rnd.season = season  # already loaded with its league: links cost no query
    return rounds


def points_after_each_round(standings: list[DriverStanding], top: int = 6) -> dict:
    """Cumulative points after each held round for the top drivers: the
    series of the season's chart (points as scored, before drops and
    penalties)."""
    held = sorted({int(n) for s in standings for n in s.rounds})
    series = []
    for standing in standings[:top]:
        total, points = 0, []
        for number in held:
            total += standing.rounds.get(str(number), 0)
            points.append(total)
        series.append({"standing": standing, "points": points})
    return {"rounds": held, "series": series}
