"""What a stored result hands over once it commits (races/running/aftermath.py):
ratings and the league's webhooks always, the draw's next round only for a
tournament's table: a season's session gives a sessions worker no task with
nothing to do."""

import pytest

from races.models import Session
from races.running.aftermath import results_stored
from tests.conftest import hand_overs
from tests.tournaments.conftest import make_tournament
from tests.web.conftest import build_season

pytestmark = pytest.mark.django_db


def handed_over(session, capture) -> int:
    with capture() as callbacks:
        results_stored(session_id=session.pk, season_id=session.round.season_id)
    return len(hand_overs(callbacks))


def test_a_seasons_result_hands_over_ratings_and_webhooks_only(
    league, django_capture_on_commit_callbacks
):
    season, grid, rounds = build_season(league, finished=1)
    session = rounds[0].sessions.get(kind=Session.Kind.RACE)
    assert handed_over(session, django_capture_on_commit_callbacks) == 2


def test_a_tournament_tables_result_also_hands_over_the_draw(
    league, owner, django_capture_on_commit_callbacks
):
    tournament = make_tournament(league, owner)
    rnd = tournament.season.rounds.create(number=1, name="Table 1", track="usa", laps=1)
    session = Session.objects.create(round=rnd, kind=Session.Kind.RACE)
    assert handed_over(session, django_capture_on_commit_callbacks) == 3
