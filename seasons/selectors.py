"""What a season's pages read of its rounds and results."""

from __future__ import annotations

from django.db.models import Prefetch

from league.models import DriverStanding, Season
from races.models import Result, Round, Session


def season_rounds(season: Season) -> list:
    """The calendar: rounds with their sessions and each session's winner,
    in three queries whatever the number of rounds."""
    winners = Result.objects.filter(position=1).select_related("entry__driver").order_by()
    sessions = (
        Session.objects.defer("event_log", "actions", "config", "seats", "progress", "summary")
        .select_related("division")
        # Division by division: qualifying, the sprint, then the race (issue 26).
        .order_by("division__number", "kind", "-leg")
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
