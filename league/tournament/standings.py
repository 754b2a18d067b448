"""Tournament standings for multiplayer tables, with their tie-breaks.

Definitions (the README quotes these):

- **Score**: the sum over rounds of the points for the place taken at the
  table (`points_per_place[place - 1]`, 0 past the end of the list; places
  count every seat, bots included) plus `bye_points` for each bye.
- **Opponents**: everyone else who sat at a table with the player, once per
  table shared (met twice, counted twice). Bots are nobody's opponents.
- **Buchholz**: the sum of the opponents' final scores.
- **Median-Buchholz**: the Buchholz less the single highest and the single
  lowest of those opponents' scores; with fewer than three opponents it
  equals the Buchholz.
- **Head-to-head**: among players level on score, Median-Buchholz and
  Buchholz: for each table a player shared with another of the level
  players, +1 when placed ahead of them and -1 when behind (0 for a shared
  place); the sum.

Order: higher score, then higher Median-Buchholz, then higher Buchholz, then
higher head-to-head, then the lower seed number, then the key. The order is
total (keys are unique) and depends on the results only, not on the order
they are listed in. Sums are exact (fractions), so points such as 0.5 never
tie or split by rounding."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .field import Player


@dataclass(frozen=True)
class TableResult:
    """One finished table: each player's place (1 the winner; equal places
    allowed). Bots are left out, but their places count: a player behind
    two bots has place 3."""

    places: Mapping[str, int]


@dataclass(frozen=True)
class RoundResult:
    """One finished round: its tables and the players who had a bye."""

    tables: tuple[TableResult, ...]
    byes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Standing:
    """One line of the standings. `place` runs 1..n with no shared place."""

    key: str
    place: int
    score: float
    median_buchholz: float
    buchholz: float
    head_to_head: int
    seed: int
    played: int
    byes: int
    opponents: tuple[str, ...] = field(default=())


def points_for(place: int, points_per_place: Sequence[float]) -> Fraction:
    if place < 1:
        raise ValueError("places start at 1")
    return Fraction(points_per_place[place - 1]) if place <= len(points_per_place) else Fraction(0)


def tally(results, points_per_place, bye_points, entrants):
    """Scores, opponents (per meeting), tables played and byes of each key."""
    score: dict[str, Fraction] = defaultdict(Fraction)
    met: dict[str, list[str]] = defaultdict(list)
    played: dict[str, int] = defaultdict(int)
    byes: dict[str, int] = defaultdict(int)
    for key in entrants:
        score[key] += 0
    for rnd in results:
        for table in rnd.tables:
            for key, place in table.places.items():
                score[key] += points_for(place, points_per_place)
                played[key] += 1
                met[key] += [other for other in table.places if other != key]
        for key in rnd.byes:
            score[key] += Fraction(bye_points)
            byes[key] += 1
    return score, met, played, byes


def median_buchholz(scores: list[Fraction]) -> Fraction:
    """Buchholz less the highest and the lowest (three opponents or more)."""
    if len(scores) < 3:
        return sum(scores, Fraction(0))
    return sum(scores, Fraction(0)) - max(scores) - min(scores)


def head_to_head(level: Mapping[str, tuple], results: Sequence[RoundResult]) -> dict[str, int]:
    """Each player's net meetings won against the players level with them
    (`level` maps a key to what levels it: score, Median-Buchholz, Buchholz)."""
    net = dict.fromkeys(level, 0)
    for rnd in results:
        for table in rnd.tables:
            for a, place_a in table.places.items():
                for b, place_b in table.places.items():
                    if a != b and level[a] == level[b]:
                        net[a] += (place_b > place_a) - (place_b < place_a)
    return net


def standings(
    results: Sequence[RoundResult],
    points_per_place: Sequence[float],
    bye_points: float = 0.0,
    *,
    seeds: Mapping[str, int] | None = None,
) -> tuple[Standing, ...]:
    """The standings after `results` (see the module's definitions). Every key
    in a result or in `seeds` has a line; a key with no seed sorts as seed
    0 among equals, then by key."""
    seeds = dict(seeds or {})
    score, met, played, byes = tally(results, points_per_place, bye_points, seeds)
    bh = {k: sum((score[o] for o in met[k]), Fraction(0)) for k in score}
    mbh = {k: median_buchholz([score[o] for o in met[k]]) for k in score}
    h2h = head_to_head({k: (score[k], mbh[k], bh[k]) for k in score}, results)
    order = sorted(score, key=lambda k: (-score[k], -mbh[k], -bh[k], -h2h[k], seeds.get(k, 0), k))
    return tuple(
        Standing(
            key=k,
            place=place,
            score=float(score[k]),
            median_buchholz=float(mbh[k]),
            buchholz=float(bh[k]),
            head_to_head=h2h[k],
            seed=seeds.get(k, 0),
            played=played[k],
            byes=byes[k],
            opponents=tuple(sorted(set(met[k]))),
        )
        for place, k in enumerate(order, start=1)
    )


def field_after(
    lines: Sequence[Standing],
    ratings: Mapping[str, float] | None = None,
    *,
    dropped: frozenset[str] | set[str] = frozenset(),
) -> tuple[Player, ...]:
    """The field for the next Swiss round, from the standings so far: each
    player's score, seed, opponents and byes, their rating from `ratings`
    (0 when missing), and whether they dropped out."""
    ratings = ratings or {}
    return tuple(
        Player(
            key=line.key,
            score=line.score,
            rating=ratings.get(line.key, 0.0),
            seed=line.seed,
            opponents=frozenset(line.opponents),
            byes=line.byes,
            dropped=line.key in dropped,
        )
        for line in lines
    )
