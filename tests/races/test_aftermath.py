"""What a stored result hands over once it commits (races/running/aftermath.py):
ratings always, the league's webhooks when it has one switched on, the
draw's next round only for a tournament's table: a session gives a worker
no task with nothing to do."""

import pytest

from races.models import Session
from races.running.aftermath import results_stored, session_started
from tests.conftest import hand_overs
from tests.tournaments.conftest import make_tournament
from tests.web.conftest import build_season

pytestmark = pytest.mark.django_db


def handed_over(session, capture) -> int:
    with capture() as callbacks:
        results_stored(session_id=session.pk, season_id=session.round.season_id)
    return len(hand_overs(callbacks))


def hooked(league, owner, active: bool = True) -> None:
    from webhooks.models import Webhook

    Webhook.objects.create(league=league, url="https://hooks.example.org/paddock",
                           events=["result_stored"], active=active, created_by=owner)  # fmt: skip


def test_a_seasons_result_hands_over_ratings_and_webhooks_only(
    league, owner, django_capture_on_commit_callbacks
):
    hooked(league, owner)
    season, grid, rounds = build_season(league, finished=1)
    session = rounds[0].sessions.get(kind=Session.Kind.RACE)
    assert handed_over(session, django_capture_on_commit_callbacks) == 2


def test_a_league_without_a_webhook_switched_on_is_handed_no_announcement(
    league, owner, django_capture_on_commit_callbacks
):
    season, grid, rounds = build_season(league, finished=1)
    session = rounds[0].sessions.get(kind=Session.Kind.RACE)
    assert handed_over(session, django_capture_on_commit_callbacks) == 1  # ratings
    hooked(league, owner, active=False)
    assert handed_over(session, django_capture_on_commit_callbacks) == 1
    with django_capture_on_commit_callbacks() as callbacks:
        session_started(session_id=session.pk, season_id=season.pk)
    assert [c for c in hand_overs(callbacks) if "after_commit" in c.__qualname__] == []
    hooked(league, owner)
    with django_capture_on_commit_callbacks() as callbacks:
        session_started(session_id=session.pk, season_id=season.pk)
    assert len([c for c in hand_overs(callbacks) if "after_commit" in c.__qualname__]) == 1
    assert handed_over(session, django_capture_on_commit_callbacks) == 2


def test_a_tournament_tables_result_also_hands_over_the_draw(
    league, owner, django_capture_on_commit_callbacks
):
    hooked(league, owner)
    tournament = make_tournament(league, owner)
    rnd = tournament.season.rounds.create(number=1, name="Table 1", track="usa", laps=1)
    session = Session.objects.create(round=rnd, kind=Session.Kind.RACE)
    assert handed_over(session, django_capture_on_commit_callbacks) == 3


def test_the_facts_read_with_a_session_tell_its_hooks_and_its_tournament_without_a_query(
    league, owner, django_capture_on_commit_callbacks, django_assert_num_queries
):
    from races.running.aftermath import aftermath_facts

    tournament = make_tournament(league, owner)
    rnd = tournament.season.rounds.create(number=1, name="Table 1", track="usa", laps=1)
    table = Session.objects.create(round=rnd, kind=Session.Kind.RACE)
    season, grid, rounds = build_season(league, finished=1)
    raced = rounds[0].sessions.get(kind=Session.Kind.RACE)

    def read(session):
        return Session.objects.annotate(**aftermath_facts()).get(pk=session.pk)

    assert (read(raced).hooks_listening, read(raced).for_a_tournament) == (False, False)
    assert read(table).for_a_tournament is True
    hooked(league, owner)
    for session, expected in ((read(raced), 2), (read(table), 3)):
        assert session.hooks_listening is True
        with django_assert_num_queries(0), django_capture_on_commit_callbacks() as callbacks:
            results_stored(
                session_id=session.pk,
                season_id=0,  # not read: the facts came with the session
                hooked=session.hooks_listening,
                tournament=session.for_a_tournament,
            )
        assert len(hand_overs(callbacks)) == expected
