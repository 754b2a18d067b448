"""A season's stored results and penalties as the standings read them: the
rows of finished sessions (or of one round, as a stored session scores its
own), each with what it held before, and the penalties given."""

from __future__ import annotations

from decimal import Decimal

from league.models import ScoringSystem, Season
from league.scoring.championship import PenaltyRow, ResultRow
from league.scoring.tables import PointsTable
from paddock.prepared import Prepared
from races.models import Penalty, Result, Session

ROW_FIELDS = (
    "pk",
    "entry_id",
    "session__kind",
    "session__round__number",
    "session__round__points_multiplier",
    "session__round__bonus",
    "session__division_id",
    "session__leg",
    "session__round__sprint_scoring_id",
    "position",
    "status",
    "distance",
    "figures",
    "points",
    "final_position",
    "final_status",
)


def result_rows(
    season: Season, team, number: int | None = None
) -> tuple[list[ResultRow], dict[int, tuple]]:
    """The season's stored rows (or one round's) and what each held before:
    (points, final position, final status) by result id."""
    if number is None:
        stored = _stored_rows(season.pk)
    else:  # a stored session's round: compiled once (paddock/prepared.py)
        stored = ROUND_ROWS.rows(season_id=season.pk, number=number)
    rows, before = [], {}
    sprint_tables = _sprint_tables()
    for (
        pk,
        entry,
        kind,
        number,
        multiplier,
        bonus,
        division,
        leg,
        sprint_scoring,
        position,
        status,
        distance,
        figures,
        *was,
    ) in stored:
        rows.append(
            ResultRow(
                round=number,
                entry=entry,
                position=position,
                status=status,
                session=kind,
                team=team(entry, number) if season.team_mode else None,
                multiplier=multiplier,
                distance=distance,
                figures=figures or {},
                key=pk,
                bonus=bonus or {},
                division=division,
                leg=leg,
                table=sprint_tables(sprint_scoring) if leg == Session.Leg.SPRINT else None,
            )
        )
        before[pk] = tuple(was)
    return rows, before


def _stored_rows(season_id, **round_number):
    # Unordered: standings are ranked afterwards with a total order.
    return (
        Result.objects.filter(
            session__round__season_id=season_id,
            session__status=Session.Status.FINISHED,
            **round_number,
        )
        .order_by()
        .values_list(*ROW_FIELDS)
    )


ROUND_ROWS = Prepared(
    lambda season_id, number: _stored_rows(season_id, session__round__number=number),
    season_id=int,
    number=int,
)


def _sprint_tables():
    """A sprint's points table by its scoring system's id, each read once."""
    found: dict = {}

    def table(pk: int | None) -> PointsTable | None:
        if pk is None:
            return None
        if pk not in found:
            found[pk] = PointsTable.of(ScoringSystem.objects.get(pk=pk))
        return found[pk]

    return table


def _penalties(season_id, **round_number):
    return (
        Penalty.objects.filter(round__season_id=season_id, **round_number)
        .order_by()
        .values_list(
            "round__number", "entry_id", "team_id", "kind", "points", "places", "session_kind"
        )
    )


SEASON_PENALTIES = Prepared(_penalties, season_id=int)


def result_penalties(season: Season, number: int | None = None) -> list[PenaltyRow]:
    if number is None:
        found = SEASON_PENALTIES.rows(season_id=season.pk)
    else:
        found = _penalties(season.pk, round__number=number)
    return [
        PenaltyRow(
            round=round_number,
            entry=entry,
            team=team,
            points=points if kind == Penalty.Kind.POINTS else Decimal(0),
            places=places if kind == Penalty.Kind.PLACES else 0,
            disqualify=kind == Penalty.Kind.DISQUALIFICATION,
            session=session_kind,
        )
        for round_number, entry, team, kind, points, places, session_kind in found
    ]
