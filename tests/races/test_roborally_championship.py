"""A RoboRally season of four rounds through the league end to end (issue
15, "How it is checked"): every race runs to its order (RR-OUT-01..03) on
the shipped courses, results carry the game's figures (flags, lives,
damage) and the standings add the four rounds up."""

import pytest

from league.models import DriverStanding
from league.services import entry_create
from races.models import Result, Session
from races.rules import get_game
from races.runner import session_run
from races.services import round_create
from tests.conftest import make_driver, make_season

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
