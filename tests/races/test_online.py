"""Online play: people drive their own cars turn by turn against bots."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import call_command
from django.utils.timezone import now

from league.models import ConfirmedAddress
from league.organise.entries import entry_create
from races.models import Result, Session, Turn
from races.rounds.edits import round_create
from races.rules import Action
from races.running.runner import session_run
from races.table.live_races import live_race
from races.table.online import (
    autopilot_take_over,
    deadlines_expire,
    decision_submit,
    session_advance,
    turns_for,
    turns_notify,
)
from tests.conftest import make_driver, make_season
from tests.races.online_helpers import a_legal_choice

pytestmark = pytest.mark.django_db
S = Session.Status


@pytest.fixture
def people(league):
    season = make_season(league, slug="live", rules={"level": "basic"}, grid_size=4, live_play=True)
    ana, ben = make_driver("Ana"), make_driver("Ben")
    ana.user.email, ben.user.email = "ana@example.org", "ben@example.org"
    ana.user.save()
    ben.user.save()
    # Ana confirmed hers; Ben's is typed only (issue 28): no notice reaches it.
    ConfirmedAddress.objects.create(user=ana.user, email=ana.user.email, confirmed_at=now())
    entry_create(season=season, driver=ana, car_number=7)
    entry_create(season=season, driver=ben, car_number=3)
    return season, ana.user, ben.user


def start(season, kind=Session.Kind.RACE, **fields):
    rnd = round_create(season=season, number=1, name="Live", track="paddock_ring", laps=1, **fields)
    session = rnd.sessions.get(kind=kind)
    assert session.live
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    session_run(session_id=session.pk)
    session.refresh_from_db()
    return session


def owner_of(session, turn):
    return next(r for r in session.seats if r["id"] == turn.seat)["user_id"]


def decide_first(session, ana, ben, seconds: int | None = None) -> None:
    """The driver of the first open turn decides a legal choice (`seconds`
    after the turn opened, when given)."""
    turn = session.turns.first()
    user = ana if owner_of(session, turn) == ana.pk else ben
    when = {} if seconds is None else {"now": turn.opened_at + timedelta(seconds=seconds)}
    action = a_legal_choice(session, turn.seat)
    decision_submit(session_id=session.pk, user=user, seat=turn.seat, step=turn.step,
                    action=action, **when)  # fmt: skip
    session.refresh_from_db()


def play_turn(session, turn, user):
    decision_submit(
        session_id=session.pk,
        user=user,
        seat=turn.seat,
        step=turn.step,
        action=a_legal_choice(session, turn.seat),
    )
    session_advance(session_id=session.pk)
    session.refresh_from_db()


def test_a_live_race_waits_for_the_first_person_to_decide(people):
    season, ana, ben = people
    session = start(season)
    assert session.status == S.AWAITING
    turns = list(session.turns.all())
    assert turns and {owner_of(session, t) for t in turns} <= {ana.pk, ben.pk}
    assert all(t.deadline > t.opened_at for t in turns)
    seats = {r["id"]: r["kind"] for r in session.seats}
    assert seats["car7"] == seats["car3"] == "human"
    assert sorted(seats.values()).count("bot") == 2


def test_a_decision_is_checked_stored_and_the_bots_play_on(people):
    season, ana, ben = people
    session = start(season)
    turn = session.turns.first()
    user = ana if owner_of(session, turn) == ana.pk else ben
    before = len(session.actions)
    play_turn(session, turn, user)
    assert session.actions[before]["by"] == "driver"
    assert session.actions[before]["seat"] == turn.seat
    assert session.status in (S.AWAITING, S.FINISHED)
    assert not Turn.objects.filter(pk=turn.pk).exists()


def test_an_illegal_choice_is_refused_with_the_engines_message_and_changes_nothing(people):
    season, ana, ben = people
    session = start(season)
    turn = session.turns.first()
    user = ana if owner_of(session, turn) == ana.pk else ben
    with pytest.raises(ValidationError) as refused:
        decision_submit(
            session_id=session.pk,
            user=user,
            seat=turn.seat,
            step=turn.step,
            action=Action("gear", {"gear": 9}),
        )
    assert refused.value.messages[0]
    session.refresh_from_db()
    assert Turn.objects.filter(pk=turn.pk).exists()
    assert all(step["by"] != "driver" for step in session.actions)


def test_a_decision_says_what_it_changed(people):
    """Issue 22, item 6: the session as stored after the decision, the
    events the decision made, and the turns owed now (not the one made)."""
    season, ana, ben = people
    session = start(season)
    turn = session.turns.first()
    user = ana if owner_of(session, turn) == ana.pk else ben
    with live_race(session) as (_, race):
        before = len(race.events)
    decided = decision_submit(
        session_id=session.pk,
        user=user,
        seat=turn.seat,
        step=turn.step,
        action=a_legal_choice(session, turn.seat),
    )
    stored = Session.objects.get(pk=session.pk)
    assert decided.session.actions == stored.actions
    assert decided.session.actions[-1]["seat"] == turn.seat
    with live_race(stored) as (_, race):
        assert decided.events == tuple(race.events[before:]) and decided.events
    owed = set(Turn.objects.filter(session=session).values_list("pk", flat=True))
    assert {t.pk for t in decided.turns} == owed and turn.pk not in owed
    assert decided.running_on is None


def test_a_stale_or_repeated_decision_is_refused(people):
    season, ana, ben = people
    session = start(season)
    turn = session.turns.first()
    user = ana if owner_of(session, turn) == ana.pk else ben
    choice = a_legal_choice(session, turn.seat)
    decision_submit(session_id=session.pk, user=user, seat=turn.seat, step=turn.step, action=choice)
    with pytest.raises(ValidationError, match="already been made"):
        decision_submit(
            session_id=session.pk, user=user, seat=turn.seat, step=turn.step, action=choice
        )
    session.refresh_from_db()
    assert [s["by"] for s in session.actions].count("driver") == 1


def test_nobody_drives_another_persons_car(people):
    season, ana, ben = people
    session = start(season)
    turn = session.turns.first()
    intruder = ben if owner_of(session, turn) == ana.pk else ana
    with pytest.raises(PermissionDenied):
        decision_submit(
            session_id=session.pk,
            user=intruder,
            seat=turn.seat,
            step=turn.step,
            action=a_legal_choice(session, turn.seat),
        )


def test_a_missed_deadline_lets_the_autopilot_decide_and_the_driver_is_back_next(people):
    season, ana, ben = people
    session = start(season)
    turn = session.turns.first()
    made = deadlines_expire(now=turn.deadline + timedelta(seconds=1))
    assert made >= 1
    session.refresh_from_db()
    autopiloted = [s for s in session.actions if s["by"] == "autopilot"]
    assert autopiloted and autopiloted[0]["seat"] == turn.seat
    record = next(r for r in session.seats if r["id"] == turn.seat)
    assert record["kind"] == "human" and not record["autopilot"]
    if session.status == S.AWAITING:
        assert session.turns.exists()


def test_a_driver_can_hand_the_rest_of_the_race_to_the_autopilot(people):
    season, ana, ben = people
    session = start(season)
    autopilot_take_over(session_id=session.pk, user=ana, seat="car7")
    autopilot_take_over(session_id=session.pk, user=ben, seat="car3")
    assert session_advance(session_id=session.pk) == "finished"
    assert Result.objects.filter(session=session).count() == 4


def test_a_whole_live_race_with_two_people_stores_results_and_verifies(people, capsys):
    season, ana, ben = people
    session = start(season)
    users = {ana.pk: ana, ben.pk: ben}
    for _ in range(2000):
        if session.status != S.AWAITING:
            break
        turn = session.turns.order_by("seat").first()
        play_turn(session, turn, users[owner_of(session, turn)])
    assert session.status == S.FINISHED
    assert Result.objects.filter(session=session).count() == 4
    assert season.driver_standings.count() == 4
    assert {s["by"] for s in session.actions} == {"driver", "bot"}
    call_command("verify_session", session.pk)
    assert "hashes match" in capsys.readouterr().out


def test_a_waiting_driver_sees_the_turn_and_gets_one_email(people):
    season, ana, ben = people
    session = start(season)
    turn = session.turns.first()
    user = ana if owner_of(session, turn) == ana.pk else ben
    assert turn.pk in [t.pk for t in turns_for(user)]
    assert turns_for(ben if user == ana else ana) == [] or session.turns.count() > 1
    later = turn.opened_at + timedelta(minutes=30)
    sent = turns_notify(now=later)
    assert turns_notify(now=later) == 0
    confirmed = [t for t in session.turns.all() if t.user.username == ana.username]
    assert sent == len(confirmed) == len(mail.outbox)
    assert all(m.to == ["ana@example.org"] for m in mail.outbox)


def test_a_live_qualifying_lap_counts_the_real_seconds_the_driver_took(people):
    season, ana, ben = people
    session = start(season, Session.Kind.QUALIFYING, qualifying_format="timed_lap")
    assert session.status == S.AWAITING
    decide_first(session, ana, ben, seconds=125)
    assert session.actions[-1]["action"]["params"]["elapsed_s"] == 125


def test_a_live_race_whose_advance_message_was_lost_is_asked_again(people):
    from races.running.dispatch import sessions_dispatch_due

    season, ana, ben = people
    session = start(season)
    for _ in range(20):  # until a decision leaves a bot to play next
        decide_first(session, ana, ben)
        if not session.turns.exists():
            break
    # Formula D asks one seat at a time, so nobody owes a decision now: the
    # bots should be playing, and no worker got the message here.
    assert not session.turns.exists()
    assert sessions_dispatch_due(now=session.queued_at + timedelta(seconds=5)) == 0
    assert sessions_dispatch_due(now=session.queued_at + timedelta(hours=1)) == 1


def test_a_kept_race_is_only_used_while_its_actions_are_a_prefix_of_the_record(people):
    from races.rules import log_hash
    from races.table.live_races import live_race

    season, ana, ben = people
    session = start(season)
    turn = session.turns.first()
    user = ana if owner_of(session, turn) == ana.pk else ben
    play_turn(session, turn, user)  # the kept race moved on with the record
    with live_race(session) as (game, race):
        kept_hash = log_hash(race.events)
    from races.rules import replay
    from races.running.seats import seat_records

    seats = [record.seat() for record in seat_records(session.seats)]
    fresh = replay(game, session.config, seats, session.seed, session.actions)
    assert kept_hash == log_hash(fresh.events)
    # A record that no longer starts with the kept actions (a rolled-back
    # step) is replayed afresh, not patched.
    session.actions = session.actions[:-1]
    with live_race(session) as (_, race):
        shorter = log_hash(race.events)
    assert shorter == log_hash(
        replay(game, session.config, seats, session.seed, session.actions).events
    )


def test_a_live_heat_race_stores_for_spectators_only_what_they_may_see(league):
    """Drawn cards are their owner's secret (HEAT-B-ENG-10): the session row
    that every spectator's page reads holds sentences, never a card id."""
    session, _users = live_heat(league, "heat-live", grid_size=4, people=("Ana",))
    stored = str(session.progress)
    recent = session.progress["recent"]  # sentences in each of the site's languages
    assert sorted(recent) == sorted(code for code, _ in settings.LANGUAGES)
    assert all(said and all(isinstance(s, str) for s in said) for said in recent.values())
    with live_race(session) as (_, race):
        hands = [c["id"] for seat in session.seats for c in race.view(seat["id"])["you"]["hand"]]
    assert hands and not [card for card in hands if card in stored]


def live_heat(league, slug: str, *, grid_size: int, people: tuple) -> tuple:
    """A live Heat race at USA of `people` (their users by id) and bots to
    fill `grid_size`, waiting for the people's first decisions."""
    season = make_season(league, slug=slug, game="heat", scoring="heat-championship",
                         grid_size=grid_size, live_play=True)  # fmt: skip
    drivers = [make_driver(name) for name in people]
    for number, driver in zip((7, 3, 5), drivers, strict=False):
        entry_create(season=season, driver=driver, car_number=number)
    rnd = round_create(season=season, number=1, name="USA", track="usa")
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    assert session_run(session_id=session.pk) == "awaiting"
    session.refresh_from_db()
    return session, {d.user.pk: d.user for d in drivers}


def test_with_only_people_to_decide_next_their_turns_open_with_the_decision(
    league, monkeypatch, django_capture_on_commit_callbacks
):
    """Issue 25: no bot has to play, so the decision's own transaction opens
    the next turns (the driver's next decision is in the post's answer) and
    no advance task is queued to do it a moment later."""
    session, users = live_heat(league, "heat-people", grid_size=2, people=("Ana", "Ben"))
    asked = []
    monkeypatch.setattr("races.table.online.session_advance_later", asked.append)
    turn = session.turns.order_by("seat").first()
    decided = decision_submit(session_id=session.pk, user=users[owner_of(session, turn)],
                              seat=turn.seat, step=turn.step,
                              action=a_legal_choice(session, turn.seat))  # fmt: skip
    session.refresh_from_db()
    with live_race(session) as (_, race):
        pending = {d.seat for d in race.pending}
    assert pending and {t.seat for t in session.turns.all()} == pending
    assert {t.seat for t in decided.turns} == pending
    assert all(t.step == len(session.actions) or t.seat != turn.seat for t in decided.turns)
    assert asked == []
    assert session.progress["recent"]  # the spectators' picture moved on too


def test_the_advance_task_is_queued_exactly_when_a_bot_has_to_play_next(
    league, monkeypatch, django_capture_on_commit_callbacks
):
    session, users = live_heat(league, "heat-bots", grid_size=3, people=("Ana",))
    (ana,) = users.values()
    asked = []
    monkeypatch.setattr("races.table.online.session_advance_later", asked.append)
    seen = {True: 0, False: 0}
    for _ in range(12):
        turn = session.turns.get()
        before = len(asked)
        decision_submit(session_id=session.pk, user=ana, seat=turn.seat, step=turn.step,
                        action=a_legal_choice(session, turn.seat))  # fmt: skip
        session.refresh_from_db()
        with live_race(session) as (_, race):
            bots_next = any(d.seat != turn.seat for d in race.pending) or race.finished
        assert len(asked) - before == (1 if bots_next else 0)
        seen[bots_next] += 1
        if bots_next:
            session_advance(session_id=session.pk)
            session.refresh_from_db()
        if session.status != S.AWAITING:
            break
    assert seen[True] and seen[False]  # both ways were taken


def test_a_decision_tells_only_the_people_whose_turns_it_changed(league, monkeypatch):
    """Issue 25: a decision that leaves the others' turns as they were sends
    their "your turn" notice nothing (their pages would each ask the header
    anew); anyone whose turn closed, opened or moved is told."""
    session, users = live_heat(league, "heat-told", grid_size=3, people=("Ana", "Ben", "Cy"))
    told = []
    monkeypatch.setattr("races.table.online.table_changed",
                        lambda session, turns_of=None: told.append(turns_of))  # fmt: skip
    monkeypatch.setattr("races.table.online.session_advance_later", lambda pk: None)

    def owed() -> dict[int, set]:
        turns = Turn.objects.filter(session=session)
        return {u.pk: {(t.pk, t.step, t.deadline) for t in turns if t.user_id == u.pk}
                for u in users.values()}  # fmt: skip

    alone = 0
    for _ in range(9):
        turn = session.turns.order_by("seat").first()
        if turn is None or session.status != S.AWAITING:
            break
        before = owed()
        decision_submit(session_id=session.pk, user=users[turn.user_id], seat=turn.seat,
                        step=turn.step, action=a_legal_choice(session, turn.seat))  # fmt: skip
        session.refresh_from_db()
        after = owed()
        assert told[-1] == {u for u in users if before[u] != after[u]}
        assert turn.user_id in told[-1]
        alone += told[-1] == {turn.user_id}
    assert alone  # the others, still deciding, were left alone at least once


def test_decisions_keep_the_seasons_pages_while_the_race_stays_awaiting(people):
    """A decision writes the race's record, not what the season's pages show
    (league/page_versions.py): the kept season page stays kept until the
    race's status changes."""
    from league.caching import standings_version

    season, ana, ben = people
    session = start(season)
    version = standings_version(season.pk)
    for _ in range(3):
        turn = session.turns.first()
        play_turn(session, turn, ana if owner_of(session, turn) == ana.pk else ben)
        assert session.status == S.AWAITING
    assert standings_version(season.pk) == version
