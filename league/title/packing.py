"""Whether `goal` of a set of contenders (drivers, or teams) can all be put
ahead of a target at once, one contender at a time: league/title/places.py
asks it, for drivers and teams alike.

The chosen ones hold exactly the first places of every session (better
places never hurt a car or its team), so their points to come add up to a
fixed total; each must gain at least its need (the points it must make up;
a dropped round only loses points), and what it gains beyond is waste that
the total has to afford. The search gives the contenders their places the
neediest first, each only the place sets its need and the points left
allow (the least wasteful first, each taking the worst places that do),
or passes one over while enough are left; each contender's own standing is
checked exactly (drop rounds, countback, latest rounds).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence


class TooLong(Exception):
    pass


class Packing:
    """`points[s][p - 1]`: what place p of session s gives (with its bonus);
    `size(c, s)`: the places contender c takes in session s; `ahead(c,
    taken)`: whether c, with those places, is ahead of the target;
    `budget`: the place sets looked at before giving up (TooLong)."""

    def __init__(
        self,
        points: Sequence[Sequence],
        size: Callable[[Hashable, int], int],
        ahead: Callable[[Hashable, tuple], bool],
        need: Callable[[Hashable], object],
        budget: int,
    ):
        self.points = points
        self.size = size
        self.ahead = ahead
        self.need = need
        self.budget = budget
        self.nodes = 0
        self.failed: set = set()

    def fits(self, contenders: Sequence, goal: int) -> bool:
        """Whether `goal` of the contenders (given with the first the
        strongest) can be ahead at once."""
        needs = {c: self.need(c) for c in contenders}
        order = sorted(contenders, key=lambda c: -needs[c])  # stable: strongest first on ties
        sessions = range(len(self.points))
        if goal < len(contenders) and any(
            len({self.size(c, s) for c in contenders}) > 1 for s in sessions
        ):
            raise ValueError("contenders of different sizes: choose them first")
        widths = [
            sum(sorted((self.size(c, s) for c in contenders), reverse=True)[:goal])
            for s in sessions
        ]
        pools = tuple(tuple(range(1, w + 1)) for w in widths)
        left = sum(self.points[s][p - 1] for s, pool in enumerate(pools) for p in pool)
        self.failed = set()
        return self.search(order, needs, 0, goal, pools, left)

    def search(self, order, needs, index: int, goal: int, pools: tuple, left) -> bool:
        if goal == 0:
            return True
        rest = [needs[c] for c in order[index:]]
        if len(rest) < goal or sum(sorted(rest)[:goal], 0) > left:
            return False
        state = (index, goal, pools)
        if state in self.failed:
            return False
        unit = order[index]
        # What the others still to choose need at least.
        others = sum(sorted(rest[1:])[: goal - 1], 0)
        for gain, taken in self.candidates(unit, pools, needs[unit], left - others):
            remaining = tuple(
                tuple(p for p in pool if p not in mine)
                for pool, mine in zip(pools, taken, strict=True)
            )
            if self.search(order, needs, index + 1, goal - 1, remaining, left - gain):
                return True
        if len(rest) > goal and self.search(order, needs, index + 1, goal, pools, left):
            return True  # this one passed over
        self.failed.add(state)
        return False

    def candidates(self, unit, pools: tuple, low, high):
        """The unit's place sets, one per session, gaining from `low` to
        `high`, that put it ahead: least gain first, worst places first."""
        self.nodes += 1
        if low > high:
            return
        options = []
        for s, pool in enumerate(pools):
            combos: dict = {}
            for combo in itertools.combinations(pool, self.size(unit, s)):
                gain = sum((self.points[s][p - 1] for p in combo), 0)
                combos.setdefault(gain, []).append(combo)
            options.append(sorted(combos.items()))
        if any(not o for o in options):
            return
        if sum(o[-1][0] for o in options) < low or sum(o[0][0] for o in options) > high:
            return
        most_after = [0] * (len(options) + 1)
        least_after = [0] * (len(options) + 1)
        for s in range(len(options) - 1, -1, -1):
            most_after[s] = most_after[s + 1] + options[s][-1][0]
            least_after[s] = least_after[s + 1] + options[s][0][0]
        sums = {0}
        for o in options:
            sums = {a + p for a in sums for p, _ in o}
        found: list = []

        def walk(s: int, gain, taken: tuple, aim):
            if s == len(options):
                self.nodes += 1
                if self.nodes > self.budget:
                    raise TooLong
                found.append(taken)
                return
            for points, combos in options[s]:
                reach = gain + points
                if reach + least_after[s + 1] > aim:
                    break
                if reach + most_after[s + 1] < aim:
                    continue
                for combo in combos:
                    walk(s + 1, reach, (*taken, combo), aim)

        # One gain at a time, least first: the first fits are found before
        # the wasteful ones are listed.
        for gain in sorted(g for g in sums if low <= g <= high):
            found = []
            walk(0, 0, (), gain)
            found.sort(key=lambda t: [sorted(c, reverse=True) for c in t], reverse=True)
            for taken in found:
                if self.ahead(unit, taken):
                    yield gain, taken
