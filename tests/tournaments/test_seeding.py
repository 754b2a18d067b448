"""Seeding (TOUR-SEED): by rating, by a finished session's places, by hand,
at random with the seed recorded; and the drop-out page's confirmation."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.tournament import seed_order
from ratings.models import Rating
from tests.tournaments.conftest import bots_enter, make_tournament
from tests.web.conftest import build_season
from tournaments.models import Seat
from tournaments.organise.seeding import tournament_seed
from tournaments.organise.signup import tournament_enter
from tournaments.organise.stages import tournament_start

pytestmark = pytest.mark.django_db


def seeds(tournament) -> list[str]:
    return list(tournament.players.order_by("seed").values_list("driver__name", flat=True))


def test_by_rating_the_strongest_first(league, owner):
    tournament = make_tournament(league, owner, seeding="rating")
    players = bots_enter(tournament, owner, 3)
    for ordinal, player in zip([5.0, 20.0, 12.0], players, strict=True):
        Rating.objects.create(
            game="heat", driver=player.driver, mu=ordinal, sigma=1.0, ordinal=ordinal
        )
    tournament_seed(tournament=tournament, actor=owner)
    assert seeds(tournament) == ["Player 2", "Player 3", "Player 1"]


def test_by_hand_every_player_once(league, owner):
    tournament = make_tournament(league, owner, seeding="hand")
    players = bots_enter(tournament, owner, 3)
    with pytest.raises(ValidationError):
        tournament_seed(tournament=tournament, actor=owner, hand=[players[0].pk])
    with pytest.raises(ValidationError):
        tournament_start(tournament=tournament, actor=owner)  # a hand seeding comes first
    order = [players[2].pk, players[0].pk, players[1].pk]
    tournament_seed(tournament=tournament, actor=owner, hand=order)
    assert seeds(tournament) == ["Player 3", "Player 1", "Player 2"]


def test_by_a_qualifying_session_its_places(league, owner):
    season, grid, rounds = build_season(league, entries=3, rounds=1, finished=1)
    session = rounds[0].sessions.get(kind="race")
    tournament = make_tournament(
        league, owner, seeding="qualifying", game=season.game, track="paddock_ring",
        rules={"level": "basic"},
    )  # fmt: skip
    for entry in grid:
        tournament_enter(tournament=tournament, name=entry.driver.user.username, bot=False,
                         actor=owner)  # fmt: skip
    with pytest.raises(ValidationError):
        tournament_seed(tournament=tournament, actor=owner, session=None)
    tournament_seed(tournament=tournament, actor=owner, session=session)
    by_place = list(
        session.results.order_by("position").values_list("entry__driver__name", flat=True)
    )
    assert seeds(tournament) == by_place


def test_random_seeding_is_repeatable_from_its_recorded_seed(league, owner):
    tournament = make_tournament(league, owner, seeding="random")
    bots_enter(tournament, owner, 8)
    tournament_seed(tournament=tournament, actor=owner)
    tournament.refresh_from_db()
    first = seeds(tournament)
    keys = {str(p.pk): 0.0 for p in tournament.players.all()}
    again = seed_order(keys, "random", rng_seed=int(tournament.seed)).order
    names = dict(tournament.players.values_list("pk", "driver__name"))
    assert [names[int(k)] for k in again] == first


def test_dropping_out_through_the_confirmation_page(client, league, owner):
    tournament = make_tournament(league, owner, rounds=2)
    players = bots_enter(tournament, owner, 6)
    tournament_start(tournament=tournament, actor=owner)
    client.force_login(owner)
    page = reverse("tournament_drop", args=[league.slug, tournament.slug, players[0].pk])
    shown = client.get(page).content.decode()
    assert (
        "A bot takes their seat" in shown
        and not players[0].__class__.objects.get(pk=players[0].pk).dropped
    )
    client.post(page, {"confirm": "yes"})
    players[0].refresh_from_db()
    assert players[0].dropped_after == 1
    assert not Seat.objects.filter(player=players[0]).exists()
    again = client.get(page).content.decode()
    assert 'id="refusal"' in again


def test_removing_a_player_before_the_start_promotes_the_waiting_list(client, league, owner):
    tournament = make_tournament(league, owner, cap=2)
    first, _second, waiting = bots_enter(tournament, owner, 3)
    assert waiting.waiting
    client.force_login(owner)
    page = reverse("tournament_remove", args=[league.slug, tournament.slug, first.pk])
    assert b"waiting list takes it" in client.get(page).content
    answer = client.post(page, {"confirm": "yes"}, follow=True).content.decode()
    assert "Player 1 no longer plays. Player 3 takes the place." in answer
    waiting.refresh_from_db()
    assert not waiting.waiting and not tournament.players.filter(pk=first.pk).exists()
