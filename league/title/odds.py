"""Title odds by simulation: plain functions over plain data.

Each simulated completion draws a finishing order for every remaining race
(and scoring qualifying) from the Plackett–Luce model of the drivers'
strengths (ratings/skill.py: the first car is drawn with probability in
proportion to its strength, then the next among the rest, and so on: each car's
exponential time at its strength as the rate, sorted, draws the whole order), scores it with the
season's real scoring (points table, multipliers, drop rounds, penalties,
countback; league/title/completions.py), and counts titles, top-three places and
final places. Seeded: the same season, strengths and seed give the same odds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from league.title.completions import SeasonSoFar, team_records

Z95 = 1.96


@dataclass(frozen=True)
class Chance:
    key: Hashable
    title: float
    top_three: float
    expected_position: float
    margin: float  # 95% margin of error of `title`


@dataclass(frozen=True)
class Odds:
    simulations: int
    drivers: dict[Hashable, Chance]
    teams: dict[Hashable, Chance]


def margin_of_error(p: float, n: int) -> float:
    """Half the width of the 95% confidence interval of a proportion."""
    return Z95 * math.sqrt(p * (1 - p) / n) if n else 1.0


class _Field:
    """The season as flat lists, so a completion is scored in a few loops."""

    def __init__(self, season: SeasonSoFar, strengths: Mapping[Hashable, float]):
        self.season = season
        self.keys = list(season.drivers)
        self.n = len(self.keys)
        self.rate = [max(strengths.get(k, 1.0), 1e-300) for k in self.keys]
        self.rounds = season.all_rounds
        self.round_index = {number: i for i, number in enumerate(self.rounds)}
        self.penalty = [season.penalties.get(k, 0) for k in self.keys]
        self.base_points = []  # per driver, per round index
        self.base_places = []  # per driver, places counted by countback
        self.base_finish = []  # per driver, race place per round index (None: absent)
        for key in self.keys:
            points = [0] * len(self.rounds)
            places: list[int] = []
            finish: list[int | None] = [None] * len(self.rounds)
            for score in season.scores.get(key, ()):
                index = self.round_index[score.round]
                points[index] += score.points
                if score.position is not None:
                    places.append(score.position)
                    finish[index] = score.position
            self.base_points.append(points)
            self.base_places.append(places)
            self.base_finish.append(finish)
        self.race_points = [
            [season.race_points(p, rnd) for p in range(1, self.n + 1)] for rnd in season.to_come
        ]
        self.quali_points = [
            [season.qualifying_points(p, rnd) for p in range(1, self.n + 1)]
            if season.qualifying_scores(rnd)
            else None
            for rnd in season.to_come
        ]
        self.drop = season.table.drop_worst
        self._teams(season)

    def _teams(self, season: SeasonSoFar) -> None:
        """Teams: their table so far as the standings scored it (the cars that
        drove for them then, their own penalties), and the cars racing for
        them in each round to come."""
        records = team_records(season)
        self.team_keys = list(records)
        self.team_start = []  # points so far, penalties off
        self.team_places = []  # classified race places so far
        self.team_finish = []  # per round index: best car's place so far (None: none)
        for team in self.team_keys:
            record = records[team]
            self.team_start.append(sum(record.rounds.values(), 0) - record.penalty)
            self.team_places.append(
                [place for place, count in record.positions.items() for _ in range(count)]
            )
            finish: list[int | None] = [None] * len(self.rounds)
            for number, place in record.latest.items():
                finish[self.round_index[number]] = place
            self.team_finish.append(finish)
        index_of = {k: i for i, k in enumerate(self.keys)}
        self.team_cars = [  # per team, per round to come: (driver index, points carried in)
            [
                [
                    (index_of[k], rnd.carried.get(k, 0))
                    for k in season.lineup(rnd).get(team, ())
                    if k in index_of
                ]
                for rnd in season.to_come
            ]
            for team in self.team_keys
        ]

    def draw_order(self, rng: random.Random) -> list[int]:
        """A Plackett–Luce order: each car's exponential time at its strength
        as the rate, fastest first (the same law as drawing the winner in
        proportion to strength, then the next among the rest, …)."""
        log, draw = math.log, rng.random
        times = [-log(1.0 - draw()) / rate for rate in self.rate]
        return sorted(range(self.n), key=times.__getitem__)


def _points_after_drops(points: list[int], drop: int) -> int:
    total = sum(points)
    if drop <= 0 or drop >= len(points):
        return total
    return total - sum(sorted(points)[:drop])


def _ranks(totals: list, places, finish, most: int) -> list[int]:
    """Final places as league/scoring/tables.py ranks them: points, then countback
    of finishing places, then the latest round's result, then the one
    before; what is still equal shares the place. `places(i)` and
    `finish(i)` are asked only for drivers level on points."""
    n = len(totals)

    def key(i: int):
        counts = [0] * most
        for p in places(i):
            counts[p - 1] += 1
        latest = tuple(10_000 if f is None else f for f in reversed(finish(i)))
        return (-totals[i], tuple(-c for c in counts), latest)

    order = sorted(range(n), key=lambda i: -totals[i])
    ranks = [0] * n
    start = 0
    while start < n:
        end = start
        while end + 1 < n and totals[order[end + 1]] == totals[order[start]]:
            end += 1
        group = order[start : end + 1]
        if len(group) == 1:
            ranks[group[0]] = start + 1
        else:
            keyed = sorted((key(i), i) for i in group)
            previous, rank = None, 0
            for position, (k, i) in enumerate(keyed, start=start + 1):
                if k != previous:
                    rank, previous = position, k
                ranks[i] = rank
        start = end + 1
    return ranks


def title_odds(
    season: SeasonSoFar,
    strengths: Mapping[Hashable, float],
    *,
    simulations: int = 10_000,
    seed: int | str = 0,
) -> Odds:
    """Each driver's and team's chance of the title and of the top three,
    and the expected final place, from `simulations` seeded completions.
    A title shared in a completion counts a share to each."""
    data = _Field(season, strengths)
    rng = random.Random(str(seed))
    n, rounds_to_come = data.n, season.to_come
    title = [0.0] * n
    podium = [0] * n
    place_sum = [0] * n
    teams = len(data.team_keys)
    team_title = [0.0] * teams
    team_podium = [0] * teams
    team_place_sum = [0] * teams
    held_places = [*data.base_places, *data.team_places]
    most = max(n, *(max(p, default=0) for p in held_places))
    indexes = [data.round_index[rnd.number] for rnd in rounds_to_come]
    for _ in range(simulations):
        points, finishing = _complete(data, rng, indexes)
        totals = [_points_after_drops(points[i], data.drop) - data.penalty[i] for i in range(n)]

        def places(i, finishing=finishing):
            return data.base_places[i] + [placed[i] for placed in finishing]

        def finish(i, finishing=finishing):
            out = list(data.base_finish[i])
            for r, placed in enumerate(finishing):
                out[indexes[r]] = placed[i]
            return out

        ranks = _ranks(totals, places, finish, most)
        firsts = ranks.count(1)
        for i in range(n):
            rank = ranks[i]
            place_sum[i] += rank
            if rank == 1:
                title[i] += 1 / firsts
            if rank <= 3:
                podium[i] += 1
        if teams:
            _team_tally(data, points, places, finish, most, team_title, team_podium, team_place_sum)
    return Odds(
        simulations=simulations,
        drivers=_chances(data.keys, title, podium, place_sum, simulations),
        teams=_chances(data.team_keys, team_title, team_podium, team_place_sum, simulations),
    )


def _complete(data: _Field, rng: random.Random, indexes: list[int]) -> tuple[list, list]:
    """One completion drawn: every driver's points per round, and each
    round to come's race places (per round, each driver's place)."""
    points = [list(p) for p in data.base_points]
    finishing = []
    for r in range(len(data.season.to_come)):
        index = indexes[r]
        table = data.race_points[r]
        placed = [0] * data.n
        for place, i in enumerate(data.draw_order(rng)):
            points[i][index] += table[place]
            placed[i] = place + 1
        finishing.append(placed)
        quali = data.quali_points[r]
        if quali is not None:
            for place, i in enumerate(data.draw_order(rng)):
                points[i][index] += quali[place]
    return points, finishing


def _team_tally(data: _Field, points, places, finish, most, title, podium, place_sum) -> None:
    """Teams: their points so far, then each round to come the sum of their
    cars' points in it (or the best N), no dropped rounds; ties by countback
    of their cars' places, then the best car's place in the latest round.
    Places are gathered only for teams level on points."""
    table = data.season.table
    best_n = table.team_best_n if table.team_points == "best_n" else None
    indexes = [data.round_index[rnd.number] for rnd in data.season.to_come]
    totals = []
    for t in range(len(data.team_keys)):
        total = data.team_start[t]
        for r, cars in enumerate(data.team_cars[t]):
            index = indexes[r]
            values = [points[i][index] - data.base_points[i][index] + kept for i, kept in cars]
            if best_n is not None:
                values = sorted(values, reverse=True)[:best_n]
            total += sum(values)
        totals.append(total)

    def team_places(team):
        out = list(data.team_places[team])
        for r, cars in enumerate(data.team_cars[team]):
            out.extend(finish(i)[indexes[r]] for i, _ in cars)
        return out

    def team_finish(team):
        best = list(data.team_finish[team])
        for r, cars in enumerate(data.team_cars[team]):
            if cars:
                best[indexes[r]] = min(finish(i)[indexes[r]] for i, _ in cars)
        return best

    ranks = _ranks(totals, team_places, team_finish, most)
    firsts = ranks.count(1)
    for team in range(len(data.team_keys)):
        place_sum[team] += ranks[team]
        if ranks[team] == 1:
            title[team] += 1 / firsts
        if ranks[team] <= 3:
            podium[team] += 1


def _chances(keys, title, podium, place_sum, simulations) -> dict[Hashable, Chance]:
    out = {}
    for i, key in enumerate(keys):
        p = title[i] / simulations if simulations else 0.0
        out[key] = Chance(
            key=key,
            title=p,
            top_three=podium[i] / simulations if simulations else 0.0,
            expected_position=place_sum[i] / simulations if simulations else 0.0,
            margin=margin_of_error(p, simulations),
        )
    return out
