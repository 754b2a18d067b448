"""What a season's pages read of its rounds and results."""

from __future__ import annotations

import hashlib

from django.db import connection
from django.db.models import Prefetch

from league.models import DriverStanding, Entry, League, ScoringSystem, Season, Team
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


# The season's own fields the season page shows, and its league's and
# scoring's (season_page_stamp reads them with the page's other facts).
OWN_FIELDS = ("name", "status", "rules", "team_mode", "team_size", "grid_size",
              "fill_with_bots", "bot_level")  # fmt: skip
SCORING_FIELDS = ("name", "race_points", "qualifying_points", "drop_worst", "eliminated_score",
                  "team_points")  # fmt: skip


def season_page_stamp(league_slug: str, season_slug: str) -> tuple[int, str] | None:
    """The season's id and what its page shows besides results and
    standings (as season_page_fingerprint), by its slugs in one plain query
    without building a model (a kept page's whole cost is this query); None
    for no such season."""
    own = ", ".join(f"se.{Season._meta.get_field(f).column}" for f in OWN_FIELDS)
    scoring = ", ".join(f"sc.{ScoringSystem._meta.get_field(f).column}" for f in SCORING_FIELDS)
    sql = f"""
        SELECT se.id, {own}, le.name, {scoring}, {_facts_columns("se.id")}
        FROM {Season._meta.db_table} se
        JOIN {League._meta.db_table} le ON le.id = se.league_id
        JOIN {ScoringSystem._meta.db_table} sc ON sc.id = se.scoring_id
        WHERE le.slug = %s AND se.slug = %s
    """  # noqa: S608 - table and column names come from the models, values are parameters
    with connection.cursor() as cursor:
        cursor.execute(sql, [league_slug, season_slug])
        row = cursor.fetchone()
    if row is None:
        return None
    return row[0], hashlib.sha1(repr(row).encode(), usedforsecurity=False).hexdigest()


def _facts_columns(season_id: str) -> str:
    """Every session's status and time, and the rounds, entries and teams
    as they are created, joined or withdrawn: four columns of one SELECT
    for the season whose id is the SQL `season_id`."""
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
    return f"""
          (SELECT {concat.format(session_row, "s.id")} FROM {sessions} s
             JOIN {rounds} r ON r.id = s.round_id WHERE r.season_id = {season_id}),
          (SELECT count(*) || ':' || coalesce(max(id), 0) FROM {rounds}
             WHERE season_id = {season_id}),
          (SELECT count(*) || ':' || coalesce(max(id), 0) || ':' || coalesce(sum(team_id), 0)
             FROM {entries} WHERE season_id = {season_id}),
          (SELECT count(*) || ':' || coalesce(max(id), 0) FROM {teams}
             WHERE season_id = {season_id})
    """


def season_page_fingerprint(season: Season) -> str:
    """What the season page shows besides results and standings, in one
    query: every session's status and time, and the rounds, entries and
    teams as they are created, joined or withdrawn. With the season's own
    fields and the standings version it identifies the page's content."""
    sql = f"SELECT {_facts_columns('%s')}"
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
    return hashlib.sha1(repr((row, own)).encode(), usedforsecurity=False).hexdigest()


def home_stamp() -> str | None:
    """What the home page lists, in one plain query: the sessions running
    now with their statuses, the next ten scheduled with their times, the
    latest ten finished, and the leagues. With the site's version (every
    season's change) it identifies the page. None on a database without
    string_agg (the page is then made every time)."""
    if connection.vendor != "postgresql":
        return None
    sessions, leagues = Session._meta.db_table, League._meta.db_table
    S = Session.Status
    sql = f"""
        SELECT
          (SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM {sessions}
             WHERE status IN (%s, %s, %s)),
          (SELECT string_agg(id || ':' || scheduled_at, ',') FROM (SELECT id, scheduled_at
             FROM {sessions} WHERE status = %s AND scheduled_at >= now()
             ORDER BY scheduled_at LIMIT 10) AS upcoming),
          (SELECT string_agg(CAST(id AS TEXT), ',') FROM (SELECT id FROM {sessions}
             WHERE status = %s ORDER BY finished_at DESC, id DESC LIMIT 10) AS latest),
          (SELECT md5(string_agg(id || ':' || name, ',' ORDER BY id)) FROM {leagues})
    """  # noqa: S608 - table names come from the models, values are parameters
    with connection.cursor() as cursor:
        cursor.execute(sql, [S.QUEUED, S.RUNNING, S.AWAITING, S.SCHEDULED, S.FINISHED])
        row = cursor.fetchone()
    return hashlib.sha1(repr(row).encode(), usedforsecurity=False).hexdigest()
