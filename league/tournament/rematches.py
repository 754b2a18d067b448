"""Keeping players who have met apart: a greedy draw down the ranking, swaps
between neighbouring tables, and for small fields an exact search (the walk
of swaps between them is `untangling`).

`met` maps a key to the keys it has met. A *repeat* is a pair of players at
one table who had met before."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Met = Mapping[str, frozenset[str]]
NOBODY: frozenset[str] = frozenset()
# The exact search's budget, in players seated: enough to settle small
# fields, small enough to stay well inside a second.
SEARCH_BUDGET = 20_000
# Fields up to this size walk over all tables (`untangling.untangle`) and
# are tightened whole; larger ones walk near each repeat only.
SEARCH_FIELD = 200
# The exact search is tried on fields up to this size only (beyond, it seldom
# settles inside its budget and the walk of swaps does better).
EXACT_FIELD = 36
# How far (in tables) a swap may move a player from the table the ranking
# gave them, and how many passes of swaps a draw makes at most.
SWAP_REACH = 3
SWAP_PASSES = 4


def clashes(key: str, others: Sequence[str], met: Met) -> int:
    """How many of `others` `key` has met before."""
    before = met.get(key, NOBODY)
    return sum(1 for other in others if other != key and other in before)


def repeats_in(groups: Sequence[Sequence[str]], met: Met) -> int:
    """Repeats over all tables."""
    total = 0
    for group in groups:
        for i, key in enumerate(group):
            total += clashes(key, group[i + 1 :], met)
    return total


def greedy(order: Sequence[str], sizes: Sequence[int], met: Met, window: int) -> list[list[str]]:
    """Tables filled down the ranking: each table takes the best ranked player
    left, then the next ones who have met nobody at it yet, looking at most
    `window` players ahead; when none fits it takes the best ranked left."""
    taken = [False] * len(order)
    head = 0
    groups = []
    for size in sizes:
        while taken[head]:
            head += 1
        group: list[str] = []
        seen, index = 0, head
        while len(group) < size and index < len(order) and seen < window:
            if not taken[index]:
                seen += 1
                key = order[index]
                if not clashes(key, group, met):
                    group.append(key)
                    taken[index] = True
            index += 1
        index = head
        while len(group) < size:
            if not taken[index]:
                group.append(order[index])
                taken[index] = True
            index += 1
        groups.append(group)
    return groups


def swap_gain(a: str, here: list[str], b: str, there: list[str], met: Met) -> int:
    """Repeats removed by swapping `a` (at `here`) with `b` (at `there`)."""
    before = clashes(a, here, met) + clashes(b, there, met)
    after = clashes(a, [k for k in there if k != b], met)
    after += clashes(b, [k for k in here if k != a], met)
    return before - after


def improve(groups: list[list[str]], met: Met) -> int:
    """One pass of swaps: a player with a repeat trades places with a player
    of a table at most SWAP_REACH boards away (the nearest first) when the
    trade removes repeats. Returns the repeats removed."""
    removed = 0
    for t, here in enumerate(groups):
        for a in list(here):
            if not clashes(a, here, met):
                continue
            best = None
            for distance in range(1, SWAP_REACH + 1):
                for u in (t + distance, t - distance):
                    if 0 <= u < len(groups):
                        for b in groups[u]:
                            gain = swap_gain(a, here, b, groups[u], met)
                            if gain > 0 and (best is None or gain > best[0]):
                                best = (gain, u, b)
                if best:
                    break
            if best:
                gain, u, b = best
                here[here.index(a)] = b
                groups[u][groups[u].index(b)] = a
                removed += gain
    return removed


def swaps(groups: list[list[str]], met: Met) -> list[list[str]]:
    """Swap passes until no repeat is left or a pass removes none."""
    for _ in range(SWAP_PASSES):
        if not repeats_in(groups, met) or not improve(groups, met):
            break
    return groups


def natural_boards(sizes: Sequence[int]) -> list[int]:
    """The table each ranking position falls to when tables are cut straight
    down the ranking."""
    return [t for t, size in enumerate(sizes) for _ in range(size)]


class Search:
    """The exact search's state: each table's players, and for each player
    not yet placed the tables still open to them (a bit per table)."""

    def __init__(self, order: Sequence[str], sizes: Sequence[int], met: Met) -> None:
        self.order, self.sizes = list(order), list(sizes)
        index = {key: i for i, key in enumerate(order)}
        self.rivals = [
            [index[other] for other in met.get(key, NOBODY) if other in index] for key in order
        ]
        everywhere = (1 << len(sizes)) - 1
        self.open = [everywhere] * len(order)
        self.left = set(range(len(order)))
        self.groups: list[list[int]] = [[] for _ in sizes]
        self.home = natural_boards(sizes)
        self.budget = SEARCH_BUDGET

    def next_player(self) -> int:
        """The player with the fewest open tables (the best ranked first)."""
        return min(self.left, key=lambda i: (self.open[i].bit_count(), i))

    def sit(self, i: int, t: int) -> list[tuple[int, int]] | None:
        """Seat player i at table t; the open-table bits it closes, or None
        (and nothing changed) when someone is left with no table."""
        self.groups[t].append(i)
        self.left.discard(i)
        bit, closed = 1 << t, []
        full = len(self.groups[t]) == self.sizes[t]
        for j in self.left if full else self.rivals[i]:
            if j in self.left and self.open[j] & bit:
                self.open[j] &= ~bit
                closed.append((j, bit))
        if any(not self.open[j] for j, _ in closed):
            self.stand(i, t, closed)
            return None
        return closed

    def stand(self, i: int, t: int, closed: list[tuple[int, int]]) -> None:
        """Undo `sit`."""
        for j, bit in closed:
            self.open[j] |= bit
        self.groups[t].pop()
        self.left.add(i)

    def run(self) -> bool | None:
        """True when every player is seated with no repeat, False when no
        draw can be, None when the budget ran out first."""
        if not self.left:
            return True
        self.budget -= 1
        if self.budget < 0:
            return None
        i = self.next_player()
        tables = [t for t in range(len(self.sizes)) if self.open[i] >> t & 1]
        tables.sort(key=lambda t: (abs(t - self.home[i]), t))
        empty_tried = set()
        for t in tables:
            if not self.groups[t]:
                if self.sizes[t] in empty_tried:
                    continue
                empty_tried.add(self.sizes[t])
            closed = self.sit(i, t)
            if closed is None:
                continue
            found = self.run()
            if found is not False:
                return found
            self.stand(i, t, closed)
        return False


def exact(order: Sequence[str], sizes: Sequence[int], met: Met) -> list[list[str]] | None:
    """A draw with no repeat, if one exists, found by search (a constraint
    search: the player with the fewest tables left open is seated next, at
    the open table nearest the one the ranking gives them, and a seating
    that leaves someone no table is undone at once). None when no draw
    without repeats exists, or when the search ran past SEARCH_BUDGET
    seatings (then it is not known)."""
    search = Search(order, sizes, met)
    if not search.run():
        return None
    return [[order[i] for i in group] for group in search.groups]
