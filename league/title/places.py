"""A contender's worst reachable place: how many of a group of contenders
(teams, or drivers: teams of one car) can be put ahead of a target at once
(league/title/clinch.py's reasoning). The chosen ones hold the first places
of every round (better places never hurt a car or its contender; the
others' cars do not start).

A share-out is the witness that k can (`greedy`); a count of points proves
how many cannot (`room`: the ones needing least, given the best places,
still short); between the two, an exact search: contender by contender
(league/title/packing.py) where a round adds up its cars' points, round by
round where a team counts its best N cars or a pole is at stake in a
qualifying to come. A search out of budget leaves the proven most, a bound
(`exact` false).

Contenders with as many cars in every round are interchangeable but for
their tables: without dropped rounds the strongest do at least as well
(the same places give them the same gains), so only they are tried; with
dropped rounds the searches choose among them all.
"""

from __future__ import annotations

import itertools

from league.title.contest import FLAGGED, Contest, Record
from league.title.packing import Packing, TooLong

PLACES_BUDGET = 3_000  # nodes of the round-by-round search before it gives a bound
PACKING_BUDGET = 15_000  # place sets the searches of chosen contenders look at
CHOOSING_BUDGET = 8_000  # place sets the search choosing among them all looks at
WITNESS_BUDGET = 1_500  # place sets looked at for a witness among the ones needing least
SHARES_BUDGET = 20_000  # share-outs of a round the round-by-round search looks at


class OutOfBudget(Exception):
    pass


class PutAhead:
    """How many of a group of contenders can be ahead of the target (the
    contender `unit` with `record`) at once."""

    def __init__(self, contest: Contest, unit, record: Record):
        self.contest = contest
        self.target = contest.key(unit, record)
        self.above = contest.sizes(unit)  # not starting: listed just above the target
        self.carried = contest.best_n is not None and any(contest.carried)
        self.whole = not self.carried and contest.whole
        self.rounds = len(contest.rounds)
        self.nodes = 0
        self.shares = 0
        self.packed = 0  # place sets looked at by league/title/packing.py
        self.budget = PACKING_BUDGET
        self.failed: set = set()

    def ahead(self, unit, record: Record) -> bool:
        return self.contest.key(unit, record) < self.target

    def most(self, group: list) -> tuple[int, bool]:
        """(the most of the group ahead at once, exact)."""
        if not group:
            return 0, True
        contest = self.contest
        start = {u: contest.start[u] for u in group}
        ceiling = self.room(0, start) if not self.carried else len(group)
        strongest = sorted(group, key=lambda u: contest.key(u, start[u]))
        by_need = sorted(strongest, key=lambda u: self.need(0, u, start[u]))
        same = not self.carried and len({tuple(contest.sizes(u)) for u in group}) <= 1
        # Which contenders to try for k ahead at once, and how many of them.
        if not same:
            choices = lambda k: [(c, k) for c in itertools.combinations(group, k)]  # noqa: E731
        elif not contest.drop:  # the strongest do at least as well
            choices = lambda k: [(strongest[:k], k)]  # noqa: E731
        else:  # the search chooses among them all
            choices = lambda k: [(strongest, k)]  # noqa: E731
            self.budget = CHOOSING_BUDGET
        found = 0
        for k in range(ceiling, 0, -1):
            sets = [by_need[:k]] if same else [c for c, _ in choices(k)]
            if any(self.greedy(list(chosen), first) >= k for chosen in sets for first in (1, 0)):
                found = k
                break
        searching = self.carried or contest.best_n is not None or any(contest.pole)
        if same and contest.drop and not searching:
            found = max(found, self.witness(by_need, found, ceiling))
        try:
            while found < ceiling:
                if not any(self.feasible(list(c), k, searching) for c, k in choices(found + 1)):
                    break
                found += 1
        except OutOfBudget:
            return ceiling, False
        return found, True

    def need(self, r: int, unit, record: Record) -> object:
        """The points the contender must still gain to pass the target: the
        gap, one more where every figure is whole and even the first places
        of every round left would not settle a tie its way."""
        contest = self.contest
        gap = max(-self.target[0] - contest.total(unit, record), 0)
        if not self.whole:
            return gap
        best = contest.key(unit, contest.placed(unit, record, start=r))
        return gap if (self.target[0], *best[1:]) < self.target else gap + 1

    def room(self, r: int, records: dict) -> int:
        """The most of `records` the points left could put ahead: each needs
        its gap (a kept round gains at most what it scores), and any j of them
        hold at most the best places of each round for their cars."""
        contest = self.contest
        needs = sorted(self.need(r, u, rec) for u, rec in records.items())
        sizes = {
            q: sorted((contest.size(u, q) for u in records), reverse=True)
            for q in range(r, self.rounds)
        }
        capacity = [0]
        for j in range(1, len(needs) + 1):
            room = 0
            for q in range(r, self.rounds):
                width = sum(sizes[q][:j])
                room += sum(contest.race[q][:width], 0) + contest.bonus[q] * width
                if contest.quali[q] is not None:
                    room += max(sum(contest.quali[q][:width], 0), contest.pole[q] * width)
            capacity.append(room)
        for k in range(len(needs), 0, -1):
            chosen = needs[:k]  # the k needing least
            if all(sum(chosen[k - j :], 0) <= capacity[j] for j in range(1, k + 1)):
                return k
        return 0

    def greedy(self, chosen: list, neediest: bool) -> int:
        """A witness: round by round the hopeless dropped, each place of the
        race, then of the qualifying, best first, to the contender with the
        most (or the least) still to make up and a car without one; how many
        end ahead."""
        contest = self.contest
        records = {u: contest.start[u] for u in chosen}
        sign = 1 if neediest else -1
        for r in range(self.rounds):
            alive = [u for u in records if self.ahead(u, contest.placed(u, records[u], start=r))]
            # The points still to make up; of two equal, the weaker (or the
            # stronger) first.
            aim = -self.target[0]
            still = {u: sign * (aim - contest.total(u, records[u])) for u in alive}
            order = sorted(alive, key=lambda u: contest.key(u, records[u]))
            rank = {u: sign * i for i, u in enumerate(order)}
            race = self._share(alive, r, contest.race[r], contest.bonus[r], (still, rank, sign))
            quali = {u: None for u in alive}
            if contest.quali[r] is not None:
                quali = self._share(alive, r, contest.quali[r], 0, (still, rank, sign))
            records = {u: contest.extend(u, records[u], r, race[u], quali[u]) for u in alive}
        return sum(self.ahead(u, rec) for u, rec in records.items())

    def _share(self, alive: list, r: int, table: list, bonus, by: tuple) -> dict:
        """Each place of a session, best first, to the contender first by
        `still` (less what it took, then `rank`) with a car without one."""
        still, rank, sign = by
        left = {u: self.contest.size(u, r) for u in alive}
        places: dict = {u: [] for u in alive}
        for place in range(1, sum(left.values()) + 1):
            unit = max((u for u in alive if left[u]), key=lambda u: (still[u], rank[u]))
            places[unit].append(place)
            left[unit] -= 1
            still[unit] -= sign * (table[place - 1] + bonus)
        return {u: tuple(p) for u, p in places.items()}

    def witness(self, by_need: list, found: int, ceiling: int) -> int:
        """The most of the ones needing least a short search puts ahead."""
        for k in range(ceiling, found, -1):
            try:
                if self._packing(WITNESS_BUDGET).fits(by_need[:k], k):
                    return k
            except TooLong:
                continue
        return found

    def feasible(self, chosen: list, goal: int, searching: bool) -> bool:
        """Whether `goal` of `chosen` (the strongest first) can be ahead at
        once: one budget for every set tried."""
        if searching:
            start = {u: self.contest.start[u] for u in chosen}
            return self.reach(0, start, goal)
        packing = self._packing(self.budget - self.packed)
        try:
            return packing.fits(chosen, goal)
        except TooLong:
            raise OutOfBudget from None
        finally:
            self.packed += packing.nodes

    def _packing(self, budget: int) -> Packing:
        """The contenders as league/title/packing.py sees them: each round's
        race (and scoring qualifying) a session."""
        contest = self.contest
        sessions, points = [], []
        for r in range(self.rounds):
            sessions.append((r, True))
            points.append([p + contest.bonus[r] for p in contest.race[r]])
            if contest.quali[r] is not None:
                sessions.append((r, False))
                points.append(list(contest.quali[r]))

        # Where each round's race and qualifying places are in a place set.
        at = [[i for i, (q, _) in enumerate(sessions) if q == r] for r in range(self.rounds)]

        def ahead(unit, taken: tuple) -> bool:
            record = contest.start[unit]
            for r, where in enumerate(at):
                quali = taken[where[1]] if len(where) > 1 else None
                record = contest.extend(unit, record, r, taken[where[0]], quali)
            return self.ahead(unit, record)

        return Packing(
            points,
            lambda unit, s: contest.size(unit, sessions[s][0]),
            ahead,
            lambda unit: self.need(0, unit, contest.start[unit]),
            budget,
        )

    def reach(self, r: int, alive: dict, goal: int) -> bool:
        """Whether `goal` of `alive` can be ahead at once, round by round: the
        ones that can still pass share the first places of the round."""
        contest = self.contest
        self._node()
        settled, open_ = 0, {}
        for unit, record in alive.items():
            if self.ahead(unit, contest.absent(unit, record, r, self.above)):
                settled += 1
            elif self.ahead(unit, contest.placed(unit, record, start=r)):
                open_[unit] = record
        goal -= settled
        if goal <= 0:
            return True
        if r == self.rounds or len(open_) < goal:
            return False
        if not self.carried and self.room(r, open_) < goal:
            return False
        state = (r, goal, self._signatures(r, open_))
        if state in self.failed:
            return False
        # Closest to passing first: the first share-out gives them the best places.
        units = sorted(open_, key=lambda u: contest.key(u, open_[u]))
        block = tuple(range(1, sum(contest.size(u, r) for u in units) + 1))
        tried: set = set()
        for race in self._splits(units, block, r):
            if contest.best_n is None:
                # The round adds up its cars' points: its qualifying next.
                after = {
                    u: contest.extend(u, open_[u], r, race[i], None) for i, u in enumerate(units)
                }
                if self._fresh(tried, r, after) and self._qualifying(r, after, goal):
                    return True
                continue
            for quali in self._qualis(units, block, r):
                after = {
                    u: contest.extend(u, open_[u], r, race[i], quali and quali[i])
                    for i, u in enumerate(units)
                }
                if self._fresh(tried, r + 1, after) and self.reach(r + 1, after, goal):
                    return True
        self.failed.add(state)
        return False

    def _qualifying(self, r: int, records: dict, goal: int) -> bool:
        """After the race of round `r`, its qualifying: every way to share its
        places among the contenders not yet sure to be ahead (or nobody
        classified: the pole for all)."""
        contest = self.contest
        if contest.quali[r] is None:
            return self.reach(r + 1, records, goal)
        self._node()
        state = ("qualifying", r, goal, self._signatures(r, records))
        if state in self.failed:
            return False
        settled = {
            u
            for u, rec in records.items()
            if self.ahead(u, contest.absent(u, rec, r + 1, self.above))
        }
        units = sorted(set(records) - settled, key=lambda u: contest.key(u, records[u]))
        block = tuple(range(1, sum(contest.size(u, r) for u in units) + 1))
        tried: set = set()
        for quali in self._qualis(units, block, r):
            after = dict(records)
            for i, u in enumerate(units):
                after[u] = contest.extend(u, records[u], r, (), quali[i], favour=False)
            if self._fresh(tried, r + 1, after) and self.reach(r + 1, after, goal):
                return True
        self.failed.add(state)
        return False

    def _qualis(self, units: list, block: tuple, r: int):
        """The qualifying places of round `r` the contenders may take."""
        if self.contest.quali[r] is None:
            yield None
            return
        yield from self._splits(units, block, r)
        if self.contest.pole[r]:
            yield (FLAGGED,) * len(units)

    def _node(self) -> None:
        self.nodes += 1
        if self.nodes > PLACES_BUDGET:
            raise OutOfBudget

    def _fresh(self, tried: set, r: int, records: dict) -> bool:
        """Whether a share-out leaves the contenders as none before it did
        (every one looked at counts against the budget)."""
        self.shares += 1
        if self.shares > SHARES_BUDGET:
            raise OutOfBudget
        seen = self._signatures(r, records)
        if seen in tried:
            return False
        tried.add(seen)
        return True

    def _signatures(self, r: int, records: dict) -> tuple:
        # Contenders with the same table, penalty and cars to come are
        # interchangeable (unless they carry points into a round).
        contest = self.contest
        return tuple(
            sorted(
                (rec, contest.penalty[u], tuple(contest.sizes(u)[r:]))
                if not self.carried
                else (rec, (u,))
                for u, rec in records.items()
            )
        )

    def _splits(self, units: list, block: tuple, r: int):
        """Every way to share the block's places among the contenders, each
        taking as many as it has cars in round `r`, the first the best first."""
        if not units:
            yield ()
            return
        size = self.contest.size(units[0], r)
        for mine in itertools.combinations(block, size):
            rest = tuple(p for p in block if p not in mine)
            for others in self._splits(units[1:], rest, r):
                yield (mine, *others)
