"""Tournament services: sign-up with cap and waiting list, check-in, seeding
recorded, the draw run once, drop-outs, corrections with history."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from league.models import LeagueChange
from races.models import Session
from tests.conftest import make_driver
from tests.tournaments.conftest import bots_enter, make_tournament, run_round_inline
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.organise.checkin import player_check_in
from tournaments.organise.corrections import table_correct
from tournaments.organise.dropouts import player_drop
from tournaments.organise.signup import (
    invitation_code_make,
    tournament_leave,
    tournament_sign_up,
)
from tournaments.organise.stages import tournament_stage_move, tournament_start
from tournaments.running.draw import round_draw_next
from tournaments.running.standings import tournament_standings

pytestmark = pytest.mark.django_db


def test_table_size_outside_the_games_seat_range_is_a_field_error(league, owner):
    with pytest.raises(ValidationError) as error:
        make_tournament(league, owner, table_size=9)
    assert "table_size" in error.value.message_dict
    assert not Tournament.objects.exists()


def test_cap_then_waiting_list_promoted_when_someone_leaves(league, owner):
    tournament = make_tournament(league, owner, cap=2)
    tournament_stage_move(tournament=tournament, stage="open", actor=owner)
    people = [make_driver(name) for name in ("Ana", "Ben", "Cid")]
    players = [tournament_sign_up(tournament=tournament, user=d.user) for d in people]
    assert [p.waiting for p in players] == [False, False, True]
    with pytest.raises(ValidationError):
        tournament_sign_up(tournament=tournament, user=people[0].user)
    promoted = tournament_leave(tournament=tournament, player=players[0], actor=people[0].user)
    assert promoted.pk == players[2].pk and not promoted.waiting


def test_invitation_only_takes_the_code(league, owner):
    tournament = make_tournament(league, owner, sign_up="invite")
    tournament_stage_move(tournament=tournament, stage="open", actor=owner)
    ana = make_driver("Ana")
    with pytest.raises(ValidationError):
        tournament_sign_up(tournament=tournament, user=ana.user, code="guess")
    code = invitation_code_make(tournament=tournament, actor=owner)
    assert tournament_sign_up(tournament=tournament, user=ana.user, code=code).driver == ana


def test_check_in_window_and_no_show_drops_out(league, owner):
    start = timezone.now() + timedelta(minutes=10)
    tournament = make_tournament(league, owner, check_in_minutes=30, starts_at=start)
    tournament_stage_move(tournament=tournament, stage="open", actor=owner)
    ana, ben = make_driver("Ana"), make_driver("Ben")
    for driver in (ana, ben):
        tournament_sign_up(tournament=tournament, user=driver.user)
    bots_enter(tournament, owner, 2)
    with pytest.raises(ValidationError):
        player_check_in(tournament=tournament, user=ana.user, now=start - timedelta(hours=1))
    player_check_in(tournament=tournament, user=ana.user)
    tournament_start(tournament=tournament, actor=owner)
    ben_player = tournament.players.get(driver=ben)
    assert ben_player.dropped_after == 0
    seated = set(Seat.objects.filter(player__isnull=False).values_list("player__driver", flat=True))
    assert ana.pk in seated and ben.pk not in seated


def test_random_seeding_is_recorded_and_the_draw_happens_once(league, owner):
    tournament = make_tournament(league, owner, seeding="random")
    bots_enter(tournament, owner, 9)
    tournament_start(tournament=tournament, actor=owner)
    tournament.refresh_from_db()
    assert tournament.seed and tournament.status == "running"
    assert sorted(tournament.players.values_list("seed", flat=True)) == list(range(1, 10))
    # Two tables of six (nine players, three bots), round 1 drawn once.
    assert Table.objects.filter(round__number=1).count() == 2
    assert round_draw_next(tournament_id=tournament.pk) is None
    assert Round.objects.filter(tournament=tournament).count() == 1
    sessions = Session.objects.filter(tournament_table__round__tournament=tournament)
    assert all(len(s.seats) == 6 for s in sessions)
    assert all(s.status == Session.Status.QUEUED for s in sessions)


def test_rounds_follow_each_other_and_the_tournament_finishes(league, owner):
    tournament = make_tournament(league, owner, rounds=2)
    bots_enter(tournament, owner, 8)
    tournament_start(tournament=tournament, actor=owner)
    assert run_round_inline(tournament) == 2
    assert Round.objects.filter(tournament=tournament).count() == 2
    assert run_round_inline(tournament) == 2
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    lines = tournament_standings(tournament)
    assert len(lines) == 8 and all(line.record.games for line in lines)
    assert all(len(line.record.games) == 2 for line in lines)


def test_drop_out_gives_the_seat_to_a_bot_and_is_recorded(league, owner):
    tournament = make_tournament(league, owner, rounds=2)
    players = bots_enter(tournament, owner, 7)
    tournament_start(tournament=tournament, actor=owner)
    player_drop(tournament=tournament, player=players[0], actor=owner)
    assert not Seat.objects.filter(player=players[0]).exists()
    for table in Table.objects.filter(round__tournament=tournament).select_related("session"):
        entries = [s["entry_id"] for s in table.session.seats]
        assert players[0].entry_id not in entries and len(entries) == 6
    assert LeagueChange.objects.filter(summary__contains="dropped out").exists()
    with pytest.raises(ValidationError):
        player_drop(tournament=tournament, player=players[0], actor=owner)


def test_correction_rescores_and_writes_history(league, owner):
    tournament = make_tournament(league, owner, rounds=1)
    bots_enter(tournament, owner, 6)
    tournament_start(tournament=tournament, actor=owner)
    run_round_inline(tournament)
    table = Table.objects.get(round__tournament=tournament)
    seats = [s["id"] for s in table.session.seats]
    places = {seat: n for n, seat in enumerate(reversed(seats), start=1)}
    with pytest.raises(ValidationError):
        table_correct(table=table, places={seats[0]: 1}, actor=owner)
    table_correct(table=table, places=places, actor=owner)
    winner = table.session.seats[-1]["entry_id"]  # the car given first place
    top = tournament_standings(tournament)[0]
    assert top.player.entry_id == winner and top.standing.score == 6
    assert LeagueChange.objects.filter(summary__contains="corrected").exists()
