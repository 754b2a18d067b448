"""A Swiss round for multiplayer tables: the field ranked by score, then
rating, cut into tables of the game's size down the ranking (the leaders on
board 1, the next on board 2), repeat opponents kept apart where possible."""

from __future__ import annotations

import random
from collections.abc import Sequence

from . import rematches
from .field import FillPolicy, Pairing, Player, Seats, Table
from .seating import layout
from .tightening import tighten
from .untangling import untangle, untangle_nearby


def ranking(players: Sequence[Player], rng_seed: int) -> list[Player]:
    """Players best first: higher score, then higher rating, then lower seed;
    players equal on all three in an order drawn from `rng_seed` (the same
    seed, the same order)."""
    rng = random.Random(rng_seed)
    lot = {key: rng.random() for key in sorted(p.key for p in players)}
    return sorted(players, key=lambda p: (-p.score, -p.rating, p.seed, lot[p.key], p.key))


def bye_takers(ranked: Sequence[Player], count: int) -> list[Player]:
    """The `count` players who sit out: those with the fewest byes so far,
    and among them the lowest ranked."""
    lowest_first = list(reversed(ranked))
    order = sorted(range(len(lowest_first)), key=lambda i: (lowest_first[i].byes, i))
    return [lowest_first[i] for i in order[:count]]


def check_field(players: Sequence[Player]) -> None:
    keys = [p.key for p in players]
    if len(set(keys)) != len(keys):
        raise ValueError("every player needs a key of their own")


def swiss_round(
    players: Sequence[Player],
    seats: Seats,
    *,
    fill: FillPolicy = FillPolicy.BOTS,
    bye_points: float = 0.0,
    rng_seed: int = 0,
) -> Pairing:
    """Draw one Swiss round.

    Dropped players are left out. The rest are ranked (`ranking`) and the
    round's shape taken from `seating.layout` (bots top tables up to the
    preferred size, or byes for whoever cannot be seated). Byes go to the
    players with the fewest byes so far, the lowest ranked first
    (`bye_takers`); each scores `bye_points`. The others are cut into tables
    down the ranking, board 1 holding the leaders.

    Repeats: the tables are cut greedily down the ranking, each skipping
    players who met someone already at it (`rematches.greedy`), then players
    with a repeat swap with neighbouring tables (`rematches.swaps`). A repeat
    still left starts a walk of swaps (`untangling`): over all tables on
    fields up to `rematches.SEARCH_FIELD` players, on the tables a few
    boards either side of each repeat on larger ones. On fields up to
    `rematches.EXACT_FIELD` one still left starts the exact search, which
    finds a draw without repeats or proves there is none, within
    `rematches.SEARCH_BUDGET` seatings. So wherever the search settles
    (every field of up to ten players, checked against an exhaustive search
    by the property tests, and most of a few dozen) no two players meet a
    second time while a draw of the same table sizes and byes without any
    repeat exists. Elsewhere a repeat is left only where the walks find no
    way round it (none in the first six rounds of 64 players, nor in nine
    rounds of 10,000, in our trials with random results). Last, on fields up
    to `rematches.SEARCH_FIELD` (larger: where the walk went) trades that
    add no repeat bring like-ranked players together (`tightening`).

    The draw is a function of its arguments: the same field and `rng_seed`
    give the same round, in any process (the seed orders players equal on
    score, rating and seed, and draws the walks' choices)."""
    check_field(players)
    ranked = ranking([p for p in players if not p.dropped], rng_seed)
    shape = layout(len(ranked), seats, fill)
    sitting_out = {p.key for p in bye_takers(ranked, shape.byes)}
    order = [p.key for p in ranked if p.key not in sitting_out]
    met = {p.key: p.opponents for p in ranked}
    groups = draw_tables(order, shape.players, met, seats, rng_seed)
    rank = {key: i for i, key in enumerate(order)}
    groups = sorted((sorted(g, key=rank.__getitem__) for g in groups), key=lambda g: rank[g[0]])
    tables = tuple(
        Table(
            players=tuple(group),
            board=board,
            bots=seats.preferred - len(group) if fill is FillPolicy.BOTS else 0,
        )
        for board, group in enumerate(groups, start=1)
    )
    byes = tuple(p.key for p in ranked if p.key in sitting_out)
    return Pairing(tables=tables, byes=byes, bye_points=bye_points)


def draw_tables(order, sizes, met, seats: Seats, rng_seed: int) -> list[list[str]]:
    """Tables for the ranked `order`: greedy, then swaps between neighbouring
    tables; then, while a repeat is left, the walk of swaps (over all tables
    on fields up to `rematches.SEARCH_FIELD`, near each repeat on larger
    ones) and, up to `rematches.EXACT_FIELD`, the exact search, which
    settles whether a draw without repeats exists. Last, on small fields
    (on larger ones, in the windows the walk went through) trades that add
    no repeat tighten each table's spread of ranking places."""
    window = 3 * seats.max
    groups = rematches.swaps(rematches.greedy(order, sizes, met, window), met)
    rank = {key: i for i, key in enumerate(order)}
    small = len(order) <= rematches.SEARCH_FIELD
    if not small and rematches.repeats_in(groups, met):
        groups = untangle_nearby(groups, met, rng_seed, rank=rank)
    if small and rematches.repeats_in(groups, met):
        groups = untangle(groups, met, rng_seed)
        if len(order) <= rematches.EXACT_FIELD and rematches.repeats_in(groups, met):
            groups = rematches.exact(order, sizes, met) or groups
    return tighten(groups, met, rank) if small else groups
