"""A season in progress as plain data, and what any completion of it would
give: the shared ground of league/title/clinch.py (exact) and league/title/odds.py
(simulated). The season's real scoring (league/scoring/tables.py) prices every
completed round, so drop rounds, penalties and countback apply as they do
in the standings.

A completion gives every remaining round a finishing order of the whole
field, and, where the round has a qualifying session that scores (its
places, or the pole), a qualifying order. Any car may also not finish: one
that does not start (or is disqualified) scores nothing, earns no bonus and
counts no place on countback, the least a car can take from a session. Any
car that races may earn the round's bonus points (`RoundToCome.bonus`: all
of them, or none), except the pole where the round's qualifying decides it
(`RoundToCome.pole`: the car first in qualifying).

Teams: `SeasonSoFar.team_records` holds each team's table so far as
league/scoring/championship.py scored it (the rounds each car drove for the team
then, the team's own penalties); `teams` (or a round's own `teams`) the cars
racing for each team in the rounds to come.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from league.scoring import tables as scoring
from league.scoring.championship import (
    Championship,
    PenaltyRow,
    ResultRow,
    ScoredRow,
    championship,
)


@dataclass(frozen=True)
class RoundToCome:
    number: int
    multiplier: int = 1  # a double-points finale is 2
    qualifying: bool = False  # a qualifying session whose places score
    bonus: object = 0  # the most bonus points one car can earn in the round (multiplied)
    pole: object = 0  # the pole bonus (multiplied) of a qualifying to come: its winner's
    # The cars racing for each team in this round (None: `SeasonSoFar.teams`).
    teams: Mapping[Hashable, tuple[Hashable, ...]] | None = None
    # Points each car already scored in this round (its qualifying is over):
    # only where a team counts its best N cars, whose round cannot be split.
    carried: Mapping[Hashable, object] = field(default_factory=dict)


@dataclass(frozen=True)
class TeamSoFar:
    """A team's table so far, as league/scoring/championship.py scored it."""

    rounds: Mapping[int, object]  # the team's points in each round held
    positions: Mapping[int, int]  # its cars' classified race places, for countback
    latest: Mapping[int, int]  # its best car's race place in each round held
    penalty: object = 0


@dataclass(frozen=True)
class SeasonSoFar:
    table: scoring.PointsTable
    drivers: tuple[Hashable, ...]
    scores: Mapping[Hashable, tuple[scoring.RoundScore, ...]]
    held: tuple[int, ...]
    to_come: tuple[RoundToCome, ...]
    penalties: Mapping[Hashable, int] = field(default_factory=dict)
    teams: Mapping[Hashable, tuple[Hashable, ...]] = field(default_factory=dict)
    # None: every team drove with its `teams` cars all season (no team penalties).
    team_records: Mapping[Hashable, TeamSoFar] | None = None

    def lineup(self, rnd: RoundToCome) -> Mapping[Hashable, tuple[Hashable, ...]]:
        return self.teams if rnd.teams is None else rnd.teams

    @property
    def field_size(self) -> int:
        return len(self.drivers)

    def race_points(self, position: int, rnd: RoundToCome) -> int:
        points = scoring.race_points(self.table, position=position, status=scoring.FINISHED)
        return points * rnd.multiplier

    def qualifying_points(self, position: int, rnd: RoundToCome) -> int:
        """A qualifier's points at `position`, the pole bonus with first."""
        if not rnd.qualifying:
            return 0
        points = scoring.qualifying_points(self.table, position=position, status=scoring.FINISHED)
        return points * rnd.multiplier + (rnd.pole if position == 1 else 0)

    def qualifying_scores(self, rnd: RoundToCome) -> bool:
        """Whether the round has a qualifying to come whose places score."""
        return rnd.qualifying and bool(self.table.qualifying_points or rnd.pole)

    @property
    def all_rounds(self) -> list[int]:
        return sorted({*self.held, *(r.number for r in self.to_come)})


def scores_with(
    season: SeasonSoFar,
    races: Sequence[Sequence[Hashable]],
    qualifyings: Sequence[Sequence[Hashable] | None] | None = None,
    *,
    only: set | None = None,
) -> dict[Hashable, list[scoring.RoundScore]]:
    """Every driver's round scores after a completion: `races[i]` is the
    finishing order of `season.to_come[i]`, `qualifyings[i]` its qualifying
    order (None: as the race). `only` limits the drivers computed."""
    keys = season.drivers if only is None else [k for k in season.drivers if k in only]
    out = {k: list(season.scores.get(k, ())) for k in keys}
    for index, rnd in enumerate(season.to_come):
        order = races[index]
        quali = qualifyings[index] if qualifyings and qualifyings[index] is not None else order
        for place, key in enumerate(order, start=1):
            if key in out:
                out[key].append(
                    scoring.RoundScore(rnd.number, season.race_points(place, rnd), place)
                )
        if rnd.qualifying:
            for place, key in enumerate(quali, start=1):
                if key in out:
                    points = season.qualifying_points(place, rnd)
                    out[key].append(scoring.RoundScore(rnd.number, points, None))
    return out


def standings_after(
    season: SeasonSoFar,
    races: Sequence[Sequence[Hashable]],
    qualifyings: Sequence[Sequence[Hashable] | None] | None = None,
) -> list[scoring.StandingLine]:
    """The final driver standings of a completion, by the season's scoring."""
    scores = scores_with(season, races, qualifyings)
    return scoring.driver_standings(
        season.table, scores, held=season.all_rounds, penalties=season.penalties
    )


def team_standings_after(
    season: SeasonSoFar, drivers: list[scoring.StandingLine]
) -> list[scoring.StandingLine]:
    by_key = {line.key: line for line in drivers}
    return scoring.team_standings(season.table, season.teams, by_key, held=season.all_rounds)


def pair_beats(season: SeasonSoFar, scores: Mapping, first: Hashable, second: Hashable) -> bool:
    """Whether `first` ranks strictly ahead of `second` with these scores."""
    lines = scoring.driver_standings(
        season.table,
        {first: scores[first], second: scores[second]},
        held=season.all_rounds,
        penalties={k: v for k, v in season.penalties.items() if k in (first, second)},
    )
    ranks = {line.key: line.rank for line in lines}
    return ranks[first] < ranks[second]


def team_records(season: SeasonSoFar) -> dict[Hashable, TeamSoFar]:
    """Every team's table so far: the season's own, or (without one) its
    cars' results, each round the sum or the best N of them, less their
    penalties."""
    if season.team_records is not None:
        names = dict.fromkeys([*season.team_records, *season.teams])
        for rnd in season.to_come:
            names.update(dict.fromkeys(season.lineup(rnd)))
        empty = TeamSoFar({}, {}, {})
        return {t: season.team_records.get(t, empty) for t in names}
    drivers = {
        line.key: line
        for line in scoring.driver_standings(
            season.table,
            {k: list(season.scores.get(k, ())) for k in season.drivers},
            held=list(season.held),
            penalties=season.penalties,
        )
    }
    lines = scoring.team_standings(season.table, season.teams, drivers, held=list(season.held))
    held = sorted(season.held)
    return {
        line.key: TeamSoFar(
            rounds=dict(line.rounds),
            positions=dict(line.positions),
            latest={n: p for n, p in zip(reversed(held), line.latest, strict=True)},
            penalty=line.penalty,
        )
        for line in lines
    }


def season_from_results(
    table: scoring.PointsTable,
    rows: Sequence[ResultRow],
    *,
    to_come: Sequence[RoundToCome],
    penalties: Sequence[PenaltyRow] = (),
    entries: Sequence[Hashable] = (),
    teams: Sequence[Hashable] = (),
    lineup: Mapping[Hashable, tuple[Hashable, ...]] | None = None,
) -> SeasonSoFar:
    """A season in progress from its result and penalty rows, scored by
    league/scoring/championship.py exactly as its standings are: stewarded places,
    bonus points, multipliers, the team each car drove for in each round,
    drivers' and teams' own penalties. `lineup` is each team's cars from now
    on (a round to come may name its own); the bonus and `carried` fields of
    the rounds to come are filled in here."""
    tables = championship(table, rows, penalties=penalties, entries=entries, teams=teams)
    scores: dict[Hashable, list[scoring.RoundScore]] = {k: [] for k in entries}
    for s in tables.results:
        is_race = s.row.session == "race"
        scores.setdefault(s.row.entry, []).append(
            scoring.RoundScore(
                s.row.round,
                s.points,
                s.position if is_race and s.status == scoring.FINISHED else None,
                latest=s.position if is_race else None,
            )
        )
    rounds = _rounds_to_come(table, tables.results, to_come)
    records = _team_tables(tables, rounds)
    keys = tuple(dict.fromkeys([*entries, *scores]))
    return SeasonSoFar(
        table=table,
        drivers=keys,
        scores={k: tuple(v) for k, v in scores.items()},
        held=tuple(tables.held),
        to_come=tuple(rounds),
        penalties={line.key: line.penalty for line in tables.drivers if line.penalty},
        teams=dict(lineup or {}),
        team_records=records,
    )


def _rounds_to_come(
    table: scoring.PointsTable, results: Sequence[ScoredRow], to_come: Sequence[RoundToCome]
) -> list[RoundToCome]:
    """The rounds to come with their bonus, pole and `carried` fields."""
    best_n = table.team_points == "best_n"
    most_bonus = sum((scoring.points_value(v) for v in table.bonus.values()), 0)
    pole = scoring.points_value(table.bonus.get("pole", 0))
    rounds = []
    for rnd in to_come:
        carried = {}
        if best_n:  # a team's best N cars cannot be known before the round is over
            for s in results:
                if s.row.round == rnd.number:
                    carried[s.row.entry] = carried.get(s.row.entry, 0) + s.points
        # The pole goes to the car first in qualifying: one car, when the
        # qualifying is to come; nobody more once a car has taken it. Without
        # a qualifying winner the race's own figures say who (any car).
        qualified = any(
            s.row.round == rnd.number
            and s.row.session == "qualifying"
            and s.position == 1
            and s.status == scoring.FINISHED
            for s in results
        )
        shared = most_bonus - pole if rnd.qualifying or qualified else most_bonus
        rounds.append(
            RoundToCome(
                rnd.number,
                rnd.multiplier,
                rnd.qualifying,
                bonus=shared * rnd.multiplier,
                pole=pole * rnd.multiplier if rnd.qualifying and not qualified else 0,
                teams=rnd.teams,
                carried=carried,
            )
        )
    return rounds


def _team_tables(tables: Championship, rounds: list[RoundToCome]) -> dict[Hashable, TeamSoFar]:
    """Each team's table so far, less the rounds its best N cars have only
    begun (their points are carried into the round)."""
    partly = {rnd.number for rnd in rounds if rnd.carried}
    records = {}
    for line in tables.teams:
        records[line.key] = TeamSoFar(
            rounds={n: p for n, p in line.rounds.items() if n not in partly},
            positions=dict(line.positions),
            latest={
                n: p
                for n, p in zip(reversed(tables.held), line.latest, strict=True)
                if p != scoring._ABSENT
            },
            penalty=line.penalty,
        )
    return records
