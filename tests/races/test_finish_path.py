"""The pieces of a finishing session's path cut down for the pipeline's
cost (issue 27, item 3): the rounds scored counted in one statement, the
event log packed beside the transaction's start, the finished row written
only while the claim holds, and the log's lines read back once written."""

import zlib

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import LeagueChange
from league.organise.entries import entry_create
from races.models import Session
from races.models.sessions import event_log_packing
from races.results.follow import result_order_words, rounds_scored
from races.rounds.edits import round_create
from races.rules.contract import Event
from races.rules.log import canonical_line, canonical_log
from races.running import runner
from races.running.claim import session_claim
from races.running.plan import session_plan
from races.running.runner import session_run
from seasons.divisions import divisions_split
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db
S = Session.Status


def test_a_round_is_scored_once_every_race_of_it_is_done_and_one_finished(league):
    season = make_season(league, slug="scored")
    rounds = [
        round_create(season=season, number=n, name=f"R{n}", track="paddock_ring", laps=1)
        for n in range(1, 6)
    ]
    race = [r.sessions.get(kind=Session.Kind.RACE) for r in rounds]

    def another_race(rnd, status):
        Session.objects.create(round=rnd, kind=Session.Kind.RACE, leg=Session.Leg.SPRINT,
                               status=status)  # fmt: skip

    Session.objects.filter(pk=race[0].pk).update(status=S.FINISHED)  # scored
    Session.objects.filter(pk=race[1].pk).update(status=S.FINISHED)
    another_race(rounds[1], S.QUEUED)  # a sprint still to run: not scored
    Session.objects.filter(pk=race[2].pk).update(status=S.CANCELLED)  # none finished
    Session.objects.filter(pk=race[3].pk).update(status=S.FINISHED)
    another_race(rounds[3], S.CANCELLED)  # finished and cancelled: scored
    Session.objects.create(round=rounds[0], kind=Session.Kind.QUALIFYING, status=S.FAILED)
    assert rounds_scored(season.pk) == (5, 2)
    assert rounds_scored(season.pk + 1000) == (0, 0)


def test_the_log_packed_beside_is_the_log_set_on_the_row():
    text = "\n".join(f'{{"data":{{"n":{n}}},"type":"moved é"}}' for n in range(2000))
    packed = event_log_packing(text).result(10)
    session = Session()
    session.set_event_log(text)
    assert packed == bytes(session.event_log)
    assert zlib.decompress(packed).decode("utf-8") == text
    session.set_event_log(event_log_packing(text))
    assert session.event_log_text() == text


def events(count: int) -> list[Event]:
    return [
        Event(seq=n, round=n // 10, type="moved", seat=f"car{n % 3}", data={"to": n, "ok": None})
        for n in range(count)
    ]


def test_a_log_reads_the_lines_its_events_keep_and_writes_the_others():
    fresh, cached = events(50), events(50)
    for event in cached[:20]:  # a log half written already, as a live race's is
        canonical_line(event)
    assert canonical_log(cached) == canonical_log(fresh)
    assert canonical_log(iter(events(50))) == canonical_log(fresh)
    assert canonical_log([]) == ""
    assert canonical_log(fresh).split("\n")[7] == (
        '{"data":{"ok":null,"to":7},"round":0,"seat":"car1","seq":7,"type":"moved"}'
    )


def test_a_finished_race_is_not_stored_by_a_worker_whose_claim_was_taken_over(league, monkeypatch):
    """The finished race's UPDATEs check the claim (no SELECT … FOR UPDATE
    first; its actions' UPDATE first of all): a worker whose session another
    worker claimed meanwhile (its lease ran out) writes nothing, and its
    results neither."""
    season = make_season(league, slug="taken", grid_size=3)
    rnd = round_create(season=season, number=1, name="R1", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    planned = runner.session_plan

    def planned_then_taken_over(claimed):
        plan = planned(claimed)
        Session.objects.filter(pk=claimed.pk).update(claim="another-worker")
        return plan

    monkeypatch.setattr(runner, "session_plan", planned_then_taken_over)
    assert session_run(session_id=session.pk) == "skipped"
    monkeypatch.undo()
    session.refresh_from_db()
    assert (session.status, session.claim, session.event_log) == (S.RUNNING, "another-worker", None)
    assert not session.results.exists()
    # The holder of a current claim stores it as ever.
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED, claim="")
    assert session_run(session_id=session.pk) == "finished"
    assert session.results.count() == 3


def test_the_claim_reads_the_session_with_its_season_and_what_follows_it(league):
    season = make_season(league, slug="claimed")
    rnd = round_create(season=season, number=1, name="R1", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    claimed = session_claim(session.pk)
    assert claimed.pk == session.pk and claimed.status == S.RUNNING and claimed.claim
    assert claimed.round.season.league == league
    assert claimed.hooks_listening is False and claimed.for_a_tournament is False
    assert session_claim(session.pk) is None  # running, and its lease not run out


def test_a_session_run_again_stores_the_actions_of_its_new_run_alone(league):
    """The finished row sets the actions this run made (races/running/
    finished_row.py) rather than appending them to what the row held: a
    session run again from the start holds its new run's actions, once."""
    season = make_season(league, slug="again", grid_size=3)
    rnd = round_create(season=season, number=1, name="R1", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    assert session_run(session_id=session.pk) == "finished"
    first = Session.objects.get(pk=session.pk).actions
    stale = {"seat": "car99", "action": {"kind": "left over"}, "by": "bot"}
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED, actions=[stale, *first[:3]])
    assert session_run(session_id=session.pk) == "finished"
    again = Session.objects.get(pk=session.pk)
    assert first and again.actions == first
    assert again.results.count() == 3


@pytest.mark.parametrize("broken", ["drive", "canonical_log"])
def test_an_engine_error_fails_the_session_and_stores_nothing_of_the_run(
    league, monkeypatch, broken
):
    """An engine that fails mid-race, or while giving a finished race's log
    and result (the run's actions being written beside it then: they are
    rolled back with it), leaves the session failed with the error in words
    for the organiser, and no results, actions or log."""
    season = make_season(league, slug=f"broken-{broken}", grid_size=3)
    rnd = round_create(season=season, number=1, name="R1", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)

    def fails(*args, **kwargs):
        raise RuntimeError("the gearbox jammed")

    monkeypatch.setattr(runner, broken, fails)
    assert session_run(session_id=session.pk) == "failed"
    session.refresh_from_db()
    assert session.status == S.FAILED
    assert session.error == "The race stopped with an error: the gearbox jammed. Run it again."
    assert (session.actions, session.event_log, session.log_sha256) == ([], None, "")
    assert not session.results.exists()


def test_a_first_result_deletes_nothing_and_names_its_cars_from_the_seats(league):
    """A session its claim read without results sends no DELETE of them
    (races/results/store.py): the history's words for its places come from
    its seats, and say what the stored results say."""
    season = make_season(league, slug="first", grid_size=3)
    rnd = round_create(season=season, number=1, name="R1", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    with CaptureQueriesContext(connection) as sent:
        assert session_run(session_id=session.pk) == "finished"
    assert not [q for q in sent.captured_queries if q["sql"].lstrip().startswith("WITH gone")]
    line = LeagueChange.objects.filter(topic="result").latest("at")
    assert line.params["was"] == ""
    assert line.params["now"] == result_order_words(session=session)
    assert line.params["now"].startswith("1. ") and "#" in line.params["now"]


def test_the_claim_tells_the_plan_whether_its_divisions_qualifying_finished(league):
    """The claim reads whether the race's round has a finished qualifying of
    its own division (plan_facts): none, and the plan sends no lookup for
    it; one, and the grid is that qualifying's order."""
    season = make_season(league, slug="quali", rules={"level": "basic"}, grid_size=4,
                         fill_with_bots=False)  # fmt: skip
    for n in range(1, 5):
        entry_create(season=season, driver=make_driver(f"Driver {n}"), car_number=n)
    rnd = round_create(season=season, number=1, name="One", track="paddock_ring", laps=1,
                       qualifying_format="timed_lap")  # fmt: skip
    gold, silver = divisions_split(season=season, count=2, by="hand", lines=["1 2", "3 4"])
    qualifying = rnd.sessions.get(kind=Session.Kind.QUALIFYING, division=gold)
    Session.objects.filter(pk=qualifying.pk).update(status=S.QUEUED)
    assert session_run(session_id=qualifying.pk) == "finished"
    order = list(qualifying.results.order_by("position").values_list("seat", flat=True))
    races = {d: rnd.sessions.get(kind=Session.Kind.RACE, division=d) for d in (gold, silver)}
    Session.objects.filter(pk__in=[r.pk for r in races.values()]).update(status=S.QUEUED)
    claimed = {d: session_claim(race.pk) for d, race in races.items()}
    assert (claimed[gold].qualifying_finished, claimed[silver].qualifying_finished) == (True, False)
    assert [seat.id for seat in session_plan(claimed[gold]).seats] == order
    with CaptureQueriesContext(connection) as sent:
        session_plan(claimed[silver])
    assert not [q for q in sent.captured_queries if "summary" in q["sql"]]
