"""A game's sand timer at a live table (issue 25 item 2: the hourglass of
GT-TBB-03 in real seconds, GT-BLD-07/08): every builder's decision is due
when the run's sand runs out; then the open decisions get the rules'
default, recorded as actions, and the hourglass turns (or building ends)
exactly as the rules say. Driven by a time source of the test's own."""

from datetime import timedelta

import pytest
from django.utils import translation

from races.clocks.pausing import table_pause, table_resume
from races.models import TableNote, Turn
from races.rules import Action
from races.table.live_races import live_race
from races.table.live_table import board_context
from races.table.online import deadlines_expire, decision_submit, session_advance
from races.table.race_log import race_log
from tests.races.test_clocks import start

pytestmark = pytest.mark.django_db
K = TableNote.Kind


def trucking(league):
    return start(
        league, game="galaxy_trucker", track="standard", people=("Ana", "Ben"), speed="slow"
    )


def runs(session) -> list[TableNote]:
    return list(TableNote.objects.filter(session=session, kind=K.TIMER_TURNED).order_by("pk"))


def step(session, user, action: Action, now):
    turn = Turn.objects.get(session=session, user=user)
    decision_submit(
        session_id=session.pk, user=user, seat=turn.seat, step=turn.step, action=action, now=now
    )
    session_advance(session_id=session.pk, now=now)
    session.refresh_from_db()


def events(session) -> list:
    with live_race(session) as (_game, race):
        return list(race.events)


def test_the_hourglass_runs_in_real_seconds_and_building_ends_when_start_runs_out(league):
    session, (ana, ben) = trucking(league)
    assert session.config["hourglass_seconds"] == 90
    (first,) = runs(session)
    t0 = first.at
    # GT-TBB-03: the sand runs 90 s for every builder at once (not 10 min of clock)
    turns = list(Turn.objects.filter(session=session))
    assert {t.deadline for t in turns} == {t0 + timedelta(seconds=90)}
    # The builders pass tick after tick, far more than 8 ticks of the tick
    # hourglass: in real seconds the run is not over yet.
    for k in range(12):
        now = t0 + timedelta(seconds=5 * k + 1)
        step(session, ana, Action("pass"), now)
        step(session, ben, Action("pass"), now)
    assert not any(e.type == "hourglass_ran_out" for e in events(session))
    assert len(runs(session)) == 1
    assert deadlines_expire(now=t0 + timedelta(seconds=89)) == 0
    # 90 s on: the sand of circle I runs out; nobody finished: it waits (step 5)
    assert deadlines_expire(now=t0 + timedelta(seconds=91)) == 2
    session.refresh_from_db()
    types = [e.type for e in events(session)]
    assert types.count("hourglass_ran_out") == 1 and "hourglass_waiting" in types
    marked = [a for a in session.actions if a["action"]["params"].get("hourglass_out")]
    assert len(marked) == 2 and all(a["by"] == "default" for a in marked)
    # not the people's fault: their clocks count no time-out
    assert not TableNote.objects.filter(session=session, kind=K.DEFAULTED).exists()
    # Ana finishes: the hourglass goes onto Start at the end of the tick and
    # its sand runs from then (GT-BLD-07, GT-TBB-03 step 2)
    t1 = t0 + timedelta(seconds=100)
    step(session, ana, Action("finish"), t1)
    step(session, ben, Action("pass"), t1)
    start_run = runs(session)[-1]
    assert len(runs(session)) == 2 and start_run.at == t1
    assert Turn.objects.get(session=session, user=ben).deadline == t1 + timedelta(seconds=90)
    # The table shows the sand left in words and in its glass
    with translation.override("en"):
        shown = board_context(session, [])["live_sand"]
    assert shown is not None and shown["seconds"] == 90
    # Start runs out: Ben still building takes the next token; building ends
    # by time (GT-BLD-08, GT-TBB-09)
    assert deadlines_expire(now=t1 + timedelta(seconds=91)) == 1
    session.refresh_from_db()
    ended = next(e for e in events(session) if e.type == "building_ended")
    assert ended.data["reason"] == "time_up"
    with translation.override("en"):
        lines = [line["text"] for line in race_log(session)["lines"]]
    text = " ".join(lines)
    assert "The sand timer is turned: 1 min 30 s" in text
    assert "The hourglass has run out on" in text


def test_a_pause_holds_the_sand(league):
    session, (ana, ben) = trucking(league)
    (first,) = runs(session)
    t0 = first.at
    organiser = league.owner
    table_pause(session_id=session.pk, actor=organiser, now=t0 + timedelta(seconds=30))
    table_resume(session_id=session.pk, actor=organiser, now=t0 + timedelta(seconds=330))
    assert runs(session)[0].at == t0 + timedelta(seconds=300)
    assert deadlines_expire(now=t0 + timedelta(seconds=350)) == 0
