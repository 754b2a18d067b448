"""RoboRally at the table (issue 15, item 8): the programming panel as cards
and registers posted as a plain form, the path preview from the seat's own
placement (RR-PROG-03), a forged program refused with the engine's
sentence and nothing changed, and a missed deadline applying the
decision's default, the timer's random fill (RR-DEC-13, RR-PROG-05..07)."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.organise.entries import entry_create
from races.models import Session, Turn
from races.rounds.edits import round_create
from races.running.runner import session_run
from races.table.live_races import live_race
from races.table.online import deadlines_expire, session_advance
from tests.conftest import make_driver, make_season
from tests.races.test_table import RAW, visible

pytestmark = pytest.mark.django_db
S = Session.Status


@pytest.fixture
def robots(league):
    """A live RoboRally race on Shakedown: Ana and Ben against two bots,
    waiting for both to program."""
    season = make_season(league, slug="rr", game="roborally", rules={}, grid_size=4,
                         live_play=True)  # fmt: skip
    ana, ben = make_driver("Ana"), make_driver("Ben")
    entry_create(season=season, driver=ana, car_number=7)
    entry_create(season=season, driver=ben, car_number=3)
    rnd = round_create(season=season, number=1, name="Live", track="shakedown")
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    # A seed of the test's own: the grid, the hands and the bots' programs
    # are the same on every run (a random one now and then destroys a robot
    # in the first turn, and its later registers reveal no card).
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED, seed="table-shakedown-1")
    session_run(session_id=session.pk)
    session.refresh_from_db()
    assert session.status == S.AWAITING
    return session, ana.user, ben.user


def seat_of(session, user) -> str:
    return next(r["id"] for r in session.seats if r.get("user_id") == user.pk)


def cockpit(client, session) -> str:
    url = reverse("cockpit", args=[session.pk])
    return client.get(url, headers={"HX-Request": "true"}).content.decode()


def hand_of(html: str) -> list[str]:
    return re.findall(r'data-card="(\d+)"', html)


def form_of(session, user, slots, **extra) -> dict:
    turn = Turn.objects.get(session=session, user=user)
    data = {
        "seat": turn.seat,
        "step": turn.step,
        "compose_kind": "program",
        "compose_param": "registers",
        "compose_draft_kind": "place",
        "compose_slots": "5",
    }
    data.update({f"slot_{n}": card for n, card in enumerate(slots, start=1)})
    return {**data, **extra}


def decide(client, session, data):
    return client.post(reverse("decide", args=[session.pk]), data)


def test_the_program_panel_shows_the_hand_as_cards_and_five_registers(robots):
    """RR-DEAL-02, RR-DEC-01: nine cards dealt, five open registers."""
    session, ana, _ = robots
    client = Client()
    client.force_login(ana)
    html = cockpit(client, session)
    assert 'data-widget="registers"' in html
    assert len(hand_of(html)) == 9
    assert len(re.findall(r'<select name="slot_\d"', html)) == 5
    text = visible(html)
    assert "Program your five registers" in text and "Register 5" in text
    assert not RAW.search(text), RAW.search(text)


def test_a_program_posted_as_a_plain_form_is_stored_and_the_race_goes_on(robots):
    """RR-DEC-01, RR-PROG-03: the five selects make the program."""
    session, ana, _ = robots
    client = Client()
    client.force_login(ana)
    cards = hand_of(cockpit(client, session))[:5]
    assert decide(client, session, form_of(session, ana, cards)).status_code == 302
    session.refresh_from_db()
    stored = session.actions[-1]
    assert stored["by"] == "driver" and stored["seat"] == seat_of(session, ana)
    assert stored["action"] == {"kind": "program", "params": {"registers": [int(c) for c in cards]}}
    assert not Turn.objects.filter(session=session, user=ana).exists()


def test_a_draft_shows_the_robots_path_on_the_floor(robots):
    """RR-PROG-03 `place`: the provisional placement is kept and the panel
    marks where the robot ends each placed register, on its own model."""
    session, ana, _ = robots
    client = Client()
    client.force_login(ana)
    cards = hand_of(cockpit(client, session))[:2]
    decide(client, session, form_of(session, ana, [*cards, "", "", ""], draft="1"))
    session_advance(session_id=session.pk)
    session.refresh_from_db()
    assert session.actions[-1]["action"]["kind"] == "place"
    html = cockpit(client, session)
    assert "After register 1:" in visible(html) and "After register 2:" in visible(html)
    assert re.search(rf'<option value="{cards[0]}" selected', html)
    assert html.count('class="target"') >= 1  # the squares marked on the floor
    assert not RAW.search(visible(html))


def test_a_forged_program_is_refused_with_the_engines_sentence_and_changes_nothing(robots):
    """RR-API-03: a card not in the hand, a repeated card, a register left
    empty: each refused with the engine's words; nothing stored."""
    session, ana, _ = robots
    client = Client()
    client.force_login(ana)
    cards = hand_of(cockpit(client, session))
    outside = next(str(c) for c in range(10, 850, 10) if str(c) not in cards)
    before = list(session.actions)
    for slots, sentence in [
        ([outside, *cards[:4]], f"card {outside} is not in your hand"),
        ([cards[0], cards[0], *cards[1:4]], f"card {cards[0]} is used twice"),
        ([*cards[:4], ""], "register 5 needs a card"),
        (["Move 3", *cards[:4]], "register 1 holds no card"),
    ]:
        response = client.post(
            reverse("decide", args=[session.pk]),
            form_of(session, ana, slots),
            headers={"HX-Request": "true"},
        )
        assert sentence in response.content.decode()
        session.refresh_from_db()
        assert session.actions == before
    assert Turn.objects.filter(session=session, user=ana).exists()


def test_a_missed_deadline_fills_the_last_programs_registers_at_random(robots):
    """RR-DEC-13, RR-PROG-05..07: both miss the deadline. The first has no
    timer running, so its autopilot programs; that leaves the other the last
    to program, its timer runs and the default, `timeout`, fills its
    registers at random; the host's action is recorded as the default."""
    session, ana, ben = robots
    turn = Turn.objects.filter(session=session).order_by("deadline").first()
    made = deadlines_expire(now=turn.deadline + timedelta(seconds=1))
    assert made == 2
    session.refresh_from_db()
    late = [s for s in session.actions if s["by"] in ("autopilot", "default")]
    assert [s["by"] for s in late] == ["autopilot", "default"]
    assert late[1]["action"] == {"kind": "timeout", "params": {}}
    with live_race(session) as (_, race):
        filled = [e for e in race.events if e.type == "program_autofilled"]
        assert [e.seat for e in filled] == [late[1]["seat"]]
        assert filled[0].data["filled"] == [1, 2, 3, 4, 5]


def test_a_missed_deadline_with_the_timer_running_fills_the_placed_program(robots):
    """RR-PROG-07: Ana programs; Ben, the last, placed two cards and lets
    his time run out: the two stay, the other three are dealt at random."""
    session, ana, ben = robots
    ana_client, ben_client = Client(), Client()
    ana_client.force_login(ana)
    ben_client.force_login(ben)
    decide(ana_client, session, form_of(session, ana, hand_of(cockpit(ana_client, session))[:5]))
    session_advance(session_id=session.pk)
    placed = hand_of(cockpit(ben_client, session))[:2]
    decide(ben_client, session, form_of(session, ben, [*placed, "", "", ""], draft="1"))
    session_advance(session_id=session.pk)
    html = cockpit(ben_client, session)
    assert "You are the last to program" in visible(html)
    turn = Turn.objects.get(session=session, user=ben)
    deadlines_expire(now=turn.deadline + timedelta(seconds=1))
    session.refresh_from_db()
    defaults = [s for s in session.actions if s["by"] == "default"]
    assert [s["action"]["kind"] for s in defaults] == ["timeout"]
    with live_race(session) as (_, race):
        shown = next(e for e in race.events if e.type == "program_autofilled")
        assert shown.seat == seat_of(session, ben) and shown.data["filled"] == [3, 4, 5]
        submitted = next(
            e for e in race.events if e.type == "program_submitted" and e.seat == shown.seat
        )
        assert submitted.data["private"]["registers"][:2] == [int(c) for c in placed]


def test_a_shared_register_and_a_card_put_aside_post_as_the_engine_reads_them():
    """RR-DEC-01, RR-OPT-08 #5, #6: `slot_1_second` makes a pair, an aside
    its own parameter, and the presentation turns the posted text into
    cards, leaving anything else for the engine to refuse."""
    from django.http import QueryDict

    from races.rules import Action, get_game
    from races.table.decisions import action_posted

    post = QueryDict(mutable=True)
    post.update({"compose_kind": "program", "compose_param": "registers",
                 "compose_draft_kind": "place", "compose_slots": "5",
                 "compose_asides": "conditional flywheel", "slot_1": "490",
                 "slot_1_second": "80", "slot_2": "500", "slot_3": "510", "slot_4": "520",
                 "slot_5": "x", "aside_conditional": "530"})  # fmt: skip
    posted = action_posted(post)
    assert posted == Action("program", {
        "registers": [["490", "80"], "500", "510", "520", "x"], "conditional": "530"})  # fmt: skip
    action = get_game("roborally").timed_action(posted, {}, 3)
    assert action.params == {"registers": [[490, 80], 500, 510, 520, "x"], "conditional": 530}


def test_the_last_programmer_gets_the_timer_as_its_deadline_and_a_draft_keeps_it(robots):
    """RR-PROG-05/06 online: Ana programs, so Ben is the last; his timer
    starts and his turn is due within `program_timer_seconds` (30 by
    default), not the season's 300. A draft does not give the time back;
    when it runs out his registers are filled at random (RR-PROG-07) and
    the host's `timeout` is logged as the default."""
    session, ana, ben = robots
    ana_client, ben_client = Client(), Client()
    ana_client.force_login(ana)
    ben_client.force_login(ben)
    before = Turn.objects.get(session=session, user=ben)
    assert before.deadline - before.opened_at == timedelta(seconds=300)
    decide(ana_client, session, form_of(session, ana, hand_of(cockpit(ana_client, session))[:5]))
    started = timezone.now()
    session_advance(session_id=session.pk)
    timed = Turn.objects.get(session=session, user=ben)
    assert timed.pk == before.pk
    assert started < timed.deadline <= timezone.now() + timedelta(seconds=30)
    session.refresh_from_db()
    with live_race(session) as (_, race):
        assert [e.seat for e in race.events if e.type == "timer_started"] == [timed.seat]
    html = cockpit(ben_client, session)
    assert f'data-turn="{timed.pk}" data-deadline="{timed.deadline.isoformat()}"' in html
    placed = hand_of(html)[:1]
    decide(ben_client, session, form_of(session, ben, [*placed, "", "", "", ""], draft="1"))
    session_advance(session_id=session.pk)
    drafted = Turn.objects.get(session=session, user=ben)
    assert (drafted.pk, drafted.deadline) == (timed.pk, timed.deadline)
    assert drafted.step == len(Session.objects.get(pk=session.pk).actions)
    assert deadlines_expire(now=timed.deadline - timedelta(seconds=1)) == 0
    assert deadlines_expire(now=timed.deadline + timedelta(seconds=1)) == 1
    session.refresh_from_db()
    defaults = [s for s in session.actions if s["by"] == "default"]
    assert defaults == [{"seat": timed.seat, "action": {"kind": "timeout", "params": {}},
                         "by": "default"}]  # fmt: skip
    with live_race(session) as (_, race):
        filled = next(e for e in race.events if e.type == "program_autofilled")
        assert filled.seat == timed.seat and filled.data["filled"] == [2, 3, 4, 5]


def test_a_draft_on_the_timer_is_answered_with_its_next_panel_without_a_second_load(
    robots, monkeypatch
):
    """Issue 22, item 6: the page that posted a decision is drawn from what
    the decision changed. Ben's draft on the timer keeps his turn open at
    its new step, and the panel he gets back is that step's, drawn from the
    decision's own result: the race is not loaded again for the page."""
    session, ana, ben = robots
    ana_client, ben_client = Client(), Client()
    ana_client.force_login(ana)
    ben_client.force_login(ben)
    decide(ana_client, session, form_of(session, ana, hand_of(cockpit(ana_client, session))[:5]))
    session_advance(session_id=session.pk)
    placed = hand_of(cockpit(ben_client, session))[:1]
    form = form_of(session, ben, [*placed, "", "", "", ""], draft="1")

    def loaded_again(_session):
        raise AssertionError("the race was loaded again to draw the page")

    monkeypatch.setattr("races.table.live_table.live_race", loaded_again)
    url = reverse("decide", args=[session.pk])
    html = ben_client.post(url, form, headers={"HX-Request": "true"}).content.decode()
    drafted = Turn.objects.get(session=session, user=ben)
    assert drafted.step == len(Session.objects.get(pk=session.pk).actions)
    assert f'name="step" value="{drafted.step}"' in html
    assert "After register 1:" in visible(html)


def test_a_season_sets_the_program_timer_and_the_sooner_deadline_wins(league):
    """RR-PROG-06, RR-CFG-01: a correspondence season lengthens the timer
    to 2 hours; with a day per decision the last programmer has 2 hours.
    A timer longer than the season's decision time changes nothing."""
    for timer, decision, expected in [(7200, 86400, 7200), (7200, 600, 600)]:
        season = make_season(league, game="roborally", rules={"program_timer_seconds": timer},
                             grid_size=4, live_play=True, decision_seconds=decision)  # fmt: skip
        ana, ben = make_driver(f"Ana {timer} {decision}"), make_driver(f"Ben {timer} {decision}")
        entry_create(season=season, driver=ana, car_number=7)
        entry_create(season=season, driver=ben, car_number=3)
        rnd = round_create(season=season, number=1, name="Post", track="shakedown")
        session = rnd.sessions.get(kind=Session.Kind.RACE)
        Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
        session_run(session_id=session.pk)
        session.refresh_from_db()
        client = Client()
        client.force_login(ana.user)
        decide(client, session, form_of(session, ana.user, hand_of(cockpit(client, session))[:5]))
        start = timezone.now()
        session_advance(session_id=session.pk)
        end, due = timezone.now(), timedelta(seconds=expected)
        deadline = Turn.objects.get(session=session, user=ben.user).deadline
        assert start + due - timedelta(seconds=5) < deadline <= end + due, (timer, decision)
