"""What a season's pages read of its rounds and results."""

from __future__ import annotations

from django.db import connection
from django.db.models import Prefetch

from league.models import DriverStanding, Entry, Season, Team
from races.models import Result, Round, Session


def season_rounds(season: Season) -> list:
    """The calendar: rounds with their sessions and each session's winner,
    in three queries whatever the number of rounds."""
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


def season_page_fingerprint(season: Season) -> str:
    """What the season page shows besides results and standings, in one
    query: every session's status and time, and the rounds, entries and
    teams as they are created, joined or withdrawn. With the season's own
    fields and the standings version it identifies the page's content."""
    concat = (
        "string_agg({}, ',' ORDER BY {})"
        if connection.vendor == "postgresql"
        else ("group_concat({}, ',')")
    )
    session_row = (
        "s.id || ':' || s.status || ':' || coalesce(CAST(s.scheduled_at AS TEXT), '')"
        if connection.vendor == "postgresql"
        else "s.id || ':' || s.status || ':' || coalesce(s.scheduled_at, '')"
    )
    sessions, rounds, entries, teams = (
        Session._meta.db_table,
        Round._meta.db_table,
        Entry._meta.db_table,
        Team._meta.db_table,
    )
    sql = f"""
        SELECT
          (SELECT {concat.format(session_row, "s.id")} FROM {sessions} s
             JOIN {rounds} r ON r.id = s.round_id WHERE r.season_id = %s),
          (SELECT count(*) || ':' || coalesce(max(id), 0) FROM {rounds} WHERE season_id = %s),
          (SELECT count(*) || ':' || coalesce(max(id), 0) || ':' || coalesce(sum(team_id), 0)
             FROM {entries} WHERE season_id = %s),
          (SELECT count(*) || ':' || coalesce(max(id), 0) FROM {teams} WHERE season_id = %s)
    """  # noqa: S608 - table names come from the models, values are parameters
    with connection.cursor() as cursor:
        cursor.execute(sql, [season.pk] * 4)
        row = cursor.fetchone()
    scoring = season.scoring
    own = (
        season.name,
        season.status,
        season.rules,
        season.team_mode,
        season.team_size,
        season.grid_size,
        season.fill_with_bots,
        season.bot_level,
        season.league.name,
        scoring.name,
        scoring.race_points,
        scoring.qualifying_points,
        scoring.drop_worst,
        scoring.eliminated_score,
        scoring.team_points,
    )
    import hashlib

    return hashlib.sha1(repr((row, own)).encode(), usedforsecurity=False).hexdigest()
