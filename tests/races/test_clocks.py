"""Game clocks (issue 25, item 2): a clock per person's seat, kept by the
server, driven here by a time source of the test's own (every service takes
`now`), never by waiting."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from league.models import LeagueChange
from league.organise.entries import entry_create
from races.clocks.pausing import table_pause, table_resume
from races.clocks.seat_clocks import left_ms_at
from races.lobby.arrivals import real_time_table
from races.lobby.seating import lobby_join
from races.models import SeatClock, Session, TableNote, Turn
from races.rounds.edits import round_create
from races.running.runner import session_run
from races.table.online import (
    autopilot_take_back,
    deadlines_expire,
    decision_submit,
    session_advance,
)
from races.table.race_log import race_log
from tests.conftest import make_driver, make_season
from tests.races.online_helpers import a_legal_choice

pytestmark = pytest.mark.django_db
S = Session.Status
K = TableNote.Kind


def start(league, *, game="formula_d", track="paddock_ring", people=("Ana",), **fields):
    rules = {"level": "basic"} if game == "formula_d" else {}
    season = make_season(
        league, slug="clocks", game=game, rules=rules, grid_size=4, live_play=True, **fields
    )
    drivers = [make_driver(name) for name in people]
    for number, driver in enumerate(drivers, start=3):
        entry_create(season=season, driver=driver, car_number=number)
    laps = {"laps": 1} if game == "formula_d" else {}
    rnd = round_create(season=season, number=1, name="Live", track=track, **laps)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    # At a real-time table only the people who sat down drive (the lobby).
    if real_time_table(session):
        for driver in drivers:
            lobby_join(session_id=session.pk, user=driver.user)
    # A seed of the test's own: the race (and so how many decisions it asks)
    # is the same on every run.
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED, seed="clock-tests-1")
    session_run(session_id=session.pk)
    session.refresh_from_db()
    assert session.status == S.AWAITING
    return session, [d.user for d in drivers]


def clock(session, user) -> SeatClock:
    seat = next(r["id"] for r in session.seats if r.get("user_id") == user.pk)
    return SeatClock.objects.get(session=session, seat=seat)


def decide(session, user, now):
    turn = Turn.objects.get(session=session, user=user)
    decision_submit(
        session_id=session.pk, user=user, seat=turn.seat, step=turn.step,
        action=a_legal_choice(session, turn.seat), now=now,
    )  # fmt: skip
    session_advance(session_id=session.pk, now=now)
    session.refresh_from_db()


def test_a_decision_costs_its_time_and_earns_the_increment(league):
    """Fast: 2 min on the clock, 10 s more a move (BGA's Game_clock)."""
    session, (ana,) = start(league, speed="fast")
    turn = Turn.objects.get(session=session, user=ana)
    t0 = turn.opened_at
    ana_clock = clock(session, ana)
    assert ana_clock.since == t0 and ana_clock.left_ms == 120_000
    assert turn.deadline == t0 + timedelta(seconds=120)  # the clock's end is the deadline
    decide(session, ana, t0 + timedelta(seconds=30))
    ana_clock.refresh_from_db()
    next_turn = Turn.objects.get(session=session, user=ana)
    assert ana_clock.left_ms == 100_000  # 120 − 30 + 10
    # Her next decision opens at once (the bots play in no time): the clock
    # runs again from there, and is due when it runs out.
    assert ana_clock.since == next_turn.opened_at == t0 + timedelta(seconds=30)
    assert next_turn.deadline == t0 + timedelta(seconds=130)
    assert left_ms_at(ana_clock, t0 + timedelta(seconds=50)) == 80_000


def test_a_turn_based_clock_is_back_to_a_full_move_after_each_decision(league):
    session, (ana,) = start(league, speed="day")
    t0 = Turn.objects.get(session=session, user=ana).opened_at
    decide(session, ana, t0 + timedelta(hours=5))
    assert clock(session, ana).left_ms == 86_400_000  # never more than a day a move


def test_seats_deciding_together_run_their_clocks_at_once(league):
    """RR-PROG-01: every robot programs at the same time; both clocks run,
    and each stops when its own program is in (RR-PROG-05: the last one's
    timer then comes, in real seconds, as the sooner deadline)."""
    session, (ana, ben) = start(
        league, game="roborally", track="shakedown", people=("Ana", "Ben"), speed="normal"
    )
    ana_clock, ben_clock = clock(session, ana), clock(session, ben)
    t0 = ana_clock.since
    assert t0 is not None and ben_clock.since == t0
    decide(session, ana, t0 + timedelta(seconds=40))
    ana_clock.refresh_from_db()
    ben_clock.refresh_from_db()
    assert ana_clock.since is None and ana_clock.left_ms == 280_000  # 300 − 40 + 20
    assert ben_clock.since == t0  # still running, from the same start
    assert left_ms_at(ben_clock, t0 + timedelta(seconds=100)) == 200_000
    ben_turn = Turn.objects.get(session=session, user=ben)
    # The program timer (30 s by default, RR-PROG-06) is sooner than his clock.
    assert ben_turn.deadline == t0 + timedelta(seconds=70)
    assert deadlines_expire(now=t0 + timedelta(seconds=71)) == 1
    ben_clock.refresh_from_db()
    assert ben_clock.timeouts == 0  # the game's timer, not his clock, ran out
    assert ben_clock.left_ms == 250_000  # 300 − 70 + 20


def test_the_organiser_pauses_and_resumes_a_table(league):
    session, (ana,) = start(league, speed="fast")
    organiser = league.owner
    t0 = Turn.objects.get(session=session, user=ana).opened_at
    table_pause(session_id=session.pk, actor=organiser, now=t0 + timedelta(seconds=20))
    ana_clock = clock(session, ana)
    assert ana_clock.since is None and ana_clock.left_ms == 100_000
    turn = Turn.objects.get(session=session, user=ana)
    with pytest.raises(ValidationError):
        decision_submit(
            session_id=session.pk, user=ana, seat=turn.seat, step=turn.step,
            action=a_legal_choice(session, turn.seat), now=t0 + timedelta(seconds=25),
        )  # fmt: skip
    assert deadlines_expire(now=t0 + timedelta(hours=1)) == 0  # no time passes while paused
    with pytest.raises(ValidationError):
        table_pause(session_id=session.pk, actor=organiser, now=t0 + timedelta(seconds=30))
    back = t0 + timedelta(minutes=10)
    table_resume(session_id=session.pk, actor=organiser, now=back)
    ana_clock.refresh_from_db()
    turn.refresh_from_db()
    assert ana_clock.since == back and turn.deadline == back + timedelta(seconds=100)
    assert deadlines_expire(now=back + timedelta(seconds=99)) == 0
    assert deadlines_expire(now=back + timedelta(seconds=101)) == 1
    notes = list(TableNote.objects.filter(session=session).values_list("kind", flat=True))
    assert notes == [K.PAUSED, K.RESUMED, K.DEFAULTED]
    history = LeagueChange.objects.filter(league=league).values_list("summary", flat=True)
    assert "Race of round %(round)s paused" in history
    assert "Race of round %(round)s resumed" in history
    lines = [line["text"] for line in race_log(session)["lines"]]
    assert "The organiser paused the race: every clock is stopped." in lines


def test_out_of_time_twice_the_autopilot_drives_and_the_person_takes_it_back(league):
    """Once: the game's default decides, logged as defaulted with her name;
    twice: her autopilot takes the car; she takes it back at the table
    while the race waits for Ben."""
    session, (ana, ben) = start(league, speed="own", decision_seconds=60, people=("Ana", "Ben"))
    seat = clock(session, ana).seat

    def ana_autopiloted():
        session.refresh_from_db()
        return next(r for r in session.seats if r["id"] == seat).get("autopilot", False)

    timeouts = []
    while not ana_autopiloted():
        assert session.status == S.AWAITING
        turn = Turn.objects.get(session=session)  # one car decides at a time
        if turn.user_id == ben.pk:
            decide(session, ben, turn.opened_at + timedelta(seconds=5))
            continue
        assert deadlines_expire(now=turn.deadline + timedelta(seconds=1)) == 1
        timeouts.append(clock(session, ana).timeouts)
    assert timeouts == [1, 2]  # her next decision after the first was hers again
    assert not Turn.objects.filter(session=session, user=ana).exists()
    late = [s["by"] for s in session.actions if s["seat"] == seat and s["by"] != "driver"]
    assert len(late) > 2  # the autopilot drives on
    kinds = list(TableNote.objects.filter(session=session).values_list("kind", flat=True))
    assert kinds == [K.DEFAULTED, K.DEFAULTED, K.AUTOPILOT]
    said = " ".join(line["text"] for line in race_log(session)["lines"])
    assert "Ana ran out of time: the game's default decided for them." in said
    assert "Ana ran out of time twice: their autopilot drives the rest of the race." in said
    for language in ("ja", "pl", "zh-hant"):
        with translation.override(language):
            told = " ".join(line["text"] for line in race_log(session)["lines"])
        assert "Ana" in told and "ran out of time" not in told, language
    assert session.status == S.AWAITING  # waiting for Ben
    autopilot_take_back(session_id=session.pk, user=ana, seat=seat)
    session_advance(session_id=session.pk)
    assert not ana_autopiloted()
    assert clock(session, ana).timeouts == 0
    assert TableNote.objects.filter(session=session, kind=K.TAKEN_BACK, seat=seat).exists()
    # Ben decides on; the race asks Ana again at her car's next decision.
    for _ in range(30):
        if session.status != S.AWAITING or Turn.objects.filter(user=ana).exists():
            break
        turn = Turn.objects.get(session=session)
        decide(session, ben, turn.opened_at + timedelta(seconds=5))
    assert Turn.objects.filter(session=session, user=ana).exists()


def test_expiry_run_twice_decides_once(league):
    session, (ana,) = start(league, speed="own", decision_seconds=60)
    turn = Turn.objects.get(session=session, user=ana)
    late = turn.deadline + timedelta(seconds=1)
    assert deadlines_expire(now=late) == 1
    assert deadlines_expire(now=late) == 0
    assert TableNote.objects.filter(session=session, kind=K.DEFAULTED).count() == 1
    assert clock(session, ana).timeouts == 1
