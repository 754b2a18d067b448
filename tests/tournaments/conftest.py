"""Tournaments built through their services, with bot or person players."""

from __future__ import annotations

import pytest

from league.models import Driver
from races.models import Session
from races.running.runner import session_run
from tournaments.models import Table, Tournament
from tournaments.organise.create import TournamentSettings, tournament_create
from tournaments.organise.signup import tournament_enter
from tournaments.running.draw import table_done


def make_tournament(league, owner, **fields) -> Tournament:
    values = {
        "name": "Spring Open",
        "game": "heat",
        "track": "usa",
        "table_size": 6,
        "laps": 1,
        "rounds": 3,
        "points": [6, 4, 2, 0],
        **fields,
    }
    return tournament_create(league=league, settings=TournamentSettings(**values), actor=owner)


def bots_enter(tournament, owner, count: int, prefix: str = "Player") -> list:
    return [
        tournament_enter(tournament=tournament, name=f"{prefix} {n}", bot=True, actor=owner)
        for n in range(1, count + 1)
    ]


def run_round_inline(tournament) -> int:
    """Run every queued table of the tournament in this process, then let
    each finished table call the draw as the worker's hook does."""
    ran = 0
    for table in Table.objects.filter(round__tournament=tournament).select_related("session"):
        if table.session.status == Session.Status.QUEUED:
            assert session_run(session_id=table.session_id) == "finished"
            table_done(session_id=table.session_id)
            ran += 1
    return ran


@pytest.fixture
def tournament(league, owner):
    return make_tournament(league, owner)


__all__ = ["Driver", "bots_enter", "make_tournament", "run_round_inline"]
