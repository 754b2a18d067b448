"""Untangling repeats by a walk of swaps (a tabu search). While some player
sits with someone they met before, the walk makes the trade of two players
of different tables (one of them with a repeat) that removes the most
repeats, even when it removes none; ties are drawn from the round's seed.
Both stay put for a few steps so the walk does not turn straight back,
unless moving them reaches fewer repeats than ever before. It finds a draw
without repeats quickly when one exists among many, but cannot prove there
is none: the exact search (`rematches.exact`) does that for small fields."""

from __future__ import annotations

import random
from collections.abc import Mapping

from .tightening import tighten

NOBODY: frozenset[str] = frozenset()
# Steps of the walk, and how long a moved player stays put (steps).
STEPS = 800
TENURE = (4, 12)


# Large fields: the walk runs on a window of tables this many boards either
# side of a table with a repeat, for at most WINDOWS windows a round.
REACH = 4
WINDOWS = 15
WINDOW_STEPS = 150


def untangle(
    groups: list[list[str]],
    met: Mapping[str, frozenset[str]],
    rng_seed: int,
    *,
    steps: int = STEPS,
) -> list[list[str]]:
    """The draw with the fewest repeats the walk met (the first such), from
    `groups` (left unchanged)."""
    walk = Walk(groups, met)
    best, fewest = walk.draw(), walk.total
    rng = random.Random(rng_seed)
    for step in range(steps):
        if fewest == 0:
            break
        walk.step(rng, step, fewest)
        if walk.total < fewest:
            best, fewest = walk.draw(), walk.total
    return best


def untangle_nearby(
    groups: list[list[str]],
    met: Mapping[str, frozenset[str]],
    rng_seed: int,
    *,
    rank: Mapping[str, int] | None = None,
) -> list[list[str]]:
    """For large fields: the walk on the tables near each table that still
    holds a repeat (board order; REACH boards either side, WINDOWS windows
    at most), so a round of thousands stays fast and players stay near the
    boards the ranking gave them. With `rank` (each key's ranking place)
    each window is then tightened (`tightening.tighten`)."""
    groups = list(groups)
    windows = 0
    for t in range(len(groups)):
        if windows == WINDOWS:
            break
        here = groups[t]
        if not any(o in met.get(k, NOBODY) for i, k in enumerate(here) for o in here[i + 1 :]):
            continue
        low, high = max(0, t - REACH), min(len(groups), t + REACH + 1)
        part = untangle(groups[low:high], met, rng_seed + t, steps=WINDOW_STEPS)
        groups[low:high] = tighten(part, met, rank) if rank is not None else part
        windows += 1
    return groups


class Walk:
    """The draw being untangled, by player number: tables, where each player
    sits, and `seen[p][t]`, how many at table t player p met before."""

    def __init__(self, groups: list[list[str]], met: Mapping[str, frozenset[str]]) -> None:
        self.keys = [key for group in groups for key in group]
        number = {key: p for p, key in enumerate(self.keys)}
        self.met = [{number[o] for o in met.get(key, NOBODY) if o in number} for key in self.keys]
        self.groups = [[number[key] for key in group] for group in groups]
        self.table = [0] * len(self.keys)
        for t, group in enumerate(self.groups):
            for p in group:
                self.table[p] = t
        self.seen = [[0] * len(groups) for _ in self.keys]
        for p, others in enumerate(self.met):
            for o in others:
                self.seen[p][self.table[o]] += 1
        self.total = sum(self.seen[p][self.table[p]] for p in range(len(self.keys))) // 2
        self.until = [-1] * len(self.keys)
        self.home = list(self.table)

    def draw(self) -> list[list[str]]:
        return [[self.keys[p] for p in group] for group in self.groups]

    def step(self, rng: random.Random, now: int, fewest: int) -> None:
        """Make the best trade for a player with a repeat: most repeats
        removed, then the least moved from the starting tables, then drawn."""
        best, best_gain, until, seen = None, None, self.until, self.seen
        for a in range(len(self.keys)):
            t, seen_a, met_a = self.table[a], seen[a], self.met[a]
            if not seen_a[t]:
                continue
            for u, there in enumerate(self.groups):
                if u == t:
                    continue
                base = seen_a[t] - seen_a[u]
                for b in there:
                    gain = base + seen[b][u] - seen[b][t] + (2 if b in met_a else 0)
                    if best_gain is not None and gain < best_gain:
                        continue
                    stuck = until[a] > now or until[b] > now
                    if stuck and self.total - gain >= fewest:
                        continue
                    rank = (gain, -self.shift(a, b), rng.random())
                    if best is None or rank > best[0]:
                        best, best_gain = (rank, a, b), gain
        if best is not None:
            _, a, b = best
            self.trade(a, b)
            until[a] = now + rng.randint(*TENURE)
            until[b] = now + rng.randint(*TENURE)

    def gain(self, a: int, b: int) -> int:
        """Repeats removed by trading a and b (negative: added)."""
        t, u, seen = self.table[a], self.table[b], self.seen
        knew = b in self.met[a]
        return seen[a][t] + seen[b][u] - seen[a][u] - seen[b][t] + 2 * knew

    def shift(self, a: int, b: int) -> int:
        """How much further from their starting tables a trade takes a and b."""
        t, u, home = self.table[a], self.table[b], self.home
        after = abs(u - home[a]) + abs(t - home[b])
        return after - abs(t - home[a]) - abs(u - home[b])

    def trade(self, a: int, b: int) -> None:
        t, u = self.table[a], self.table[b]
        self.total -= self.gain(a, b)
        here, there = self.groups[t], self.groups[u]
        here[here.index(a)], there[there.index(b)] = b, a
        self.table[a], self.table[b] = u, t
        for p, (old, new) in ((a, (t, u)), (b, (u, t))):
            for o in self.met[p]:
                self.seen[o][old] -= 1
                self.seen[o][new] += 1
