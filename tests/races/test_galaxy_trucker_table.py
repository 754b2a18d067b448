"""Galaxy Trucker at the shared table (issue 16, online play): people build
together (GT-TBB-12) on the ship's grid, a click on a cell welds the tile,
an illegal placement is refused in the rule's words and changes nothing, a
missed deadline takes the rule's default (GT-API-03) and a season of three
games runs through the league end to end."""

import json
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import DriverStanding, Team
from league.organise.entries import entry_create
from races.models import Result, Session
from races.rounds.edits import round_create
from races.running.runner import session_run
from races.table.online import deadlines_expire, session_advance
from tests.conftest import make_driver, make_season
from tests.races.test_table import RAW, post, seat_of, visible

pytestmark = pytest.mark.django_db
S = Session.Status


@pytest.fixture
def trucking(league):
    """A live Galaxy Trucker game of one round: Ana and Ben against a bot."""
    season = make_season(
        league, slug="gt", game="galaxy_trucker", rules={}, grid_size=3, live_play=True
    )
    ana, ben = make_driver("Ana"), make_driver("Ben")
    entry_create(season=season, driver=ana, car_number=7)
    entry_create(season=season, driver=ben, car_number=3)
    rnd = round_create(season=season, number=1, name="Live", track="standard", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    session_run(session_id=session.pk)
    session.refresh_from_db()
    assert session.status == S.AWAITING
    return session, ana.user, ben.user


def page(client, session) -> str:
    return client.get(reverse("session_live", args=[session.pk])).content.decode()


def buttons(html: str, name: str) -> list[dict]:
    return [
        json.loads(v.replace("&quot;", '"'))
        for v in re.findall(rf'name="{name}" value="([^"]*)"', html)
    ]


def test_people_build_together_and_weld_a_tile_by_clicking_a_cell(trucking, client):
    """GT-TBB-12: both people are asked at once; a drawn tile is welded by
    posting the cell's button (`place`), as the grid's click does."""
    session, ana, ben = trucking
    assert session.config["build_mode"] == "simultaneous"
    assert {t.seat for t in session.turns.all()} == {seat_of(session, ana), seat_of(session, ben)}
    client.force_login(ana)
    html = page(client, session)
    assert 'data-widget="tile"' in html and "Your next building step" in html
    assert "Draw a face-down tile" in html
    assert not RAW.search(visible(html)), RAW.search(visible(html))
    seat = seat_of(session, ana)
    turn = session.turns.get(seat=seat)
    draw = '{"kind": "draw", "params": {}}'
    post(client, session, {"seat": seat, "step": turn.step, "action": draw})
    session.refresh_from_db()
    # Ana's intent is in and unseen; the game waits for Ben's (GT-TBB-12)
    assert session.actions[-1] == {"seat": seat, "action": json.loads(draw), "by": "driver"}
    assert not session.turns.filter(seat=seat).exists()
    client.force_login(ben)
    other = seat_of(session, ben)
    post(client, session, {"seat": other, "step": session.turns.get(seat=other).step,
                           "action": '{"kind": "pass", "params": {}}'})  # fmt: skip
    session_advance(session_id=session.pk)
    session.refresh_from_db()
    client.force_login(ana)
    html = page(client, session)
    assert "Build in the" in html and 'class="ship-grid"' in html
    places = buttons(html, "place")
    assert places and all(p["kind"] == "place" for p in places)
    assert not RAW.search(visible(html)), RAW.search(visible(html))
    turn = session.turns.get(seat=seat)
    response = post(
        client,
        session,
        {"seat": seat, "step": turn.step, "place": json.dumps(places[0])},
        headers={"HX-Request": "true"},
    )
    assert 'class="error"' not in response.content.decode()
    session.refresh_from_db()
    assert session.actions[-1]["action"] == places[0]


def test_an_illegal_placement_is_refused_in_the_rules_words_and_changes_nothing(trucking, client):
    """GT-TBB-05: a cell that is not next to the ship is refused; nothing is stored."""
    session, ana, ben = trucking
    seat, other = seat_of(session, ana), seat_of(session, ben)
    client.force_login(ana)
    post(client, session, {"seat": seat, "step": session.turns.get(seat=seat).step,
                           "action": '{"kind": "draw", "params": {}}'})  # fmt: skip
    client.force_login(ben)
    post(client, session, {"seat": other, "step": session.turns.get(seat=other).step,
                           "action": '{"kind": "pass", "params": {}}'})  # fmt: skip
    session_advance(session_id=session.pk)
    session.refresh_from_db()
    before = list(session.actions)
    client.force_login(ana)
    far = json.dumps({"kind": "place", "params": {"cell": [5, 9], "rot": 0}})
    step = session.turns.get(seat=seat).step
    response = post(
        client, session, {"seat": seat, "step": step, "place": far}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert 'class="error"' in html
    assert re.search(r"next to|not part of the ship|touch", html), visible(html)[:400]
    session.refresh_from_db()
    assert session.actions == before


def test_a_missed_deadline_takes_the_rules_default_logged_as_defaulted(trucking):
    """GT-API-03: a building step's default is PASS, logged with defaulted = true."""
    session, ana, ben = trucking
    late = timezone.now() + timedelta(days=30)
    made = deadlines_expire(now=late)
    assert made >= 2
    session.refresh_from_db()
    defaulted = [a for a in session.actions if a["by"] == "default"]
    assert {a["seat"] for a in defaulted} >= {seat_of(session, ana), seat_of(session, ben)}
    assert all(a["action"] == {"kind": "pass", "params": {"defaulted": True}} for a in defaulted)


def test_a_season_of_three_games_runs_through_the_league(league, client):
    """GT-OUT-01..04 through the league: three all-bot games (sequential
    building), each a finished session with results, and the standings."""
    season = make_season(league, slug="gt3", game="galaxy_trucker", rules={}, grid_size=3)
    for number, name in enumerate(("Ana", "Ben", "Cy"), start=1):
        entry_create(season=season, driver=make_driver(name), car_number=number)
    for number in (1, 2, 3):
        rnd = round_create(
            season=season, number=number, name=f"Flight {number}", track="standard", laps=1
        )
        session = rnd.sessions.get(kind=Session.Kind.RACE)
        Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
        assert session_run(session_id=session.pk) == "finished"
        session.refresh_from_db()
        assert session.config["build_mode"] == "sequential"
        results = list(Result.objects.filter(session=session).order_by("position"))
        assert [r.position for r in results] == [1, 2, 3]
        assert all("credits" in r.figures for r in results)
    standings = DriverStanding.objects.filter(season=season)
    assert standings.count() == 3
    # the results page shows every ship as it was built (issue 16, item 7)
    html = client.get(rnd.get_absolute_url()).content.decode()
    assert "How it was played" in html
    assert "Round 1: the ships as they took off (board I)" in html
    assert html.count('class="picture-grid"') == 3 and "Ana&#x27;s ship" in html
    assert not RAW.search(visible(html)), RAW.search(visible(html))


def test_a_team_game_through_the_league_ranks_by_team(league):
    """GT-VAR-04, GT-OUT-05 through the platform's team race option: two
    teams of two, both members with the team's credits and rank."""
    season = make_season(
        league, slug="gtt", game="galaxy_trucker", rules={"team_race": True}, grid_size=4,
        team_mode=True, team_size=2,
    )  # fmt: skip
    season.full_clean()
    red = Team.objects.create(season=season, name="Red Haulers")
    blue = Team.objects.create(season=season, name="Blue Haulers")
    for number, (name, team) in enumerate(
        [("Ana", red), ("Ben", blue), ("Cy", red), ("Di", blue)], start=1
    ):
        entry_create(season=season, driver=make_driver(name), car_number=number, team=team)
    rnd = round_create(season=season, number=1, name="Duo", track="standard", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    assert session_run(session_id=session.pk) == "finished", session.error
    results = list(Result.objects.filter(session=session).order_by("position"))
    teams = [r.entry.team_id for r in results]
    assert teams[0] == teams[1] and teams[2] == teams[3] and teams[0] != teams[2]
    assert results[0].figures["credits"] == results[1].figures["credits"]
    assert [r.figures["team_rank"] for r in results] == [1, 1, 2, 2]


COORDINATES = re.compile(r"\(\d+, ?\d+\)|\bcolumn \d+|\brow \d+|\bkolumna \d+|\bwiersz \d+")
# Words only an English sentence of the game has (its verbs and links).
ENGLISH = re.compile(
    r"\b(draws|takes|welds|puts|finishes|removes|keeps|loses|boards|loads|the face-up|"
    r"from the|starting cabin|is revealed|breaks the|passes the)\b"
)


@pytest.mark.parametrize("language", ["en", "ja", "pl", "zh-hant"])
def test_the_table_and_the_replay_speak_the_readers_language_without_coordinates(
    league, client, language
):
    """Issue 24: a Galaxy Trucker game's live table (while building) and
    its replay, in each of the four languages, show the ships as pictures
    and say no coordinates, no raw values and no English sentences."""
    season = make_season(league, slug=f"gt-{language}", game="galaxy_trucker", rules={},
                         grid_size=2, live_play=True)  # fmt: skip
    entry_create(season=season, driver=make_driver("Ana"), car_number=7)
    rnd = round_create(season=season, number=1, name="Live", track="standard", laps=1)
    live = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=live.pk).update(status=S.QUEUED)
    session_run(session_id=live.pk)
    done_round = round_create(season=season, number=2, name="Run", track="standard", laps=1)
    done = done_round.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=done.pk).update(status=S.QUEUED, live=False)
    assert session_run(session_id=done.pk) == "finished"
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    pages = [client.get(reverse("session_live", args=[live.pk]), **headers)]
    total = client.get(reverse("replay_start", args=[done.pk]), follow=True, **headers)
    pages.append(total)
    last = int(re.search(r'data-last="(\d+)"', total.content.decode()).group(1))
    for step in sorted({1, 3, last // 3, last // 2, last - 1, last}):
        pages.append(client.get(reverse("replay", args=[done.pk, step]), **headers))
    pages.append(client.get(done_round.get_absolute_url(), **headers))
    for response in pages:
        assert response.status_code == 200
        html = response.content.decode()
        text = visible(html)
        assert not COORDINATES.search(text), COORDINATES.search(text)
        assert not RAW.search(text), RAW.search(text)
        if language != "en":
            assert not ENGLISH.search(text), ENGLISH.search(text)
    assert "tile-body" in pages[0].content.decode()  # the ships drawn on the live table
    assert 'class="corner-label legend' in pages[2].content.decode()  # the replay's legend
