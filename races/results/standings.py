"""Storing a season's standings: load its results, penalties and team spells,
score them with league/scoring/championship.py (plain functions), and store the
points each result earned and the driver and team tables. One transaction;
safe to call any number of times: it replaces, never adds."""

from __future__ import annotations

from collections import defaultdict
from contextlib import contextmanager
from decimal import Decimal

from django.db import transaction

from league.caching import standings_changed
from league.models import DriverStanding, Entry, Season, TeamChange, TeamStanding
from league.scoring.championship import Championship, PenaltyRow, ResultRow, championship
from league.scoring.tables import PointsTable, points_plain
from races.models import Penalty, Result, Session


def team_of_round(entries: dict[int, int | None], changes: list[tuple]):
    """entry id, round number → the team the car drove for in that round:
    its latest team change up to that round, else its team."""
    spells: dict[int, list[tuple[int, int | None]]] = defaultdict(list)
    for entry_id, team_id, from_round in sorted(changes, key=lambda c: c[2]):
        spells[entry_id].append((from_round, team_id))

    def team(entry_id: int, number: int) -> int | None:
        found = entries.get(entry_id)
        for from_round, team_id in spells.get(entry_id, ()):
            if from_round <= number:
                found = team_id
        return found

    return team


def result_rows(season: Season, team) -> tuple[list[ResultRow], dict[int, tuple]]:
    # Unordered: standings are ranked afterwards with a total order.
    stored = (
        Result.objects.filter(
            session__round__season=season, session__status=Session.Status.FINISHED
        )
        .order_by()
        .values_list(
            "pk",
            "entry_id",
            "session__kind",
            "session__round__number",
            "session__round__points_multiplier",
            "position",
            "status",
            "distance",
            "figures",
            "points",
            "final_position",
            "final_status",
        )
    )
    rows, before = [], {}
    for pk, entry, kind, number, multiplier, position, status, distance, figures, *was in stored:
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
            )
        )
        before[pk] = tuple(was)
    return rows, before


def result_penalties(season: Season) -> list[PenaltyRow]:
    return [
        PenaltyRow(
            round=number,
            entry=entry,
            team=team,
            points=points if kind == Penalty.Kind.POINTS else Decimal(0),
            places=places if kind == Penalty.Kind.PLACES else 0,
            disqualify=kind == Penalty.Kind.DISQUALIFICATION,
            session=session_kind,
        )
        for number, entry, team, kind, points, places, session_kind in Penalty.objects.filter(
            round__season=season
        )
        .order_by()
        .values_list(
            "round__number", "entry_id", "team_id", "kind", "points", "places", "session_kind"
        )
    ]


def _plain(mapping: dict) -> dict:
    return {str(k): points_plain(v) for k, v in sorted(mapping.items())}


# Inside a caller's transaction no savepoint: a failure leaves nothing
# half-replaced worth keeping, and a savepoint costs two round trips.
@transaction.atomic(savepoint=False)
def standings_recompute(*, season: Season) -> dict[int, Decimal]:
    """Score every stored result of the season again and rebuild its driver
    and team standings. Returns each result's points by its id."""
    tables, before = _season_scored(season)
    _result_points_store(tables, before)
    standings_changed(season_id=season.pk)
    _driver_standings_store(season, tables)
    TeamStanding.objects.filter(season=season).delete()
    points = {scored.row.key: scored.points for scored in tables.results}
    if not season.team_mode:
        return points
    _team_standings_store(season, tables)
    return points


def _season_scored(season: Season) -> tuple[Championship, dict[int, tuple]]:
    """The championship's tables over the season's stored results, and what
    each result held before: (points, final position, final status) by id."""
    table = PointsTable.of(season.scoring)
    entries = dict(Entry.objects.filter(season=season).order_by().values_list("id", "team_id"))
    changes = list(
        TeamChange.objects.filter(entry__season=season)
        .order_by()
        .values_list("entry_id", "team_id", "from_round")
    )
    rows, before = result_rows(season, team_of_round(entries, changes))
    teams = list(season.teams.order_by().values_list("id", flat=True)) if season.team_mode else []
    tables = championship(
        table, rows, penalties=result_penalties(season), entries=list(entries), teams=teams
    )
    return tables, before


def _result_points_store(tables: Championship, before: dict[int, tuple]) -> None:
    """Write the points, final place and final status of the results that changed."""
    changed = []
    for scored in tables.results:
        row = scored.row
        final_position = None if scored.position == row.position else scored.position
        final_status = "" if scored.status == row.status else scored.status
        now = (scored.points, final_position, final_status)
        if before[row.key] != now:
            changed.append(
                Result(
                    pk=row.key,
                    points=scored.points,
                    final_position=final_position,
                    final_status=final_status,
                )
            )
    if changed:
        Result.objects.bulk_update(
            changed, ["points", "final_position", "final_status"], batch_size=500
        )


def _driver_standings_store(season: Season, tables: Championship) -> None:
    DriverStanding.objects.filter(season=season).delete()
    DriverStanding.objects.bulk_create(
        DriverStanding(
            season=season,
            entry_id=line.key,
            rank=line.rank,
            points=line.points,
            penalty_points=line.penalty,
            rounds=_plain(line.rounds),
            dropped=line.dropped,
            positions={str(p): c for p, c in sorted(line.positions.items())},
        )
        for line in tables.drivers
    )


def _team_standings_store(season: Season, tables: Championship) -> None:
    TeamStanding.objects.bulk_create(
        TeamStanding(
            season=season,
            team_id=line.key,
            rank=line.rank,
            points=line.points,
            penalty_points=line.penalty,
            rounds=_plain(line.rounds),
            positions={str(p): c for p, c in sorted(line.positions.items())},
        )
        for line in tables.teams
    )


@contextmanager
def standings_follow(season: Season):
    """Run a change to the season's entries, rounds or rules and recompute its
    standings in the same transaction: `with standings_follow(season): ...`."""
    with transaction.atomic():
        yield
        # Read again: the change may have given the season another scoring.
        fresh = Season.objects.select_related("scoring", "league").get(pk=season.pk)
        standings_recompute(season=fresh)
