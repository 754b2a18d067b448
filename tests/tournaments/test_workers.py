"""Whole tournaments through real Celery workers (issue 26): every table a
session the workers run, each round drawn by the worker that stored the
last table of the round before (tournaments.tasks.table_finished), and the
standings equal to a count by hand from the stored results."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

import pytest

from races.models import Result, Session
from tests.races.conftest import broker, workers  # noqa: F401 (the fixtures)
from tests.races.worker import wait_for
from tests.tournaments.conftest import bots_enter, make_tournament
from tournaments.models import Bye, Round, Seat, Tournament
from tournaments.organise.stages import tournament_start
from tournaments.running.standings import tournament_standings

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def _finished(tournament: Tournament) -> bool:
    tournament.refresh_from_db()
    failed = Session.objects.filter(
        tournament_table__round__tournament=tournament, status=Session.Status.FAILED
    )
    assert not failed.exists(), [s.error for s in failed]
    return tournament.status == Tournament.Status.FINISHED


def places_by_hand(tournament: Tournament) -> dict[int, list[tuple[int, int, list[int]]]]:
    """Each player's (round, place, others at the table) from the stored
    results and the seats, read straight from the tables."""
    games = defaultdict(list)
    for rnd in Round.objects.filter(tournament=tournament):
        for table in rnd.tables.all():
            players = {s.entry_id: s.player_id for s in Seat.objects.filter(table=table)}
            here = [p for p in players.values() if p]
            for result in Result.objects.filter(session=table.session_id):
                player = players.get(result.entry_id)
                if player:
                    games[player].append(
                        (rnd.number, result.position, [o for o in here if o != player])
                    )
    return games


def standings_by_hand(tournament: Tournament, points: list[int], bye: Decimal):
    """Score: the points of each place, plus a bye's; Buchholz: the sum of
    the opponents' scores; Median-Buchholz: less the best and the worst."""
    games = places_by_hand(tournament)
    players = list(tournament.players.values_list("pk", flat=True))
    score = {p: Decimal(0) for p in players}
    for player, played in games.items():
        for _round, place, _others in played:
            score[player] += Decimal(points[place - 1]) if place <= len(points) else 0
    for bye_player in Bye.objects.filter(round__tournament=tournament).values_list(
        "player_id", flat=True
    ):
        score[bye_player] += bye
    buchholz, median = {}, {}
    for p in players:
        met = [score[o] for _r, _pl, others in games[p] for o in others]
        buchholz[p] = sum(met, Decimal(0))
        median[p] = buchholz[p] - max(met) - min(met) if len(met) >= 3 else buchholz[p]
    return score, buchholz, median, games


def test_a_64_player_swiss_heat_tournament_of_five_rounds(league, owner, workers):  # noqa: F811
    tournament = make_tournament(
        league, owner, name="Swiss Sixty-Four", rounds=5, points=[6, 4, 3, 2, 1, 0]
    )
    bots_enter(tournament, owner, 64)
    workers("t1", concurrency=2)
    tournament_start(tournament=tournament, actor=owner)
    wait_for(lambda: _finished(tournament), timeout=900, every=1, what="the fifth round")
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5]
    # 64 players at tables of six: eleven tables, bots filling the last seats.
    for rnd in rounds:
        tables = list(rnd.tables.select_related("session"))
        assert len(tables) == 11
        assert all(len(t.session.seats) == 6 for t in tables)
        assert Seat.objects.filter(table__round=rnd, player__isnull=False).count() == 64
    score, buchholz, median, games = standings_by_hand(tournament, [6, 4, 3, 2, 1, 0], Decimal(0))
    assert all(len(played) == 5 for played in games.values())
    lines = tournament_standings(tournament)
    assert len(lines) == 64
    for line in lines:
        pk = line.player.pk
        assert Decimal(str(line.standing.score)) == score[pk]
        assert Decimal(str(line.standing.buchholz)) == buchholz[pk]
        assert Decimal(str(line.standing.median_buchholz)) == median[pk]
    ordered = [(score[x.player.pk], median[x.player.pk], buchholz[x.player.pk]) for x in lines]
    assert ordered == sorted(ordered, reverse=True)


def test_a_48_player_formula_d_knockout_with_heats_semi_finals_and_a_final(
    league,
    owner,
    workers,  # noqa: F811
):
    tournament = make_tournament(
        league,
        owner,
        name="Knockout Forty-Eight",
        game="formula_d",
        track="paddock_ring",
        rules={"level": "basic"},
        format="knockout",
        table_size=6,
        advance=3,
        points=[10, 6, 4, 3, 2, 1],
    )
    bots_enter(tournament, owner, 48)
    workers("k1", concurrency=2)
    tournament_start(tournament=tournament, actor=owner)
    wait_for(lambda: _finished(tournament), timeout=900, every=1, what="the final")
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    assert [(r.part, r.tables.count()) for r in rounds] == [
        ("heats", 8),
        ("heats", 4),
        ("semi_final", 2),
        ("final", 1),
    ]
    _, _, _, games = standings_by_hand(tournament, [10, 6, 4, 3, 2, 1], Decimal(0))
    # By hand: the top three of every table play the next round.
    for before, after in zip(rounds, rounds[1:], strict=False):
        through = {
            player
            for player, played in games.items()
            for number, place, _ in played
            if number == before.number and place <= 3
        }
        seated = set(
            Seat.objects.filter(table__round=after, player__isnull=False).values_list(
                "player_id", flat=True
            )
        )
        assert seated == through
    # A knockout ranks by how far each went: the final's order comes first.
    final = rounds[-1].tables.get()
    final_order = list(
        Result.objects.filter(session=final.session_id)
        .order_by("position")
        .values_list("entry_id", flat=True)
    )
    lines = tournament_standings(tournament)
    assert [line.player.entry_id for line in lines[:6]] == final_order
    score, buchholz, median, _ = standings_by_hand(tournament, [10, 6, 4, 3, 2, 1], Decimal(0))
    for line in lines:
        assert Decimal(str(line.standing.score)) == score[line.player.pk]
