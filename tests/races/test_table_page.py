"""The shared table page (issue 24): the whole race's log with a filter by
driver and links to the replay's steps once finished; the polled area
answered "no change" while the race stands still; a panel that says who
decides for a spectator and who won once finished; the skip link."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from league.organise.entries import entry_create
from races.models import Session
from races.replay.steps import session_events, steps_split
from races.rounds.edits import round_create
from races.rules import get_presentation
from races.running.runner import session_run
from tests.conftest import make_driver, make_season
from tests.races.test_table import heat  # noqa: F401 (a live Heat race of Ana and Ben)

pytestmark = pytest.mark.django_db
S = Session.Status


def log_lines(page: str) -> list[str]:
    block = re.search(r'<ol class="log-lines" id="log-lines"[^>]*>(.*?)</ol>', page, re.S)
    assert block, "no race log on the page"
    return re.findall(r"<li data-seat=\"[^\"]*\">(.*?)</li>", block.group(1), re.S)


def test_a_live_table_shows_the_whole_race_so_far_and_who_decides(heat, client):  # noqa: F811
    session, ana, _ben = heat
    page = client.get(reverse("session_live", args=[session.pk])).content.decode()
    lines = log_lines(page)
    recent = re.search(r'<ol class="events" id="recent-events">(.*?)</ol>', page, re.S).group(1)
    # More than the latest eight: every event since the start.
    assert len(lines) > recent.count("<li>")
    assert "<a href" not in "".join(lines)  # no replay before the finish
    filter_options = re.search(r'<select id="log-filter">(.*?)</select>', page, re.S).group(1)
    assert "Ana" in filter_options and "Ben" in filter_options
    # A spectator's panel says who the race waits for; never an empty box.
    spectator_panel = re.search(
        r'<section id="cockpit" class="cockpit watching".*?</section>', page, re.S
    )
    assert spectator_panel and "Waiting for" in spectator_panel.group(0)
    assert 'class="skip-link" href="#table-panel"' in page and 'id="table-panel"' in page


def test_the_polled_area_is_kept_while_the_race_stands_still(heat):  # noqa: F811
    session, _ana, _ben = heat
    url = reverse("session_live", args=[session.pk])
    watcher = Client()
    page = watcher.get(url).content.decode()
    seen = re.search(r'\?seen=([0-9a-f]+)"', page).group(1)
    same = watcher.get(url, {"seen": seen}, headers={"HX-Request": "true"})
    assert same.status_code == 204
    stale = watcher.get(url, {"seen": "0" * 32}, headers={"HX-Request": "true"})
    assert stale.status_code == 200 and 'id="live"' in stale.content.decode()
    # The live area is no live region itself (it is swapped); the stable one
    # outside it is, and the area carries what it announces.
    assert 'id="table-announce" role="status"' in page
    assert re.search(r'<div id="live"[^>]*data-announce="[^"]*Waiting for', page)
    assert not re.search(r'<div id="live"[^>]*aria-live', page)


def test_a_finished_race_links_each_line_to_its_replay_step_and_says_who_won(league, client):
    season = make_season(league, slug="auto", game="heat", rules={}, grid_size=4)
    ana = make_driver("Ana")
    entry_create(season=season, driver=ana, car_number=7, autopilot="pro")
    rnd = round_create(season=season, number=1, name="Auto", track="usa", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    session_run(session_id=session.pk)  # Ana's autopilot drives her car
    # Finished as a live race is: played at the table to its end.
    Session.objects.filter(pk=session.pk).update(live=True)
    session.refresh_from_db()
    assert session.status == S.FINISHED
    page = client.get(reverse("session_live", args=[session.pk])).content.decode()
    lines = log_lines(page)
    steps = steps_split(get_presentation("heat"), session_events(session))
    last = reverse("replay", args=[session.pk, len(steps) - 1])
    assert all('<a href="/sessions/' in line for line in lines)
    assert f'<a href="{last}">' in lines[-1]
    assert "won the race." in page and 'id="watching-title"' in page


def test_a_drivers_panel_is_answered_no_change_until_their_decision_changes(heat):  # noqa: F811
    """Issue 25: the panel of a driver who decided already asks on every
    change of the table; "no change" is read from the session's status,
    seats and the driver's turn, and agrees with the panel fully drawn."""
    session, ana, _ben = heat
    url = reverse("cockpit", args=[session.pk])
    driver = Client(headers={"HX-Request": "true"})
    driver.force_login(ana)
    drawn = driver.get(url).content.decode()
    seen = re.search(r'id="cockpit"[^>]*\?seen=([0-9a-f]+)"', drawn).group(1)
    assert driver.get(url, {"seen": seen}).status_code == 204
    assert driver.get(url, {"seen": "0" * 24}).status_code == 200
    turn = session.turns.get(user=ana)
    Session.objects.filter(pk=session.pk).update(status=S.RUNNING)  # the bots playing on
    changed = driver.get(url, {"seen": seen})
    assert changed.status_code == 200 and f"?seen={seen}" not in changed.content.decode()
    Session.objects.filter(pk=session.pk).update(status=S.AWAITING)
    assert driver.get(url, {"seen": seen}).status_code == 204
    turn.step += 1  # the driver's next decision: a turn of another step
    turn.save(update_fields=["step"])
    assert driver.get(url, {"seen": seen}).status_code == 200


def test_the_panel_a_decision_answers_with_is_no_change_when_asked_again(league):
    """Issue 25: the panel in a decision's answer (the driver's next decision
    when only people decide next) carries the digest a fetch computes for
    the same state; else the page's next fetch would draw the panel again
    under the driver's hand, wiping a half-made pick."""
    from bench.online import posted
    from tests.races.test_online import live_heat

    session, users = live_heat(league, "heat-answers", grid_size=2, people=("Ana", "Ben"))
    url = reverse("cockpit", args=[session.pk])
    for _ in range(6):
        turn = session.turns.order_by("seat").first()
        owner = next(r["user_id"] for r in session.seats if r["id"] == turn.seat)
        driver = Client(headers={"HX-Request": "true"})
        driver.force_login(users[owner])
        choice = posted(driver.get(url).content.decode())
        answer = driver.post(reverse("decide", args=[session.pk]), choice).content.decode()
        seen = re.search(r'id="cockpit"[^>]*\?seen=([0-9a-f]+)"', answer).group(1)
        assert driver.get(url, {"seen": seen}).status_code == 204
        session.refresh_from_db()
