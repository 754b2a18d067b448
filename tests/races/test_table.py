"""The table's decisions from the page: a hand of cards posted as picks, and
forged posts (an illegal choice, another seat's choice, a stale step, no
CSRF token) that change nothing; the autopilot taken back; turn notices."""

import json
import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.models import ConfirmedAddress
from league.organise.entries import entry_create
from races.models import Session, Turn, TurnNotices
from races.rounds.edits import round_create
from races.running.runner import session_run
from races.table.live_races import live_race
from races.table.online import session_advance, turns_notify
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db
S = Session.Status
RAW = re.compile(r"\[\'|\bTrue\b|\bFalse\b|r\d+l\d|\w+\.S\d")


@pytest.fixture
def heat(league):
    """A live Heat race: Ana and Ben against two bots, waiting for both to shift."""
    season = make_season(league, slug="heat", game="heat", rules={}, grid_size=4, live_play=True)
    ana, ben = make_driver("Ana"), make_driver("Ben")
    entry_create(season=season, driver=ana, car_number=7)
    entry_create(season=season, driver=ben, car_number=3)
    rnd = round_create(season=season, number=1, name="Live", track="usa", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    session_run(session_id=session.pk)
    session.refresh_from_db()
    assert session.status == S.AWAITING
    return session, ana.user, ben.user


def seat_of(session, user) -> str:
    return next(r["id"] for r in session.seats if r.get("user_id") == user.pk)


def visible(html: str) -> str:
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def post(client, session, data, **extra):
    return client.post(reverse("decide", args=[session.pk]), data, **extra)


def radios(html: str) -> list[str]:
    return [v.replace("&quot;", '"') for v in re.findall(r'name="action" value="([^"]*)"', html)]


def shift(client, session, user) -> None:
    """Select the first gear the gear stick offers and let the bots play on."""
    seat = seat_of(session, user)
    html = client.get(reverse("session_live", args=[session.pk])).content.decode()
    turn = session.turns.get(seat=seat)
    post(client, session, {"seat": seat, "step": turn.step, "action": radios(html)[-1]})
    session_advance(session_id=session.pk)
    session.refresh_from_db()


def test_the_hand_is_drawn_as_cards_and_the_picked_cards_are_played(heat, client):
    session, ana, ben = heat
    client.force_login(ana)
    shift(client, session, ana)
    client.force_login(ben)
    shift(client, session, ben)
    client.force_login(ana)
    html = client.get(reverse("session_live", args=[session.pk])).content.decode()
    assert 'data-widget="cards"' in html and 'class="card ' in html
    assert not RAW.search(visible(html)), RAW.search(visible(html))
    plays = json.loads(re.search(r'id="panel-plays"[^>]*>(.*?)</script>', html, re.S).group(1))
    seat = seat_of(session, ana)
    turn = session.turns.get(seat=seat)
    response = post(
        client,
        session,
        {"seat": seat, "step": turn.step, "compose_kind": "play_cards",
         "compose_param": "cards", "compose_one": "0", "pick": plays[0]["picks"]},
        headers={"HX-Request": "true"},
    )  # fmt: skip
    assert response.status_code == 200 and 'class="error"' not in response.content.decode()
    session.refresh_from_db()
    assert session.actions[-1] == {
        "seat": seat,
        "action": {"kind": "play_cards", "params": {"cards": plays[0]["picks"]}},
        "by": "driver",
    }


def test_forged_posts_change_nothing(heat, client):
    session, ana, ben = heat
    seat, other = seat_of(session, ana), seat_of(session, ben)
    step = session.turns.get(seat=seat).step
    before = (list(session.actions), list(session.turns.values_list("seat", "step")))

    def unchanged():
        session.refresh_from_db()
        return (list(session.actions), list(session.turns.values_list("seat", "step"))) == before

    client.force_login(ana)
    # An illegal choice: a gear the stick does not offer, refused in the engine's words.
    html = post(client, session, {"seat": seat, "step": step,
                                  "action": '{"kind": "shift_gear", "params": {"gear": 4}}'},
                headers={"HX-Request": "true"}).content.decode()  # fmt: skip
    assert 'class="error"' in html and "gear" in html
    assert unchanged()
    # Cards picked at the wrong step (the race asks for a gear): the engine's sentence.
    html = post(client, session, {"seat": seat, "step": step, "compose_kind": "play_cards",
                                  "compose_param": "cards", "pick": ["red.S1.1"]},
                headers={"HX-Request": "true"}).content.decode()  # fmt: skip
    assert "choose your gear first" in html
    assert unchanged()
    # Another seat's choice.
    legal = '{"kind": "shift_gear", "params": {"gear": 1}}'
    response = post(client, session, {"seat": other, "step": step, "action": legal})
    assert response.status_code == 403
    assert unchanged()
    # A stale step.
    html = post(client, session, {"seat": seat, "step": step - 1, "action": legal},
                headers={"HX-Request": "true"}).content.decode()  # fmt: skip
    assert "already been made" in html
    assert unchanged()
    # No CSRF token.
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ana)
    assert post(strict, session, {"seat": seat, "step": step, "action": legal}).status_code == 403
    assert unchanged()
    # The same choice, properly made, is taken.
    post(client, session, {"seat": seat, "step": step, "action": legal})
    session.refresh_from_db()
    assert session.actions[-1]["seat"] == seat


def test_the_driver_takes_the_car_back_from_the_autopilot(heat, client):
    session, ana, _ = heat
    seat = seat_of(session, ana)
    client.force_login(ana)
    client.post(reverse("autopilot", args=[session.pk]), {"seat": seat})
    session_advance(session_id=session.pk)
    session.refresh_from_db()
    assert next(r for r in session.seats if r["id"] == seat)["autopilot"] is True
    html = client.get(reverse("session_live", args=[session.pk])).content.decode()
    assert "back from the autopilot" in html
    client.post(reverse("autopilot_back", args=[session.pk]), {"seat": seat})
    session.refresh_from_db()
    assert next(r for r in session.seats if r["id"] == seat)["autopilot"] is False
    # The race asks Ana again at her car's next decision.
    with live_race(session) as (_, race):
        upcoming = {d.seat for d in race.pending}
    assert seat not in upcoming or session.turns.filter(seat=seat).exists()


def test_nobody_else_takes_a_car_back(heat, client, visitor):
    session, ana, _ = heat
    client.force_login(visitor)
    seat = seat_of(session, ana)
    assert (
        client.post(reverse("autopilot_back", args=[session.pk]), {"seat": seat}).status_code == 403
    )


def test_the_your_turn_notice_is_on_every_page_and_polled(heat, client):
    session, ana, _ = heat
    client.force_login(ana)
    home = client.get("/").content.decode()
    turn = session.turns.get(user=ana)
    assert "Your turn:" in home and f'hx-get="/your-turn/?seen={turn.pk}"' in home
    notice = client.get(reverse("your_turn_notice")).content.decode()
    assert f"/sessions/{session.pk}/" in notice
    # A poll that has the turns already changes nothing on the page (issue
    # 24: the header's live region announces a new turn once).
    same = client.get(reverse("your_turn_notice"), {"seen": str(turn.pk)})
    assert same.status_code == 204


def test_turn_e_mails_follow_each_persons_setting(heat, client, settings):
    session, ana, ben = heat
    settings.ONLINE_NOTIFY_AFTER_SECONDS = 0
    for user in (ana, ben):
        user.email = f"{user.username}@example.org"
        user.save()
        ConfirmedAddress.objects.create(user=user, email=user.email, confirmed_at=timezone.now())
    client.force_login(ben)
    response = client.post(reverse("turn_notices"), {})  # the box unticked: no e-mail
    assert response.status_code == 302
    assert TurnNotices.objects.get(user=ben).by_email is False
    Turn.objects.filter(session=session).update(opened_at=timezone.now() - timezone.timedelta(1))
    assert turns_notify(now=timezone.now()) == 1
    assert [m.to for m in mail.outbox] == [["ana@example.org"]]
    assert "Your turn" in mail.outbox[0].subject and "#7" in mail.outbox[0].body


def test_spectators_see_the_table_in_words(heat, client):
    session, _, _ = heat
    html = client.get(reverse("session_live", args=[session.pk])).content.decode()
    assert 'id="spectator-link"' in html and 'id="live-cars"' in html and "deciding" in html
    assert "Your turn:" not in html
    assert not RAW.search(visible(html))
