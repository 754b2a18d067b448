"""A driver's worst reachable place: how many contenders can be put ahead of
a driver at once (league/title/clinch.py's reasoning), and the drivers' records as
flat tuples so a completion is priced in a few loops, ranked exactly as
league/scoring/tables.py ranks (drop rounds, penalties, countback, latest rounds).
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable

from league.scoring.tables import _ABSENT
from league.title.completions import SeasonSoFar
from league.title.packing import Packing, TooLong

PLACES_BUDGET = 600  # nodes of the session-by-session search before it gives a bound
PACKING_BUDGET = 8_000  # place sets the one-by-one search looks at before it gives a bound
WITNESS_BUDGET = 1_500  # place sets looked at for a witness among the ones needing least


class _OutOfBudget(Exception):
    pass


class DriverRecords:
    """Each driver's table as a completion goes on: (points per round,
    classified places counted 1.., latest place per round, latest first)."""

    def __init__(self, season: SeasonSoFar):
        table = season.table
        self.n = season.field_size
        self.drop = table.drop_worst
        self.rounds = season.all_rounds
        index = {number: i for i, number in enumerate(self.rounds)}
        latest_index = {number: i for i, number in enumerate(reversed(self.rounds))}
        self.penalties = season.penalties
        held_places = [
            s.position for scores in season.scores.values() for s in scores if s.position
        ]
        self.most = max([self.n, *held_places])
        # Every scoring session to come: (round index, latest index, points by
        # place, bonus for a car that races (races only), is_race, the pole
        # bonus its qualifying decides).
        self.slots = []
        for rnd in season.to_come:
            r, latest_at = index[rnd.number], latest_index[rnd.number]
            race = [season.race_points(p, rnd) for p in range(1, self.n + 1)]
            self.slots.append((r, latest_at, race, rnd.bonus, True, 0))
            if season.qualifying_scores(rnd):
                quali = [season.qualifying_points(p, rnd) for p in range(1, self.n + 1)]
                self.slots.append((r, latest_at, quali, 0, False, rnd.pole))
        # Every point figure whole: a contender short of a tie needs one more.
        self.whole = all(
            p == int(p) for _, _, table, bonus, _, pole in self.slots for p in (*table, bonus, pole)
        ) and all(s.points == int(s.points) for v in season.scores.values() for s in v)
        self.whole = self.whole and all(p == int(p) for p in season.penalties.values())
        self.start = {}
        for key in season.drivers:
            points = [0] * len(self.rounds)
            counts = [0] * self.most
            latest = [_ABSENT] * len(self.rounds)
            for s in season.scores.get(key, ()):
                points[index[s.round]] += s.points
                if s.position is not None:
                    counts[s.position - 1] += 1
                compare = s.latest if s.latest is not None else s.position
                if compare is not None:
                    latest[latest_index[s.round]] = compare
            self.start[key] = (tuple(points), tuple(counts), tuple(latest))

    def key(self, record, driver: Hashable = None) -> tuple:
        """The ranking key (smaller is ahead), as league/scoring/tables.py's `rank`."""
        points, counts, latest = record[:3]
        total = sum(points, 0)
        if 0 < self.drop < len(points):
            total -= sum(sorted(points)[: self.drop], 0)
        total -= self.penalties.get(record[3] if driver is None else driver, 0)
        return (-total, tuple(-c for c in counts), latest)

    def take(self, record, slot: int, place: int, finished: bool = True):
        """`record` after the car takes `place` in session `slot` (a car that
        does not start scores nothing and counts no place)."""
        r, latest_at, table, bonus, is_race, _ = self.slots[slot]
        points, counts, latest = record[:3]
        if finished:
            points = list(points)
            points[r] += table[place - 1] + bonus
            points = tuple(points)
        if is_race:
            if finished:
                counts = list(counts)
                counts[place - 1] += 1
                counts = tuple(counts)
            latest = list(latest)
            latest[latest_at] = place
            latest = tuple(latest)
        return (points, counts, latest, *record[3:])

    def flagged(self, record, slot: int):
        """`record` after a qualifying nobody is classified in: no places,
        and the race's figures give any car the pole."""
        r, _, _, _, _, pole = self.slots[slot]
        points = list(record[0])
        points[r] += pole
        return (tuple(points), *record[1:])

    def placed(self, driver, place: int, start: int = 0, record=None):
        record = (*(self.start[driver] if record is None else record)[:3], driver)
        for slot in range(start, len(self.slots)):
            record = self.take(record, slot, place)
        return record

    def absent(self, driver, place: int, start: int = 0, record=None):
        """The driver does not start again (`place`: where the car is listed)."""
        record = (*(self.start[driver] if record is None else record)[:3], driver)
        for slot in range(start, len(self.slots)):
            record = self.take(record, slot, place, finished=False)
        return record


def most_ahead(records: DriverRecords, target: tuple, contenders: list) -> tuple[int, bool]:
    """(how many contenders can be ahead of `target` at once, exact).

    The chosen ones share out the first places of every session (better
    places never hurt a car; the others do not start). A count of points
    proves how many cannot (`_room`: the ones needing least, given the best
    places, still short); a share-out that puts k ahead is the witness that
    k can (a greedy one, then league/title/packing.py on the k needing
    least). Between the two, an exact search: one contender at a time
    (league/title/packing.py), or, with a pole at stake in a qualifying to
    come, session by session. Out of budget: the proven most (a bound,
    `exact` false)."""
    if not contenders:
        return 0, True
    start = tuple((*records.start[c], c) for c in contenders)
    ceiling = _room(records, target, list(start), 0)
    aim = -target[0]
    by_need = sorted(start, key=lambda r: (aim - _total(records, r), records.key(r)))
    found = 0
    for k in range(ceiling, 0, -1):
        tries = (_greedy(records, target, by_need[:k], first) for first in (True, False))
        found = max(found, *tries)
        if found >= k:
            break
    if found >= ceiling:
        return found, True
    if not any(slot[5] for slot in records.slots):
        for k in range(ceiling, found, -1):
            try:
                chosen = [r[3] for r in by_need[:k]]
                if _packing(records, target, WITNESS_BUDGET).fits(chosen, k):
                    found = k
                    break
            except TooLong:
                continue
        if found >= ceiling:
            return found, True
        packing = _packing(records, target, PACKING_BUDGET)
        strongest = sorted(contenders, key=lambda c: records.key((*records.start[c], c)))
        try:
            while found < ceiling and packing.fits(strongest, found + 1):
                found += 1
        except TooLong:
            return ceiling, False
        return found, True
    search = _Search(records, target)
    try:
        while found < ceiling and search.reach(0, start, found + 1):
            found += 1
    except _OutOfBudget:
        return ceiling, False
    return found, True


def _packing(records: DriverRecords, target: tuple, budget: int) -> Packing:
    """The drivers as league/title/packing.py sees them: one car each."""
    points = [
        [p + (bonus if is_race else 0) for p in table]
        for _, _, table, bonus, is_race, _ in records.slots
    ]

    def ahead(driver, taken: tuple) -> bool:
        record = (*records.start[driver], driver)
        for slot, (place,) in enumerate(taken):
            record = records.take(record, slot, place)
        return records.key(record) < target

    def need(driver):
        return _need(records, target, (*records.start[driver], driver), 0)

    return Packing(points, lambda driver, s: 1, ahead, need, budget)


def _total(records: DriverRecords, record) -> object:
    return -records.key(record)[0]


def _room(records: DriverRecords, target: tuple, alive: list, slot: int) -> int:
    """The most of `alive` that the points left could put level with the
    target: each needs its gap (a kept round gains at most what it scores),
    and any j of them share at most the best j places of each session."""
    needs = sorted(_need(records, target, r, slot) for r in alive)
    capacity = [0]
    for j in range(1, len(needs) + 1):
        room = 0
        for _, _, table, bonus, is_race, pole in records.slots[slot:]:
            best = sum(table[:j], 0) + (bonus * j if is_race else 0)
            room += max(best, pole * j)
        capacity.append(room)
    for k in range(len(needs), 0, -1):
        chosen = needs[:k]  # the k needing least
        if all(sum(chosen[k - j :], 0) <= capacity[j] for j in range(1, k + 1)):
            return k
    return 0


def _need(records: DriverRecords, target: tuple, record, slot: int) -> object:
    """The points a contender must still gain to pass the target: the gap,
    one more where every point figure is whole and even winning everything
    left would not settle a tie its way (countback, latest rounds)."""
    gap = max(-target[0] - _total(records, record), 0)
    if not records.whole:
        return gap
    best = records.key(records.placed(record[3], 1, slot, record))
    return gap if (target[0], *best[1:]) < target else gap + 1


def _greedy(records: DriverRecords, target: tuple, start, largest_first: bool) -> int:
    """A witness: the chosen ones (`start`) share out the first places,
    session by session the best to the ones with the most (or least) still
    to make up, the hopeless dropped; how many end ahead."""
    aim = -target[0]
    alive = list(start)
    for slot in range(len(records.slots)):
        alive = [r for r in alive if records.key(records.placed(r[3], 1, slot, r)) < target]
        alive.sort(key=lambda r: (aim - _total(records, r), records.key(r)), reverse=largest_first)
        alive = [records.take(r, slot, place) for place, r in enumerate(alive, start=1)]
    return sum(records.key(r) < target for r in alive)


class _Search:
    """Whether `goal` contenders can be ahead at once, session by session."""

    def __init__(self, records: DriverRecords, target: tuple):
        self.records = records
        self.target = target
        self.listed = records.n - 1  # not starting: listed just above the target
        self.failed: set = set()
        self.nodes = 0

    def signature(self, record) -> tuple:
        # Contenders with the same table and penalty are interchangeable.
        return record[:3], self.records.penalties.get(record[3], 0)

    def reach(self, slot: int, alive: tuple, goal: int) -> bool:
        records, target = self.records, self.target
        self.nodes += 1
        if self.nodes > PLACES_BUDGET:
            raise _OutOfBudget
        settled, open_ = 0, []
        for record in alive:
            if records.key(records.absent(record[3], self.listed, slot, record)) < target:
                settled += 1
            elif records.key(records.placed(record[3], 1, slot, record)) < target:
                open_.append(record)
        goal -= settled
        if goal <= 0:
            return True
        if slot == len(records.slots) or _room(records, target, open_, slot) < goal:
            return False
        state = (slot, goal, tuple(sorted(self.signature(r) for r in open_)))
        if state in self.failed:
            return False
        # Closest to passing first: the first share-out tried gives them the
        # best places.
        open_.sort(key=lambda r: records.key(r))
        shares = (
            tuple(records.take(record, slot, place) for place, record in enumerate(order, start=1))
            for order in itertools.permutations(open_)
        )
        if records.slots[slot][5]:
            # Nobody classified in qualifying: every car may take the pole.
            flagged = tuple(records.flagged(record, slot) for record in open_)
            shares = itertools.chain(shares, [flagged])
        tried = set()
        for after in shares:
            seen = tuple(sorted(self.signature(r) for r in after))
            if seen in tried:
                continue
            tried.add(seen)
            if self.reach(slot + 1, after, goal):
                return True
        self.failed.add(state)
        return False
