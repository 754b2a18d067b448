"""The cockpit: a driver's decision panel built from the engine's decision."""

import json

import pytest
from django.urls import reverse

from league.organise.entries import entry_create
from races.models import Session
from races.rounds.edits import round_create
from races.running.runner import session_run
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db
S = Session.Status


@pytest.fixture
def live(league):
    season = make_season(league, slug="live", rules={"level": "basic"}, grid_size=3, live_play=True)
    ana = make_driver("Ana")
    entry_create(season=season, driver=ana, car_number=7)
    rnd = round_create(season=season, number=1, name="Live", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    session_run(session_id=session.pk)
    session.refresh_from_db()
    assert session.status == S.AWAITING
    return session, ana.user


def choices(html: str) -> list[str]:
    marker = 'name="action" value="'
    found, start = [], 0
    while (start := html.find(marker, start)) != -1:
        start += len(marker)
        found.append(html[start : html.find('"', start)].replace("&quot;", '"'))
    return found


def test_the_driver_sees_their_turn_in_the_header_and_the_choices(live, client):
    session, ana = live
    client.force_login(ana)
    html = client.get(reverse("session_live", args=[session.pk])).content.decode()
    assert "Your turn:" in html
    assert 'id="cockpit"' in html
    actions = [json.loads(c) for c in choices(html)]
    assert actions and all(a["kind"] for a in actions)


def test_a_choice_posted_with_htmx_is_stored_and_the_cockpit_comes_back(live, client):
    session, ana = live
    client.force_login(ana)
    page = client.get(reverse("session_live", args=[session.pk])).content.decode()
    turn = session.turns.get(seat="car7")
    response = client.post(
        reverse("decide", args=[session.pk]),
        {"seat": "car7", "step": turn.step, "action": choices(page)[0]},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert 'id="cockpit"' in response.content.decode()
    session.refresh_from_db()
    assert session.actions[-1]["by"] == "driver"


def test_an_illegal_choice_shows_the_engines_message_and_changes_nothing(live, client):
    session, ana = live
    client.force_login(ana)
    turn = session.turns.get(seat="car7")
    before = list(session.actions)
    response = client.post(
        reverse("decide", args=[session.pk]),
        {"seat": "car7", "step": turn.step, "action": '{"kind": "gear", "params": {"gear": 9}}'},
        headers={"HX-Request": "true"},
    )
    assert 'class="error"' in response.content.decode()
    session.refresh_from_db()
    assert session.actions == before


def test_a_malformed_choice_is_a_clear_error(live, client):
    session, ana = live
    client.force_login(ana)
    response = client.post(
        reverse("decide", args=[session.pk]),
        {"seat": "car7", "step": "x", "action": "{"},
        headers={"HX-Request": "true"},
    )
    assert "could not be read" in response.content.decode()


def test_nobody_else_may_decide_for_the_car(live, client, visitor):
    session, _ = live
    turn = session.turns.get(seat="car7")
    data = {"seat": "car7", "step": turn.step, "action": '{"kind": "gear", "params": {}}'}
    assert client.post(reverse("decide", args=[session.pk]), data).status_code == 403
    client.force_login(visitor)
    assert client.post(reverse("decide", args=[session.pk]), data).status_code == 403
    assert client.post(reverse("autopilot", args=[session.pk]), {"seat": "car7"}).status_code == 403


def test_spectators_see_whose_turn_it_is_and_the_latest_events(live, client):
    session, _ = live
    html = client.get(reverse("session_live", args=[session.pk])).content.decode()
    assert 'id="whose-turn"' in html and "<strong>Ana</strong>" in html
    assert "#7 Ana" in html and 'class="track scene"' in html
    assert 'id="live-cars"' in html
    assert "Your turn" not in html


def test_the_driver_can_hand_over_to_the_autopilot(live, client):
    session, ana = live
    client.force_login(ana)
    response = client.post(reverse("autopilot", args=[session.pk]), {"seat": "car7"})
    assert response.status_code == 302
    session.refresh_from_db()
    assert next(r for r in session.seats if r["id"] == "car7")["autopilot"] is True


def test_an_organiser_can_play_a_single_session_live_but_nobody_else(league, client, visitor):
    season = make_season(league, slug="auto", rules={"level": "basic"}, grid_size=3)
    rnd = round_create(season=season, number=1, name="One", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    assert not session.live
    url = reverse("session_play_mode", args=[session.pk])
    client.force_login(visitor)
    assert client.post(url, {"live": "1"}).status_code == 403
    client.force_login(league.owner)
    client.post(url, {"live": "1"})
    session.refresh_from_db()
    assert session.live
    Session.objects.filter(pk=session.pk).update(status=S.FINISHED)
    client.post(url, {"live": "0"})
    session.refresh_from_db()
    assert session.live


def test_a_whole_race_can_be_driven_through_the_cockpit(live, client):
    from races.table.online import session_advance

    session, ana = live
    client.force_login(ana)
    cockpit = reverse("cockpit", args=[session.pk])
    for _ in range(500):
        session.refresh_from_db()
        if session.status != S.AWAITING:
            break
        html = client.get(cockpit, headers={"HX-Request": "true"}).content.decode()
        turn = session.turns.get(seat="car7")
        response = client.post(
            reverse("decide", args=[session.pk]),
            {"seat": "car7", "step": turn.step, "action": choices(html)[0]},
            headers={"HX-Request": "true"},
        )
        assert 'class="error"' not in response.content.decode()
        session_advance(session_id=session.pk)
    assert session.status == S.FINISHED
