"""The read API of tournaments, as the public pages show them: a league's
tournaments, and one tournament with its rounds' tables (each a session of
the API's /sessions) and its standings with the tie-breaks."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from ninja import Router, Schema

from api.schemas import Problem
from tournaments.exports import standing_rows, summary
from tournaments.models import Tournament

router = Router(tags=["tournaments"])


class TournamentOut(Schema):
    slug: str
    name: str
    league: str
    game: str
    format: str
    stage: str
    table_size: int
    points: list[float]
    seeding: str
    seed: str | None = None
    starts_at: str | None = None


class TableOut(Schema):
    number: int
    session: int
    status: str


class RoundOut(Schema):
    number: int
    part: str
    tables: list[TableOut]
    byes: list[str]


class StandingOut(Schema):
    place: int
    seed: int | None = None
    driver: str
    points: float
    median_buchholz: float
    buchholz: float
    head_to_head: int
    played: int
    byes: int
    dropped_after: int | None = None


class TournamentDetail(TournamentOut):
    rounds: list[RoundOut]
    standings: list[StandingOut]


def _out(tournament: Tournament) -> dict:
    return {**summary(tournament), "slug": tournament.slug}


def _rounds(tournament: Tournament) -> list[dict]:
    draws = tournament.draws.prefetch_related("tables__session", "byes__player__driver")
    return [
        {
            "number": rnd.number,
            "part": rnd.part,
            "tables": [
                {"number": t.number, "session": t.session_id, "status": t.session.status}
                for t in sorted(rnd.tables.all(), key=lambda t: t.number)
            ],
            "byes": [bye.player.driver.name for bye in rnd.byes.all()],
        }
        for rnd in draws.order_by("number")
    ]


@router.get(
    "/{league}/tournaments",
    response={200: list[TournamentOut], 404: Problem},
    summary="A league's tournaments, newest first",
)
def tournaments(request, league: str):
    found = Tournament.objects.filter(league__slug=league).select_related("league")
    return [_out(t) for t in found[:200]]


@router.get(
    "/{league}/tournaments/{tournament}",
    response={200: TournamentDetail, 404: Problem},
    summary="One tournament: its rounds' tables and its standings with tie-breaks",
)
def tournament(request, league: str, tournament: str):
    found = get_object_or_404(
        Tournament.objects.select_related("league"), league__slug=league, slug=tournament
    )
    return {**_out(found), "rounds": _rounds(found), "standings": standing_rows(found)}
