"""A RoboRally season of four rounds through the league end to end (issue
15, "How it is checked"): every race runs to its order (RR-OUT-01..03) on
the shipped courses, results carry the game's figures (flags, lives,
damage) and the standings add the four rounds up."""

import pytest
from django.urls import reverse

from league.models import DriverStanding, Season
from league.organise.entries import entry_create
from races.models import Result, Session
from races.rounds.edits import round_create
from races.rules import get_game
from races.running.runner import session_run
from tests.conftest import make_driver, make_season, scoring_presets

pytestmark = pytest.mark.django_db
COURSES = ["shakedown", "twin_forge", "shakedown", "twin_forge"]


def test_four_roborally_races_make_a_season_table(league):
    season = make_season(
        league, slug="robots", game="roborally", rules={"max_turns": 25}, grid_size=5
    )
    for number, name in [(1, "Ana"), (2, "Ben"), (3, "Cid")]:
        entry_create(season=season, driver=make_driver(name), car_number=number)
    known = {t["id"] for t in get_game("roborally").tracks()}
    assert set(COURSES) <= known
    for number, course in enumerate(COURSES, start=1):
        rnd = round_create(season=season, number=number, name=course, track=course)
        session = rnd.sessions.get(kind=Session.Kind.RACE)
        Session.objects.filter(pk=session.pk).update(status=Session.Status.QUEUED)
        assert session_run(session_id=session.pk) == "finished", session.error
        results = list(Result.objects.filter(session=session).order_by("position"))
        assert [r.position for r in results] == list(range(1, 6))
        statuses = {r.status for r in results}
        assert statuses <= {"finished", "not_finished", "eliminated"}
        # RR-RANK-01: finished robots above the rest, eliminated robots last
        order = ["finished", "not_finished", "eliminated"]
        assert [order.index(r.status) for r in results] == sorted(
            order.index(r.status) for r in results
        )
        for r in results:
            assert {"flags_touched", "lives_left", "damage"} <= set(r.figures)
    table = list(DriverStanding.objects.filter(season=season).order_by("rank"))
    assert len(table) == 5 and len(table[0].rounds) == 4
    assert table[0].points == sum(table[0].rounds.values()) > 0
    assert [s.points for s in table] == sorted((s.points for s in table), reverse=True)


def _season_form(**over) -> dict:
    return {
        "game": "roborally", "name": "Post Robots", "scoring": "", "own_points": "25, 18",
        "drop_worst": 0, "team_size": 2, "grid_size": 6, "bot_level": "greedy",
        "decision_seconds": 86400, "opt_lives": 3, "opt_max_turns": 50, "opt_options": "on",
        "opt_push_damage": "on", **over,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("seconds", "message"),
    [("2", "greater than or equal to 5"), ("999999", "less than or equal to 259200")],
)
def test_a_program_timer_out_of_range_is_a_form_error(client, league, owner, seconds, message):
    """RR-PROG-06, RR-CFG-01: the season form checks `program_timer_seconds`
    (5 s to 72 h) and says so next to the field; no season is made."""
    scoring_presets()
    client.force_login(owner)
    page = client.post(
        reverse("season_create", args=[league.slug]),
        _season_form(opt_program_timer_seconds=seconds),
    ).content.decode()
    assert message in page and "Programming timer" in page
    assert not Season.objects.exists()


def test_a_correspondence_season_lengthens_the_program_timer(client, league, owner):
    """RR-PROG-06: a season may give the last programmer two hours; the
    default (30) and the spec's other defaults stay out of its rules."""
    scoring_presets()
    client.force_login(owner)
    response = client.post(
        reverse("season_create", args=[league.slug]),
        _season_form(opt_program_timer_seconds="7200"),
    )
    assert response.status_code == 302
    assert Season.objects.get().rules == {"program_timer_seconds": 7200}
