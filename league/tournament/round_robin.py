"""Round robin for small fields at multiplayer tables: a schedule of rounds in
which every player meets every other, as evenly as the table sizes allow."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from .field import FillPolicy, Pairing, Seats, Table
from .seating import layout
from .untangling import untangle

# Beyond this many rounds the schedule stops even if some pair never met
# (only a game of one seat a table, where nobody meets, gets there).
MOST_ROUNDS = 200


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def cost_at(key: str, group: Sequence[str], met: Counter) -> int:
    """Meetings `key` has already had with the others of `group`."""
    return sum(met[pair(key, other)] for other in group if other != key)


def first_groups(order: Sequence[str], sizes: Sequence[int], met: Counter) -> list[list[str]]:
    """Tables filled one by one: the first player left, then whoever has met
    that table least so far (ties: the earlier in `order`)."""
    left = list(order)
    groups = []
    for size in sizes:
        group = [left.pop(0)]
        while len(group) < size:
            best = min(range(len(left)), key=lambda i: (cost_at(left[i], group, met), i))
            group.append(left.pop(best))
        groups.append(group)
    return groups


def settle(groups: list[list[str]], met: Counter) -> None:
    """Swap players between tables while a swap lowers the meetings repeated."""
    better = True
    while better:
        better = False
        for t, here in enumerate(groups):
            for u in range(t + 1, len(groups)):
                there = groups[u]
                for i, a in enumerate(here):
                    for j, b in enumerate(there):
                        rest_here = [k for k in here if k != a]
                        rest_there = [k for k in there if k != b]
                        now = cost_at(a, rest_here, met) + cost_at(b, rest_there, met)
                        then = cost_at(a, rest_there, met) + cost_at(b, rest_here, met)
                        if then < now:
                            here[i], there[j] = b, a
                            a, better = b, True


def circle(keys: Sequence[str]) -> list[list[list[str]]]:
    """The circle method for tables of two: each pair meets once, in n - 1
    rounds (n even) or n rounds (n odd: whoever would face the empty chair
    sits alone that round)."""
    ring: list[str | None] = [*keys, None] if len(keys) % 2 else list(keys)
    rounds = []
    for _ in range(len(ring) - 1):
        half = len(ring) // 2
        pairs = [[ring[i], ring[-1 - i]] for i in range(half)]
        rounds.append([[k for k in p if k is not None] for p in pairs])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def round_robin(
    players: Sequence[str],
    seats: Seats,
    *,
    fill: FillPolicy = FillPolicy.BOTS,
    bye_points: float = 0.0,
) -> tuple[Pairing, ...]:
    """Every round of a round robin of `players` (in seed order).

    Each round's shape is `seating.layout`'s; byes (FillPolicy.BYES) go to
    whoever has had the fewest, the lowest seeded first. Tables of two
    follow the circle method (n - 1 rounds, each pair once). Larger tables
    are built round by round to repeat as few earlier meetings as possible
    (each table filled with whoever has met it least, then swaps between
    tables), and rounds are added until every pair of players has met.
    The whole schedule is drawn at once: a player who drops out later keeps
    their seats in it, which the event fills with bots or leaves empty."""
    keys = list(players)
    if len(set(keys)) != len(keys):
        raise ValueError("every player needs a key of their own")
    shape = layout(len(keys), seats, fill)
    if seats.max == 2 and len(keys) > 1 and (fill is FillPolicy.BOTS or seats.min == 1):
        return tuple(schedule(circle(keys), seats, fill, (), bye_points))
    if seats.max == 2 and len(keys) > 1:
        rounds = circle(keys)
        return tuple(
            schedule([[g for g in groups if len(g) == 2]], seats, fill, alone(groups), bye_points)[
                0
            ]
            for groups in rounds
        )
    met: Counter = Counter()
    byes: Counter = Counter()
    wanted = math.comb(len(keys), 2)
    rounds = []
    while len(rounds) < MOST_ROUNDS and (not rounds or len(met) < wanted):
        lowest_first = list(reversed(keys))
        out = sorted(lowest_first, key=lambda k: (byes[k], lowest_first.index(k)))[: shape.byes]
        byes.update(out)
        groups = first_groups([k for k in keys if k not in out], shape.players, met)
        settle(groups, met)
        if len(met):
            seen = {k: frozenset(o for o in keys if met[pair(k, o)]) for k in keys}
            groups = untangle(groups, seen, len(rounds))
        for group in groups:
            met.update(pair(a, b) for i, a in enumerate(group) for b in group[i + 1 :])
        rounds.append(schedule([groups], seats, fill, tuple(out), bye_points)[0])
        if all(size < 2 for size in shape.players):
            break
    return tuple(rounds)


def alone(groups) -> tuple[str, ...]:
    """Players left without an opponent in a round of the circle method."""
    return tuple(g[0] for g in groups if len(g) == 1)


def schedule(rounds, seats: Seats, fill: FillPolicy, byes, bye_points) -> list[Pairing]:
    """Pairings from rounds of groups."""
    made = []
    for groups in rounds:
        tables = tuple(
            Table(
                tuple(group),
                board,
                max(0, seats.preferred - len(group)) if fill is FillPolicy.BOTS else 0,
            )
            for board, group in enumerate(groups, start=1)
        )
        made.append(Pairing(tables, tuple(byes), bye_points))
    return made
