"""The teams' side of a season to come as flat tables (league/title/team_clinch.py):
points by place, each team's cars in each round, the bonus, and each
team's table as a completion goes on, ranked as league/scoring/championship.py ranks
teams (points, countback of its cars' places, its best car in the latest
rounds). A car may finish anywhere or not start: then it scores nothing
but what it already carried into the round, earns no bonus and counts no
place (league/title/completions.py).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from league.scoring.tables import _ABSENT
from league.title.completions import SeasonSoFar, team_records


@dataclass(frozen=True, order=True)
class TeamRecord:
    """A team's table as a completion goes on."""

    points: object
    positions: tuple[tuple[int, int], ...]  # (place, how many), sorted
    latest: tuple[tuple[int, int], ...]  # (round, best car's place), sorted


class TeamSeason:
    """The rounds to come as flat tables: points by place, lineups, bonus."""

    def __init__(self, season: SeasonSoFar):
        self.n = season.field_size
        table = season.table
        self.best_n = table.team_best_n if table.team_points == "best_n" else None
        self.rounds = season.to_come
        self.race = [[season.race_points(p, r) for p in range(1, self.n + 1)] for r in self.rounds]
        self.quali = [
            [season.qualifying_points(p, r) for p in range(1, self.n + 1)]
            if season.qualifying_scores(r)
            else None
            for r in self.rounds
        ]
        # The pole of a qualifying to come: its winner's, or, with nobody
        # classified, any car's the race's figures name.
        self.pole = [
            r.pole if q is not None else 0 for r, q in zip(self.rounds, self.quali, strict=True)
        ]
        held = team_records(season)
        self.teams = list(held)
        self.cars = {
            t: [tuple(season.lineup(r).get(t, ())) for r in self.rounds] for t in self.teams
        }
        self.start = {}
        for t, record in held.items():
            points = sum(record.rounds.values(), 0) - record.penalty
            self.start[t] = TeamRecord(
                points,
                tuple(sorted(record.positions.items())),
                tuple(sorted(record.latest.items())),
            )
        most_held = max((p for r in held.values() for p, _ in r.positions.items()), default=0)
        self.most = max(self.n, most_held)
        self.order = tuple(reversed(season.all_rounds))

    def key(self, record: TeamRecord) -> tuple:
        """The ranking key of league/scoring/tables.py's `rank` (smaller is ahead)."""
        counts = dict(record.positions)
        latest = dict(record.latest)
        return (
            -record.points,
            tuple(-counts.get(p, 0) for p in range(1, self.most + 1)),
            tuple(latest.get(n, _ABSENT) for n in self.order),
        )

    def ahead(self, first: TeamRecord, second: TeamRecord) -> bool:
        return self.key(first) < self.key(second)

    def round_points(
        self, team, r: int, race: tuple, quali: tuple | None, favour: bool, started: bool = True
    ):
        """The team's points in round `r` from its cars' places (one race and
        one qualifying place per car, in any pairing: the one that suits
        `favour`), with every bonus when `favour`, none otherwise (and, when
        it pays more, the pole for every car from a qualifying nobody is
        classified in). Cars that do not start keep only what they carried
        into the round."""
        rnd = self.rounds[r]
        cars = self.cars[team][r]
        bonus = rnd.bonus if favour and started else 0
        carried = [rnd.carried.get(car, 0) for car in cars]
        if started:
            races = [self.race[r][p - 1] for p in race]
            qualis = [self.quali[r][p - 1] for p in quali] if quali is not None else [0] * len(cars)
        else:
            races = qualis = [0] * len(cars)
        ways = [qualis]
        if favour and started and quali is not None and self.pole[r]:
            ways.append([self.pole[r]] * len(cars))
        return max(self._points(races, way, carried, bonus, favour) for way in ways)

    def _points(self, races: list, qualis: list, carried: list, bonus, favour: bool):
        if self.best_n is None or (len(races) <= self.best_n and not any(carried)):
            return sum(races, 0) + sum(qualis, 0) + sum(carried, 0) + bonus * len(races)
        outcomes = []
        for pairing in set(itertools.permutations(qualis)):
            for owners in set(itertools.permutations(carried)):
                totals = sorted(
                    (a + b + c + bonus for a, b, c in zip(races, pairing, owners, strict=True)),
                    reverse=True,
                )
                outcomes.append(sum(totals[: self.best_n], 0))
        return max(outcomes) if favour else min(outcomes)

    def extend(
        self, team, record: TeamRecord, r: int, race, quali, favour: bool, started: bool = True
    ) -> TeamRecord:
        """`record` after the team's cars take the `race` (and `quali`) places
        of round `r`; not `started`: listed at those places, scoring nothing."""
        points = record.points + self.round_points(team, r, race, quali, favour, started)
        if not race:
            return TeamRecord(points, record.positions, record.latest)
        counts = dict(record.positions)
        if started:
            for p in race:
                counts[p] = counts.get(p, 0) + 1
        latest = dict(record.latest)
        latest[self.rounds[r].number] = min(race)
        return TeamRecord(points, tuple(sorted(counts.items())), tuple(sorted(latest.items())))

    def placed(
        self, team, record: TeamRecord, first: int, favour: bool, start: int = 0, started=True
    ) -> TeamRecord:
        """`record` after the team's cars take the places from `first` on in
        every round from `start` (listed there without starting, when not
        `started`)."""
        for r in range(start, len(self.rounds)):
            places = tuple(range(first, first + len(self.cars[team][r])))
            quali = places if self.quali[r] is not None else None
            record = self.extend(team, record, r, places, quali, favour, started)
        return record

    def absent(self, team, above: list[int] | None = None) -> TeamRecord:
        """The team's cars do not start again, listed last of all (or just
        above `above` cars in each round): the least the team can take."""
        record = self.start[team]
        for r in range(len(self.rounds)):
            last = self.n - (above[r] if above else 0)
            places = tuple(range(last - self.size(team, r) + 1, last + 1))
            record = self.extend(team, record, r, places, None, False, started=False)
        return record

    def sizes(self, team) -> list[int]:
        return [len(cars) for cars in self.cars[team]]

    def size(self, team, r: int) -> int:
        return len(self.cars[team][r])
