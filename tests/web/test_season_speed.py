"""A season chooses its speed (issue 25): real-time clocks or turn-based
time a move, in its form; a speed the clocks cannot run is a field error
that changes nothing, and the table shows every person's clock in words."""

import re

import pytest
from django.urls import reverse

from league.models import LeagueChange, Season
from league.organise.entries import entry_create
from league.season_settings.speeds import clock_words
from races.lobby.seating import lobby_join
from races.models import Session, TableNote, TablePause
from races.rounds.edits import round_create
from races.running.runner import session_run
from tests.conftest import make_driver, make_season, scoring_presets
from tests.web.conftest import client_for
from tests.web.test_bad_input import season_data

pytestmark = pytest.mark.django_db


def test_a_season_is_made_at_a_real_time_speed(client, league, owner):
    scoring_presets()
    url = reverse("season_create", args=[league.slug])
    page = client_for(client, owner).get(url + "?game=formula_d").content.decode()
    assert "Fast (real-time): 2 min on the clock, 10 s more a move" in page
    response = client.post(url, season_data(speed="fast", live_play="on"))
    assert response.status_code == 302
    assert Season.objects.get().speed == "fast"


@pytest.mark.parametrize(
    ("over", "message"),
    [
        ({"speed": "warp"}, "Select a valid choice."),
        ({"speed": "own", "decision_seconds": ""}, "Give the seconds per decision"),
        ({"speed": "own", "decision_seconds": "5"}, "greater than or equal to 30"),
    ],
)
def test_a_speed_the_clocks_cannot_run_is_a_field_error(client, league, owner, over, message):
    scoring_presets()
    page = (
        client_for(client, owner)
        .post(reverse("season_create", args=[league.slug]), season_data(**over))
        .content.decode()
    )
    assert message in page and not Season.objects.exists()


def test_times_are_said_as_people_say_them():
    assert clock_words(100) == "1 min 40 s"
    assert clock_words(23 * 3600) == "23 h"
    assert clock_words(86400 + 7200) == "1 d 2 h"
    assert clock_words(120) == "2 min"
    assert clock_words(0.2) == "1 s" and clock_words(-3) == "0 s"


@pytest.fixture
def table(league):
    season = make_season(
        league, slug="speed", rules={"level": "basic"}, grid_size=3, live_play=True, speed="normal"
    )
    ana = make_driver("Ana")
    entry_create(season=season, driver=ana, car_number=7)
    rnd = round_create(season=season, number=1, name="Live", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    lobby_join(session_id=session.pk, user=ana.user)  # a real-time table's lobby
    Session.objects.filter(pk=session.pk).update(status=Session.Status.QUEUED)
    session_run(session_id=session.pk)
    return session


def test_the_seats_list_shows_each_clock_in_words_running_down(client, table):
    page = client.get(reverse("session_live", args=[table.pk])).content.decode()
    cell = re.search(
        r'<td class="clock running"><time class="seat-clock"[^>]*>([^<]*)</time>', page
    )
    assert cell and cell.group(1) in ("5 min", "4 min 59 s")
    assert "data-clock-ends=" in cell.group(0)
    assert "300" not in cell.group(1)
    assert "js/clocks.js" in page


def test_only_the_organiser_pauses_and_the_table_and_history_say_so(client, table, owner):
    url = reverse("table_pause", args=[table.pk])
    stranger = make_driver("Zed").user
    assert client_for(client, stranger).post(url).status_code == 403
    assert not TableNote.objects.exists()
    client_for(client, owner)
    page = client.get(reverse("session_live", args=[table.pk])).content.decode()
    assert "Pause the race (every clock stops)" in page
    client.post(url)
    page = client.get(reverse("session_live", args=[table.pk])).content.decode()
    assert "The organiser has paused the race: every clock is stopped." in page
    assert "Resume the race" in page and "data-clock-ends=" not in page
    assert "The organiser paused the race: every clock is stopped." in page  # the race log
    assert LeagueChange.objects.filter(summary="Race of round %(round)s paused").exists()
    client.post(reverse("table_resume", args=[table.pk]))
    assert not TablePause.objects.filter(session=table).exists()
    page = client.get(reverse("session_live", args=[table.pk])).content.decode()
    assert "data-clock-ends=" in page and "Pause the race" in page
