"""Storing a season's standings: load its results, penalties and team spells,
score them round by round with league/scoring/rounds.py (plain functions, the
same tables as league/scoring/championship.py), and store the points each
result earned and the driver and team tables, with what each round gave each
car and team, so that a stored session scores its own round only
(`standings_after_round`). One transaction; safe to call any number of
times: it replaces, never adds."""

from __future__ import annotations

from collections import defaultdict
from contextlib import contextmanager
from decimal import Decimal

from django.db import transaction

from league.caching import standings_changed
from league.models import DriverStanding, Entry, Season, TeamChange, TeamStanding
from league.scoring.championship import ResultRow
from league.scoring.rounds import DriverRound, TeamRound, round_parts, standings_combine
from league.scoring.tables import PointsTable, points_plain
from paddock.prepared import Prepared
from races.results.result_points import result_points_store
from races.results.running_totals import running_totals_apply
from races.results.stored_rows import result_penalties, result_rows


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


def _plain(mapping: dict) -> dict:
    return {str(k): points_plain(v) for k, v in sorted(mapping.items())}


# Inside a caller's transaction no savepoint: a failure leaves nothing
# half-replaced worth keeping, and a savepoint costs two round trips.
@transaction.atomic(savepoint=False)
def standings_recompute(*, season: Season) -> dict[int, Decimal]:
    """Score every stored result of the season again and rebuild its driver
    and team standings, round by round (league/scoring/rounds.py: the same
    tables as championship() over all rows). Returns each result's points by
    its id. Holds the season's lock (season_standings_lock)."""
    season_standings_lock(season)
    table, entries, team = _season_facts(season)
    rows, before = result_rows(season, team)
    by_round: dict[int, list[ResultRow]] = defaultdict(list)
    for row in rows:
        by_round[row.round].append(row)
    penalties = result_penalties(season)
    drivers: dict = defaultdict(dict)
    teams: dict = defaultdict(dict)
    scored = []
    for number, found in by_round.items():
        parts = round_parts(table, found, [p for p in penalties if p.round == number])
        scored += parts.scored
        for key, part in parts.drivers.items():
            drivers[key][number] = part
        for key, part in parts.teams.items():
            teams[key][number] = part
    result_points_store(scored, before)
    _standings_store(season, table, entries, drivers, teams, penalties)
    return {s.row.key: s.points for s in scored}


@transaction.atomic(savepoint=False)
def standings_after_round(*, season: Season, number: int) -> dict[int, Decimal]:
    """A stored session's round scored again and put in the standings: what
    the round gives each car and team replaces the round's share kept on
    the standings rows, and the tables are ranked again from those. The cost
    is the round and the entries, the same in round 2 and round 40. The
    caller holds the season's lock (season_standings_lock). Where every
    round counts, the driver table moves on from each car's running total
    (races/results/running_totals.py) without reading the other rounds."""
    table, entries, team = _season_facts(season)
    rows, before = result_rows(season, team, number)
    penalties = result_penalties(season)
    parts = round_parts(table, rows, [p for p in penalties if p.round == number])
    if running_totals_apply(
        season=season,
        table=table,
        entries=entries,
        number=number,
        fresh=parts.drivers,
        penalties=penalties,
    ):
        result_points_store(parts.scored, before)
        return {s.row.key: s.points for s in parts.scored}
    kept_drivers, kept_teams = _kept_parts(season, entries)
    if kept_drivers is None:  # standings stored before parts were kept
        return standings_recompute(season=season)
    result_points_store(parts.scored, before)
    stale_teams = bool(kept_teams)
    for kept, fresh in ((kept_drivers, parts.drivers), (kept_teams, parts.teams)):
        for key in kept:
            kept[key].pop(number, None)
        for key, part in fresh.items():
            kept.setdefault(key, {})[number] = part
    _standings_store(
        season, table, entries, kept_drivers, kept_teams, penalties, stale_teams=stale_teams
    )
    return {s.row.key: s.points for s in parts.scored}


def season_standings_lock(season: Season) -> None:
    """What must be serialised between two stores of a season: ranking the
    tables again from the kept parts and writing them (and a round's
    scoring, which the same lock covers). Everything before (the race, its
    log, its results) runs side by side."""
    SEASON_LOCK.rows(season_id=season.pk)


SEASON_LOCK = Prepared(
    lambda season_id: (
        Season.objects.select_for_update(no_key=True)
        .filter(pk=season_id)
        .order_by()  # the default ordering would join the league
        .values_list("pk")
    ),
    season_id=int,
)


class SeasonEntries(dict):
    """The season's cars: entry id → team id, and `division_of`, entry id →
    division id of the cars racing in a division (read in the same query)."""

    division_of: dict[int, int]


SEASON_CARS = Prepared(
    lambda season_id: (
        Entry.objects.filter(season_id=season_id)
        .order_by()
        .values_list("id", "team_id", "division_id")
    ),
    season_id=int,
)


def _season_facts(season: Season):
    table = PointsTable.of(season.scoring)
    entries = SeasonEntries()
    entries.division_of = {}
    for entry, team, division in SEASON_CARS.rows(season_id=season.pk):
        entries[entry] = team
        if division is not None:
            entries.division_of[entry] = division
    # A season without teams reads no team of any round (result_rows).
    changes = (
        list(
            TeamChange.objects.filter(entry__season=season)
            .order_by()
            .values_list("entry_id", "team_id", "from_round")
        )
        if season.team_mode
        else []
    )
    return table, entries, team_of_round(entries, changes)


def _kept_parts(season: Season, entries: dict) -> tuple[dict | None, dict]:
    """What each round gave each car and team, as the standings rows keep
    it; None when a row holds rounds without their parts (stored before)."""
    drivers: dict = {}
    for entry, rounds, places in DriverStanding.objects.filter(season=season).values_list(
        "entry_id", "rounds", "places"
    ):
        if rounds and not places:
            return None, {}
        drivers[entry] = {int(n): DriverRound.of(p) for n, p in places.items()}
    teams: dict = {}
    if not season.team_mode:  # a season's team rows go when it stops racing in teams
        return drivers, teams
    for key, places in TeamStanding.objects.filter(season=season).values_list("team_id", "places"):
        teams[key] = {int(n): TeamRound.of(p) for n, p in places.items()}
    return drivers, teams


def _standings_store(
    season, table, entries, drivers, teams, penalties, *, stale_teams: bool = True
) -> None:
    """Rank the tables from every round's parts and write them (`stale_teams`:
    False when no team rows are stored to replace)."""
    team_keys = (
        list(season.teams.order_by().values_list("id", flat=True)) if season.team_mode else []
    )
    driver_lines, team_lines, _ = standings_combine(
        table, drivers, teams, penalties=penalties, entries=list(entries), team_keys=team_keys
    )
    driver_lines = _division_lines(table, entries, drivers, penalties, driver_lines)
    standings_changed(season_id=season.pk)
    _driver_standings_store(season, driver_lines, drivers)
    if stale_teams or season.team_mode:
        TeamStanding.objects.filter(season=season).delete()
    if season.team_mode:
        _team_standings_store(season, team_lines, teams)


def _division_lines(table, entries, drivers, penalties, lines: list) -> list:
    """With divisions (issue 26, item 2) each division is its own table: its
    cars ranked among themselves, the rounds each held counted for it."""
    division_of = entries.division_of
    if not division_of:
        return lines
    ranked = [line for line in lines if line.key not in division_of]
    for division in sorted(set(division_of.values())):
        cars = [e for e in entries if division_of.get(e) == division]
        own = {e: parts for e, parts in drivers.items() if e in cars}
        fines = [p for p in penalties if p.entry in cars]
        ranked += standings_combine(table, own, {}, penalties=fines, entries=cars)[0]
    return ranked


def _places(parts: dict) -> dict:
    return {str(n): part.plain() for n, part in sorted(parts.items())}


def _driver_standings_store(season: Season, lines: list, parts: dict) -> None:
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
            places=_places(parts.get(line.key, {})),
        )
        for line in lines
    )


def _team_standings_store(season: Season, lines: list, parts: dict) -> None:
    TeamStanding.objects.bulk_create(
        TeamStanding(
            season=season,
            team_id=line.key,
            rank=line.rank,
            points=line.points,
            penalty_points=line.penalty,
            rounds=_plain(line.rounds),
            positions={str(p): c for p, c in sorted(line.positions.items())},
            places=_places(parts.get(line.key, {})),
        )
        for line in lines
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
