"""The read API and the webhooks carry tournaments as they carry seasons."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import bots_enter, make_tournament, run_round_inline
from tournaments.models import Round
from tournaments.organise.stages import tournament_start
from webhooks.models import Delivery, Webhook
from webhooks.tournaments import round_drawn_announce, tournament_finished_announce

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(league, owner):
    tournament = make_tournament(league, owner, rounds=1)
    bots_enter(tournament, owner, 6)
    tournament_start(tournament=tournament, actor=owner)
    run_round_inline(tournament)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    return tournament


def test_the_api_reads_a_tournament(client, finished):
    listed = client.get(f"/api/leagues/{finished.league.slug}/tournaments").json()
    assert [t["slug"] for t in listed] == [finished.slug]
    detail = client.get(f"/api/leagues/{finished.league.slug}/tournaments/{finished.slug}").json()
    assert (
        detail["stage"] == "finished" and detail["rounds"][0]["tables"][0]["status"] == "finished"
    )
    assert [s["place"] for s in detail["standings"]] == [1, 2, 3, 4, 5, 6]
    assert {"median_buchholz", "buchholz", "head_to_head"} <= set(detail["standings"][0])
    assert client.get(f"/api/leagues/{finished.league.slug}/tournaments/nope").status_code == 404


def test_webhooks_hear_of_rounds_and_the_end(finished, owner):
    Webhook.objects.create(
        league=finished.league,
        url="https://hooks.example.org/paddock",
        events=["tournament_round", "tournament_finished"],
        created_by=owner,
    )
    rnd = Round.objects.get(tournament=finished)
    assert len(round_drawn_announce(round_id=rnd.pk)) == 1
    assert round_drawn_announce(round_id=rnd.pk) == []  # announced once
    assert len(tournament_finished_announce(tournament_id=finished.pk)) == 1
    events = set(Delivery.objects.values_list("event", flat=True))
    assert events == {"tournament_round", "tournament_finished"}
