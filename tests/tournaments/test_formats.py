"""Every format through the services, tables run in this process: Swiss
with byes scored, round robin, stages (Swiss then a knockout of the best),
the draw run at once by two workers, the scheduler's pass."""

from __future__ import annotations

import threading
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.utils import timezone

from races.running.runner import session_run
from tests.tournaments.conftest import bots_enter, make_tournament, run_round_inline
from tournaments.models import Bye, Round, Seat, Table
from tournaments.organise.stages import tournament_stage_move, tournament_start
from tournaments.running.draw import round_draw_next
from tournaments.running.schedule import tournaments_draw_due
from tournaments.running.standings import tournament_standings

pytestmark = pytest.mark.django_db


def test_swiss_with_byes_scores_each_bye(league, owner):
    # Five players at tables of two, no bots: two tables, one bye a round.
    tournament = make_tournament(
        league, owner, table_size=2, rounds=2, fill="byes", bye_points=Decimal(3),
        points=[6, 4],
    )  # fmt: skip
    bots_enter(tournament, owner, 5)
    tournament_start(tournament=tournament, actor=owner)
    while run_round_inline(tournament):
        pass
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    for rnd in Round.objects.filter(tournament=tournament):
        seated = Seat.objects.filter(table__round=rnd, player__isnull=False).count()
        assert seated + rnd.byes.count() == 5
        assert not Seat.objects.filter(table__round=rnd, player__isnull=True).exists()
    for line in tournament_standings(tournament):
        by_hand = sum(g.points for g in line.record.games) + 3 * line.player.byes.count()
        assert Decimal(str(line.standing.score)) == by_hand
    assert Bye.objects.filter(round__tournament=tournament).count() == 2
    # Byes go to different players (the fewest byes so far first).
    assert len(set(Bye.objects.values_list("player", flat=True))) == 2


def test_round_robin_meets_everyone(league, owner):
    tournament = make_tournament(league, owner, format="round_robin", table_size=3)
    players = bots_enter(tournament, owner, 6)
    tournament_start(tournament=tournament, actor=owner)
    while run_round_inline(tournament):
        pass
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    met = {p.pk: set() for p in players}
    for table in Table.objects.filter(round__tournament=tournament):
        here = set(table.places.values_list("player_id", flat=True))
        for pk in here:
            met[pk] |= here - {pk}
    assert all(len(others) == 5 for others in met.values())


def test_stages_cut_the_swiss_to_a_knockout_of_the_best(league, owner):
    tournament = make_tournament(
        league, owner, format="stages", rounds=2, cut=6, table_size=6, advance=3
    )
    bots_enter(tournament, owner, 12)
    tournament_start(tournament=tournament, actor=owner)
    run_round_inline(tournament)
    run_round_inline(tournament)
    after_swiss = [line.player.pk for line in tournament_standings(tournament)][:6]
    final = Round.objects.get(tournament=tournament, number=3)
    assert final.part == "final"
    assert set(final.tables.get().places.exclude(player=None).values_list("player", flat=True)) == (
        set(after_swiss)
    )
    run_round_inline(tournament)
    tournament.refresh_from_db()
    assert tournament.status == "finished"


@pytest.mark.django_db(transaction=True)
def test_two_workers_drawing_at_once_draw_the_round_once(league, owner):
    tournament = make_tournament(league, owner, rounds=2)
    bots_enter(tournament, owner, 6)
    tournament_start(tournament=tournament, actor=owner)
    table = Table.objects.get(round__tournament=tournament)
    assert session_run(session_id=table.session_id) == "finished"
    barrier, drawn = threading.Barrier(2), []

    def draw():
        barrier.wait()
        try:
            drawn.append(round_draw_next(tournament_id=tournament.pk))
        finally:
            connection.close()

    threads = [threading.Thread(target=draw) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(1 for d in drawn if d is not None) == 1
    assert Round.objects.filter(tournament=tournament).count() == 2
    assert Table.objects.filter(round__tournament=tournament, round__number=2).count() == 1


def test_the_scheduler_draws_a_round_a_lost_message_left(league, owner):
    tournament = make_tournament(league, owner, rounds=2)
    bots_enter(tournament, owner, 6)
    tournament_start(tournament=tournament, actor=owner)
    table = Table.objects.get(round__tournament=tournament)
    session_run(session_id=table.session_id)  # no hook called: as if its message was lost
    assert tournaments_draw_due(now=table.session.created_at) == 1
    assert tournaments_draw_due(now=table.session.created_at) == 0
    assert round_draw_next(tournament_id=tournament.pk) is None


def test_a_knockout_with_a_repechage_sends_its_winner_to_the_final(league, owner):
    tournament = make_tournament(
        league, owner, format="knockout", table_size=6, advance=2, repechage=1
    )
    bots_enter(tournament, owner, 12)
    tournament_start(tournament=tournament, actor=owner)
    while run_round_inline(tournament):
        pass
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    parts = list(Round.objects.filter(tournament=tournament).values_list("part", flat=True))
    assert parts == ["semi_final", "repechage", "final"]
    semis, repechage, final = Round.objects.filter(tournament=tournament).order_by("number")

    def order(table):
        seated = dict(table.places.exclude(player=None).values_list("entry_id", "player_id"))
        results = table.session.results.order_by("position").values_list("entry_id", flat=True)
        return [seated[e] for e in results if e in seated]

    through = {p for t in semis.tables.all() for p in order(t)[:2]}
    knocked_out = {p for t in semis.tables.all() for p in order(t)[2:]}
    (rep_table,) = repechage.tables.all()
    assert set(order(rep_table)) <= knocked_out
    through.add(order(rep_table)[0])
    (final_table,) = final.tables.all()
    assert set(final_table.places.exclude(player=None).values_list("player", flat=True)) == through


def test_an_open_tournament_starts_at_its_time_by_the_scheduler(league, owner):
    start = timezone.now() + timedelta(hours=1)
    tournament = make_tournament(league, owner, starts_at=start, seeding="random")
    bots_enter(tournament, owner, 6)
    tournament_stage_move(tournament=tournament, stage="open", actor=owner)
    assert tournaments_draw_due(now=start - timedelta(minutes=1)) == 0
    assert tournaments_draw_due(now=start) == 1
    tournament.refresh_from_db()
    assert tournament.status == "running" and tournament.seed
    (table,) = Table.objects.filter(round__tournament=tournament)
    assert table.session.scheduled_at >= start - timedelta(seconds=1)
