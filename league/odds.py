"""Title odds by simulation: plain functions over plain data.

Each simulated completion draws a finishing order for every remaining race
(and scoring qualifying) from the Plackett–Luce model of the drivers'
strengths (league/ratings.py: the first car is drawn with probability in
proportion to its strength, then the next among the rest, and so on: each car's
exponential time at its strength as the rate, sorted, draws the whole order), scores it with the
season's real scoring (points table, multipliers, drop rounds, penalties,
countback; league/completions.py), and counts titles, top-three places and
final places. Seeded: the same season, strengths and seed give the same odds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from league.completions import SeasonSoFar

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
            if rnd.qualifying and season.table.qualifying_points
            else None
            for rnd in season.to_come
        ]
        self.drop = season.table.drop_worst
        team_of = {}
        self.team_keys = list(season.teams)
        for t, members in enumerate(self.team_keys):
            for key in season.teams[members]:
                team_of[key] = t
        self.team_members = [
            [i for i, k in enumerate(self.keys) if team_of.get(k) == t]
            for t in range(len(self.team_keys))
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
    """Final places as league/scoring.py ranks them: points, then countback
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
    most = max(n, max((max(p, default=0) for p in data.base_places), default=0))
    indexes = [data.round_index[rnd.number] for rnd in rounds_to_come]
    for _ in range(simulations):
        points = [list(p) for p in data.base_points]
        finishing = []  # per round to come: each driver's place
        for r in range(len(rounds_to_come)):
            index = indexes[r]
            table = data.race_points[r]
            placed = [0] * n
            for place, i in enumerate(data.draw_order(rng)):
                points[i][index] += table[place]
                placed[i] = place + 1
            finishing.append(placed)
            quali = data.quali_points[r]
            if quali is not None:
                for place, i in enumerate(data.draw_order(rng)):
                    points[i][index] += quali[place]
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


def _team_tally(data: _Field, points, places, finish, most, title, podium, place_sum) -> None:
    """Teams score each round the sum of their members' points (or the best
    N), less the members' penalties, and drop no rounds; ties by countback
    of the members' places, then the best member's place in the latest
    round. Places are gathered only for teams level on points."""
    table = data.season.table
    members = data.team_members
    totals = []
    for team_members in members:
        if table.team_points == "best_n":
            total = 0
            for r in range(len(data.rounds)):
                values = sorted((points[i][r] for i in team_members), reverse=True)
                total += sum(values[: table.team_best_n])
        else:
            total = sum(sum(points[i]) for i in team_members)
        totals.append(total - sum(data.penalty[i] for i in team_members))

    def team_places(team):
        return [p for i in members[team] for p in places(i)]

    def team_finish(team):
        best = [None] * len(data.rounds)
        for i in members[team]:
            for r, f in enumerate(finish(i)):
                if f is not None and (best[r] is None or f < best[r]):
                    best[r] = f
        return best

    ranks = _ranks(totals, team_places, team_finish, most)
    firsts = ranks.count(1)
    for team in range(len(members)):
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
