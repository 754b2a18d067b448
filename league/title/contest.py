"""One title's contest as flat tables: the drivers' title or the teams',
a driver being a team of one car. Each contender (a team, or a driver) has
its table so far as league/scoring/championship.py scored it (points per
round, its cars' classified race places for countback, its best car's race
place per round, its own penalty) and the cars racing for it in each round
to come; a completion gives those cars places, and the contender's table
goes on as the standings rank it: each round the sum of its cars' points
(or, for teams, the best N), its worst rounds dropped (drivers), its
penalty off, ties by countback, then its best car in the latest rounds.

A car may finish anywhere or not start: then it scores nothing but what it
already carried into the round (a team's best N only), earns no bonus and
counts no place (league/title/completions.py). A qualifying nobody is
classified in gives no places and, by the race's figures, the pole to any
car (`FLAGGED`).

A record is (points per round, minus the count of each place 1.., latest
place per round, latest first): plain tuples, so a completion is priced in
a few loops and records can be compared and remembered.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Mapping, Sequence

from league.scoring.tables import _ABSENT
from league.title.completions import SeasonSoFar, TeamSoFar, team_records

FLAGGED = "flagged"  # a qualifying nobody is classified in: any car may take the pole

Record = tuple[tuple, tuple, tuple]


def drivers_so_far(season: SeasonSoFar) -> dict[Hashable, TeamSoFar]:
    """Every driver's table so far, as a team of one car."""
    out = {}
    for key in season.drivers:
        rounds: dict[int, object] = {}
        positions: dict[int, int] = {}
        latest: dict[int, int] = {}
        for s in season.scores.get(key, ()):
            rounds[s.round] = rounds.get(s.round, 0) + s.points
            if s.position is not None:
                positions[s.position] = positions.get(s.position, 0) + 1
            compare = s.latest if s.latest is not None else s.position
            if compare is not None:
                latest[s.round] = compare
        out[key] = TeamSoFar(rounds, positions, latest, season.penalties.get(key, 0))
    return out


class Contest:
    """The rounds to come as flat tables (points by place, cars, bonus) and
    each contender's record as a completion goes on."""

    def __init__(
        self,
        season: SeasonSoFar,
        held: Mapping[Hashable, TeamSoFar],
        cars: Mapping[Hashable, Sequence[tuple]],
        *,
        carried: Sequence[Mapping] | None = None,
        drop: int = 0,
        best_n: int | None = None,
    ):
        self.n = season.field_size
        self.rounds = season.to_come
        self.race = [[season.race_points(p, r) for p in range(1, self.n + 1)] for r in self.rounds]
        self.quali = [
            [season.qualifying_points(p, r) for p in range(1, self.n + 1)]
            if season.qualifying_scores(r)
            else None
            for r in self.rounds
        ]
        self.bonus = [r.bonus for r in self.rounds]
        # The pole of a qualifying to come: its winner's, or, with nobody
        # classified, any car's the race's figures name.
        self.pole = [
            r.pole if q is not None else 0 for r, q in zip(self.rounds, self.quali, strict=True)
        ]
        self.carried = list(carried) if carried is not None else [{} for _ in self.rounds]
        self.drop, self.best_n = drop, best_n
        self.units = list(held)
        self.cars = {u: [tuple(c) for c in cars[u]] for u in self.units}
        self.penalty = {u: record.penalty for u, record in held.items()}
        every = season.all_rounds
        index = {number: i for i, number in enumerate(every)}
        latest_index = {number: i for i, number in enumerate(reversed(every))}
        self.at = [index[r.number] for r in self.rounds]
        self.latest_at = [latest_index[r.number] for r in self.rounds]
        most_held = max((p for r in held.values() for p in r.positions), default=0)
        self.most = max(self.n, most_held)
        self.start: dict[Hashable, Record] = {}
        for u, record in held.items():
            points = [0] * len(every)
            for number, value in record.rounds.items():
                points[index[number]] += value
            counts = [0] * self.most
            for place, count in record.positions.items():
                counts[place - 1] -= count
            latest = [_ABSENT] * len(every)
            for number, place in record.latest.items():
                latest[latest_index[number]] = place
            self.start[u] = (tuple(points), tuple(counts), tuple(latest))
        self.whole = self._whole(held)

    @classmethod
    def drivers(cls, season: SeasonSoFar) -> Contest:
        """The drivers' title: each driver a team of one car, dropping the
        table's worst rounds."""
        return cls(
            season,
            drivers_so_far(season),
            {k: [(k,)] * len(season.to_come) for k in season.drivers},
            drop=season.table.drop_worst,
        )

    @classmethod
    def teams(cls, season: SeasonSoFar) -> Contest:
        """The teams' title: each round the cars racing for the team then."""
        held = team_records(season)
        table = season.table
        return cls(
            season,
            held,
            {t: [season.lineup(r).get(t, ()) for r in season.to_come] for t in held},
            carried=[r.carried for r in season.to_come],
            best_n=table.team_best_n if table.team_points == "best_n" else None,
        )

    def _whole(self, held: Mapping[Hashable, TeamSoFar]) -> bool:
        """Whether every point figure is whole: a contender short of a tie
        then needs one more point."""
        figures = itertools.chain(
            *self.race,
            *(q for q in self.quali if q is not None),
            self.bonus,
            self.pole,
            (v for c in self.carried for v in c.values()),
            (v for r in held.values() for v in r.rounds.values()),
            self.penalty.values(),
        )
        return all(v == int(v) for v in figures)

    def total(self, unit, record: Record):
        points = record[0]
        total = sum(points, 0)
        if 0 < self.drop < len(points):
            total -= sum(sorted(points)[: self.drop], 0)
        return total - self.penalty[unit]

    def key(self, unit, record: Record) -> tuple:
        """The ranking key of league/scoring/tables.py's `rank` (smaller is ahead)."""
        return (-self.total(unit, record), record[1], record[2])

    def sizes(self, unit) -> list[int]:
        return [len(cars) for cars in self.cars[unit]]

    def size(self, unit, r: int) -> int:
        return len(self.cars[unit][r])

    def round_points(self, unit, r: int, race, quali, favour: bool, started: bool, either: bool):
        """The contender's points in round `r` from its cars' places (one
        race and one qualifying place per car, in the pairing that suits
        `favour`; `quali` None: no qualifying points, FLAGGED: the pole for
        every car), with every bonus when `favour`, none otherwise; `either`:
        the better of the qualifying places and the pole for every car. Cars
        that do not start keep only what they carried into the round."""
        cars = self.cars[unit][r]
        carried = self.carried[r]
        kept = [carried.get(car, 0) for car in cars] if carried else ()
        if self.best_n is not None and (len(cars) > self.best_n or any(kept)):
            return self._paired(
                r, cars, race, quali, kept or [0] * len(cars), favour, started, either
            )
        # Every car counts: its points add up.
        points = sum(kept, 0) if kept else 0
        if not started:
            return points
        table = self.race[r]
        for p in race:
            points += table[p - 1]
        if favour:
            points += self.bonus[r] * len(cars)
        if quali is FLAGGED:
            return points + self.pole[r] * len(cars)
        if quali is not None:
            table = self.quali[r]
            places = sum([table[p - 1] for p in quali], 0)
            if either and self.pole[r]:
                places = max(places, self.pole[r] * len(cars))
            points += places
        return points

    def _paired(self, r: int, cars, race, quali, kept, favour, started, either):
        """A round where the team counts its best N cars: which qualifying
        place and which points carried go with which race place matters."""
        if not started:
            return self._points([0] * len(cars), [0] * len(cars), kept, 0, favour)
        bonus = self.bonus[r] if favour else 0
        races = [self.race[r][p - 1] for p in race]
        if quali is None:
            qualis = [0] * len(cars)
        elif quali is FLAGGED:
            qualis = [self.pole[r]] * len(cars)
        else:
            qualis = [self.quali[r][p - 1] for p in quali]
        points = self._points(races, qualis, kept, bonus, favour)
        if either and quali is not None and quali is not FLAGGED and self.pole[r]:
            flagged = self._points(races, [self.pole[r]] * len(cars), kept, bonus, favour)
            points = max(points, flagged)
        return points

    def _points(self, races: list, qualis: list, carried: list, bonus, favour: bool):
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
        self, unit, record: Record, r: int, race, quali, favour=True, started=True, either=False
    ) -> Record:
        """`record` after the contender's cars take the `race` (and `quali`)
        places of round `r`; not `started`: listed at those places, scoring
        nothing."""
        points, counts, latest = record
        gain = self.round_points(unit, r, race, quali, favour, started, either)
        if gain:
            points = list(points)
            points[self.at[r]] += gain
            points = tuple(points)
        if not race:
            return (points, counts, latest)
        if started:
            counts = list(counts)
            for p in race:
                counts[p - 1] -= 1
            counts = tuple(counts)
        latest = list(latest)
        latest[self.latest_at[r]] = min(race)
        return (points, counts, tuple(latest))

    def placed(self, unit, record: Record, first: int = 1, *, start: int = 0) -> Record:
        """`record` after the contender's cars take the places from `first`
        on in every round from `start`, with every bonus (and the pole for
        every car where that pays more)."""
        for r in range(start, len(self.rounds)):
            places = tuple(range(first, first + len(self.cars[unit][r])))
            quali = places if self.quali[r] is not None else None
            record = self.extend(unit, record, r, places, quali, either=True)
        return record

    def absent(self, unit, record: Record | None = None, start: int = 0, above=None) -> Record:
        """The contender's cars do not start again, listed last of all (or
        just above `above` cars in each round): the least it can take."""
        record = self.start[unit] if record is None else record
        for r in range(start, len(self.rounds)):
            last = self.n - (above[r] if above else 0)
            places = tuple(range(last - len(self.cars[unit][r]) + 1, last + 1))
            record = self.extend(unit, record, r, places, None, False, started=False)
        return record
