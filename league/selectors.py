"""Reads that several views share: each a fixed, small number of queries."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from league.models import DriverStanding, Entry, Season, TeamStanding


def driver_standings(season: Season) -> list[DriverStanding]:
    return list(
        DriverStanding.objects.filter(season=season)
        .select_related("entry__driver", "entry__team", "entry__division")
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


def season_get(league_slug: str, season_slug: str) -> Season:
    return get_object_or_404(
        Season.objects.select_related("league", "scoring"),
        league__slug=league_slug,
        slug=season_slug,
    )
