"""Querysets compiled once and run with other values (paddock/prepared.py):
the same rows as the queryset built each time, the same rows changed, on
the calling thread's own connection, and a clear refusal of a builder whose
values shape the statement or of a value of the wrong kind."""

import threading
import time
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from django.db import connection, transaction
from django.db.models import Count, Q, Value
from django.db.transaction import TransactionManagementError

from league.models import Entry, LeagueChange, Season
from paddock.prepared import Prepared, PreparedInsert, PreparedUpdate
from races.models import Result, Round, Session
from races.rounds.edits import round_create
from tests.conftest import make_driver, make_season

S = Session.Status


def _with_rounds(league, slug="prepared", rounds=3):
    season = make_season(league, slug=slug)
    for number in range(1, rounds + 1):
        round_create(season=season, number=number, name=f"R{number}", track="paddock_ring", laps=1)
    return season


def _sessions(round_id, status):
    return (
        Session.objects.select_related("round__season__league", "round__season__scoring")
        .annotate(rounds_in_season=Count("round__season__rounds"))
        .filter(round_id=round_id, status=status)
        .order_by("pk")
    )


SESSIONS = Prepared(_sessions, round_id=int, status=str)


def _plain(session):
    """What a read gives of a session: its fields, what it selected with it
    and what it annotated."""
    fields = {f.attname: getattr(session, f.attname) for f in Session._meta.concrete_fields}
    season = session.round.season
    return (
        fields,
        session.round.number,
        season.slug,
        season.league.slug,
        season.scoring.slug,
        session.rounds_in_season,
    )


@pytest.mark.django_db
def test_a_prepared_read_gives_the_rows_the_queryset_gives(league):
    season = _with_rounds(league)
    rounds = list(season.rounds.order_by("number"))
    Session.objects.filter(round=rounds[1]).update(
        status=S.FINISHED, summary={"rounds": 7, "wet": True}
    )
    for rnd in rounds:
        for status in (S.SCHEDULED, S.FINISHED):
            built = list(_sessions(rnd.pk, status))
            prepared = SESSIONS.rows(round_id=rnd.pk, status=status)
            assert [_plain(s) for s in prepared] == [_plain(s) for s in built]
            # Related rows come loaded, as select_related loads them: no query.
            for session in prepared:
                assert "round" in session._state.fields_cache
    found = SESSIONS.rows(round_id=rounds[1].pk, status=S.FINISHED)
    assert found and all(s.summary == {"rounds": 7, "wet": True} for s in found)
    assert SESSIONS.rows(round_id=rounds[1].pk + 10_000, status=S.FINISHED) == []


NUMBERS = Prepared(
    lambda season_id, number: (
        Round.objects.filter(season_id=season_id, number__gte=number)
        .order_by("number")
        .values_list("number", "name", "options")
    ),
    season_id=int,
    number=int,
)


@pytest.mark.django_db
def test_a_prepared_values_list_reads_typed_and_json_columns(league):
    season = _with_rounds(league, rounds=4)
    Round.objects.filter(season=season, number=3).update(options={"weather": "rain"})
    for number in (1, 3, 5):
        built = list(
            Round.objects.filter(season=season, number__gte=number)
            .order_by("number")
            .values_list("number", "name", "options")
        )
        assert NUMBERS.rows(season_id=season.pk, number=number) == built
    assert NUMBERS.rows(season_id=season.pk, number=3)[0][2] == {"weather": "rain"}
    assert NUMBERS.one(season_id=season.pk, number=4) == (4, "R4", {})
    assert NUMBERS.one(season_id=season.pk, number=9) is None


QUEUE = PreparedUpdate(
    lambda session_id, at: (
        Session._base_manager.filter(pk=session_id, status__in=(S.SCHEDULED, S.FAILED)),
        {"status": S.QUEUED, "queued_at": at, "error": ""},
    ),
    session_id=int,
    at=datetime,
)


@pytest.mark.django_db
def test_a_prepared_update_changes_the_rows_its_queryset_selects(league):
    season = _with_rounds(league, rounds=2)
    first, second = (r.sessions.get(kind=Session.Kind.RACE) for r in season.rounds.all())
    Session.objects.filter(pk=second.pk).update(status=S.RUNNING, error="kept")
    at = datetime(2026, 5, 17, 14, 30, 15, 123456, tzinfo=UTC)
    assert QUEUE.run(session_id=first.pk, at=at) == 1
    assert QUEUE.run(session_id=second.pk, at=at + timedelta(days=1)) == 0  # running
    assert QUEUE.run(session_id=first.pk, at=at) == 0  # queued already
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, first.queued_at, first.error) == (S.QUEUED, at, "")
    assert (second.status, second.queued_at, second.error) == (S.RUNNING, None, "kept")


@pytest.mark.django_db(transaction=True)
def test_each_thread_reads_on_its_own_connection(league):
    """The kept compiler is handed the calling thread's connection: a row
    written in a transaction is seen by that transaction, not by a thread
    reading beside it until the transaction commits."""
    season = _with_rounds(league, slug="threads", rounds=1)
    driver = make_driver("Ayrton Prepared")
    cars = Prepared(
        lambda season_id: Entry.objects.filter(season_id=season_id).values_list("car_number"),
        season_id=int,
    )
    assert cars.rows(season_id=season.pk) == []  # compiled on this thread
    seen_beside = []

    def read_beside():
        seen_beside.append(cars.rows(season_id=season.pk))
        connection.close()

    with transaction.atomic():
        Entry.objects.create(season=season, driver=driver, car_number=12)
        assert cars.rows(season_id=season.pk) == [(12,)]
        beside = threading.Thread(target=read_beside)
        beside.start()
        beside.join()
    assert seen_beside == [[]]
    assert cars.rows(season_id=season.pk) == [(12,)]


def _statement_of(backend_pid: int) -> str:
    """The last statement a backend began, as another connection sees it."""
    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"], port=settings["PORT"] or 5432, user=settings["USER"],
        dbname=settings["NAME"], autocommit=True,
    ) as other:  # fmt: skip
        found = other.execute("SELECT query FROM pg_stat_activity WHERE pid = %s", [backend_pid])
        return found.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_an_update_beside_is_sent_before_its_block_and_counted_after_it(league):
    """PreparedUpdate.beside: the database has the UPDATE while the block
    runs (another connection sees this one's backend on it), its rows are
    counted once the block has ended, and it commits with the transaction."""
    season = _with_rounds(league, slug="beside", rounds=1)
    session = season.rounds.get().sessions.get(kind=Session.Kind.RACE)
    at = datetime(2026, 5, 17, 14, 30, tzinfo=UTC)
    with transaction.atomic():
        with QUEUE.beside(session_id=session.pk, at=at) as written:
            assert written.rows is None
            pid = connection.connection.info.backend_pid
            deadline = time.monotonic() + 5
            while "UPDATE" not in (seen := _statement_of(pid)) and time.monotonic() < deadline:
                time.sleep(0.01)
            assert 'UPDATE "races_session"' in seen
        assert written.rows == 1
        with QUEUE.beside(session_id=session.pk, at=at) as again:
            pass
        assert again.rows == 0  # queued already
    session.refresh_from_db()
    assert (session.status, session.queued_at) == (S.QUEUED, at)


@pytest.mark.django_db(transaction=True)
def test_an_update_beside_needs_a_transaction_and_rolls_back_with_it(league):
    season = _with_rounds(league, slug="beside-undone", rounds=1)
    session = season.rounds.get().sessions.get(kind=Session.Kind.RACE)
    at = datetime(2026, 5, 17, 14, 30, tzinfo=UTC)
    with pytest.raises(TransactionManagementError):
        with QUEUE.beside(session_id=session.pk, at=at):
            pass
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        with QUEUE.beside(session_id=session.pk, at=at):
            1 / 0  # noqa: B018 - the block's work fails
    session.refresh_from_db()
    assert (session.status, session.queued_at) == (S.SCHEDULED, None)


@pytest.mark.django_db
def test_a_builder_whose_values_shape_the_statement_is_refused(league):
    season = _with_rounds(league, slug="refused", rounds=1)
    sliced = Prepared(lambda n: Season.objects.order_by("pk")[:n], n=int)
    with pytest.raises(ValueError, match="depends on its values"):
        sliced.rows(n=2)  # a LIMIT is written into the text
    hidden = Prepared(lambda season_id: Season.objects.filter(pk=season.pk), season_id=int)
    with pytest.raises(ValueError, match="not a parameter"):
        hidden.rows(season_id=season.pk)  # the value never reaches the statement
    # Two stand-ins in a row end in an odd and an even digit: one filters.
    shaped = Prepared(
        lambda name: Season.objects.filter(Q(name=name) if name[-2] in "02468" else Q()),
        name=str,
    )
    with pytest.raises(ValueError, match="depends on its values"):
        shaped.rows(name="x")
    with pytest.raises(TypeError):
        Prepared(lambda at: Season.objects.filter(pk=at), at=float)


@pytest.mark.django_db
def test_a_value_of_the_wrong_kind_is_refused_and_changes_nothing(league):
    season = _with_rounds(league, slug="kinds", rounds=1)
    race = season.rounds.get().sessions.get(kind=Session.Kind.RACE)
    naive = datetime(2026, 5, 17, 14, 30)
    for values, error in (
        ({"session_id": race.pk, "at": naive}, ValueError),
        ({"session_id": None, "at": datetime.now(UTC)}, TypeError),
        ({"session_id": True, "at": datetime.now(UTC)}, TypeError),
        ({"session_id": race.pk}, TypeError),
        ({"session_id": race.pk, "at": datetime.now(UTC), "more": 1}, TypeError),
    ):
        with pytest.raises(error):
            QUEUE.run(**values)
    race.refresh_from_db()
    assert race.status == S.SCHEDULED and race.queued_at is None


def _as_read(rows) -> list[dict]:
    return [
        {f.attname: getattr(row, f.attname) for f in type(row)._meta.concrete_fields}
        for row in rows
    ]


@pytest.mark.django_db
def test_a_prepared_insert_writes_what_bulk_create_writes_and_sets_the_ids(league):
    season = _with_rounds(league, slug="inserts", rounds=3)
    first, second, third = (r.sessions.get(kind=Session.Kind.RACE) for r in season.rounds.all())
    entries = [
        Entry.objects.create(season=season, driver=make_driver(f"Driver {n}"), car_number=n)
        for n in range(1, 4)
    ]
    results = PreparedInsert(Result)

    def lines(session, laps):
        return [
            Result(session=session, entry=e, seat=f"car{e.car_number}", position=n,
                   status="finished", laps=laps, figures={"best": n / 2, "crash": n == 3})
            for n, e in enumerate(entries, start=1)
        ]  # fmt: skip

    def written(rows):
        return [{k: v for k, v in row.items() if k not in ("id", "session_id")} for row in rows]

    made = Result.objects.bulk_create(lines(first, 2))
    for session in (second, third):  # three rows twice: the text kept the second time
        inserted = results.run(lines(session, 2))
        assert all(row.pk and not row._state.adding for row in inserted)
        stored = list(Result.objects.filter(session=session).order_by("position"))
        assert _as_read(stored) == _as_read(inserted)
        assert written(_as_read(inserted)) == written(_as_read(made))
    one = PreparedInsert(LeagueChange).run(
        [LeagueChange(league=league, season=season, topic="result", summary="Stored")]
    )[0]
    assert LeagueChange.objects.get(pk=one.pk).at == one.at  # set at the insert (auto_now_add)


@pytest.mark.django_db
def test_a_prepared_insert_refuses_an_expression_and_writes_nothing(league):
    season = _with_rounds(league, slug="no-expression", rounds=1)
    race = season.rounds.get().sessions.get(kind=Session.Kind.RACE)
    entry = Entry.objects.create(season=season, driver=make_driver("Exprés"), car_number=5)
    row = Result(session=race, entry=entry, seat="car5", position=1, status="finished")
    row.laps = Value(2)
    with pytest.raises(TypeError, match="expressions"):
        PreparedInsert(Result).run([row])
    assert not Result.objects.filter(session=race).exists()
