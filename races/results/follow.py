"""What every stored result brings with it, in its own transaction: the
season's stage checked and moved on by itself (league/season_stage/), and a
line of the league's history with the places before and after in words.
races/results/store.py calls it once per stored result."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection
from django.utils.translation import gettext_noop

from league.history import record
from league.models import Driver, Entry, Season
from league.season_stage import Action, season_stage_follow, stage_check
from races.models import Result, Round, Session
from races.rounds.edits import round_words
from races.running.aftermath import season_finished

# How a result came: the history says it in words.
SUMMARIES = {
    ("engine", False): gettext_noop("Result of round %(round)s stored from the race"),
    ("hand", False): gettext_noop("Result of round %(round)s entered by hand"),
    ("import", False): gettext_noop("Result of round %(round)s imported"),
    ("engine", True): gettext_noop("Result of round %(round)s stored again from the race"),
    ("hand", True): gettext_noop("Result of round %(round)s corrected by hand"),
    ("import", True): gettext_noop("Result of round %(round)s corrected by an import"),
    ("restore", False): gettext_noop("Deleted result of round %(round)s restored"),
}


# The places before and after, said for the session's kind.
PLACES = {
    Session.Kind.RACE: (gettext_noop("Race: %(was)s"), gettext_noop("Race: %(now)s")),
    Session.Kind.QUALIFYING: (
        gettext_noop("Qualifying: %(was)s"),
        gettext_noop("Qualifying: %(now)s"),
    ),
}


def _column(meta, name: str) -> str:
    """The database column of the model field `name` (the statements written out here)."""
    return meta.get_field(name).column


def result_order_words(*, session: Session) -> str:
    """The session's stored places in words: '1. Ana Silva #7, 2. …'."""
    rows = (
        Result.objects.filter(session=session)
        .order_by("position")
        .values_list("position", "entry__driver__name", "entry__car_number")
    )
    return _words(rows)


def _words(rows) -> str:
    return ", ".join(f"{position}. {name} #{number}" for position, name, number in rows)


def results_removed_words(
    *, session: Session, entries: Iterable[int] = ()
) -> tuple[str, dict[int, tuple[str, int]]]:
    """Delete the session's stored results, returning their places in words
    (as result_order_words says them) and the name and car number of each
    of `entries` (the cars of the result that replaces them, for
    `places_words`): on PostgreSQL one statement (DELETE … RETURNING), not
    two reads and a delete on every store."""
    entries = list(entries)
    if connection.vendor != "postgresql":
        before = result_order_words(session=session)
        Result.objects.filter(session=session).delete()
        found = Entry.objects.filter(pk__in=entries).values_list("id", "driver__name", "car_number")
        return before, {pk: (name, number) for pk, name, number in found}
    result, entry, driver = Result._meta, Entry._meta, Driver._meta

    named = f"""{entry.db_table} e
        JOIN {driver.db_table} d ON d.{driver.pk.column} = e.{_column(entry, "driver")}"""
    sql = f"""
        WITH gone AS (
            DELETE FROM {result.db_table} WHERE {_column(result, "session")} = %s
            RETURNING {_column(result, "position")} AS position, {_column(result, "entry")} AS entry
        )
        SELECT gone.position, d.{_column(driver, "name")}, e.{_column(entry, "car_number")}, e.id
        FROM gone JOIN {named} ON e.{entry.pk.column} = gone.entry
        UNION ALL
        SELECT NULL, d.{_column(driver, "name")}, e.{_column(entry, "car_number")}, e.id
        FROM {named} WHERE e.{entry.pk.column} = ANY(%s)
    """  # noqa: S608 - names from the models, the values parameters
    with connection.cursor() as cursor:
        cursor.execute(sql, [session.pk, entries])
        rows = cursor.fetchall()
    gone = sorted((row for row in rows if row[0] is not None), key=lambda row: row[0])
    names = {pk: (name, number) for position, name, number, pk in rows if position is None}
    return _words(row[:3] for row in gone), names


def places_words(places: Iterable[tuple[int, int]], names: dict[int, tuple[str, int]]) -> str:
    """(position, entry id) pairs in words, as result_order_words says the
    stored places."""
    return _words((position, *names[pk]) for position, pk in sorted(places))


def rounds_scored(season_id: int) -> tuple[int, int]:
    """The season's rounds, and how many are scored: a round is scored once
    every race of it (each division's, a sprint and the main race: issue 26)
    has finished or was cancelled, and one has finished. Both counts in one
    statement, written out: the ORM's aggregate of two EXISTS costs four
    times its query to compile, on every stored result."""
    rnd, session = Round._meta, Session._meta

    def races(condition: str) -> str:
        return f"""SELECT 1 FROM {session.db_table} s
            WHERE s.{_column(session, "round")} = r.{rnd.pk.column}
              AND s.{_column(session, "kind")} = %s AND {condition}"""

    status = f"s.{_column(session, 'status')}"
    sql = f"""
        SELECT COUNT(*), COALESCE(SUM(CASE
            WHEN EXISTS ({races(f"{status} = %s")})
             AND NOT EXISTS ({races(f"{status} NOT IN (%s, %s)")}) THEN 1 ELSE 0 END), 0)
        FROM {rnd.db_table} r WHERE r.{_column(rnd, "season")} = %s
    """  # noqa: S608 - names from the models, the values parameters
    race, finished, cancelled = Session.Kind.RACE, Session.Status.FINISHED, Session.Status.CANCELLED
    with connection.cursor() as cursor:
        cursor.execute(sql, [race, finished, race, finished, cancelled, season_id])
        rounds, scored = cursor.fetchone()
    return rounds, scored


def results_follow(
    *, session: Session, before: str, actor, how: str = "engine", now: str | None = None
) -> None:
    """Inside the transaction that stored the session's result (`now`: its
    places in words, when the caller has them)."""
    season = session.round.season
    stage_check(season, Action.RESULTS)
    record(
        season.league,
        actor=actor,
        topic="result",
        season=season,
        summary=SUMMARIES[(how, bool(before))],
        params={
            "round": round_words(session.round),
            "was": before,
            "now": result_order_words(session=session) if now is None else now,
        },
        before=PLACES[session.kind][0] if before else "",
        after=PLACES[session.kind][1],
    )
    rounds, scored = rounds_scored(season.pk)
    if season_stage_follow(season=season, rounds=rounds, scored=scored) == Season.Status.FINISHED:
        season_finished(season_id=season.pk)
