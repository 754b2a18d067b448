"""A team's worst reachable place: how many contenders can be put ahead of
a team at once (league/title/team_clinch.py's reasoning). The contenders hold
the first places of every round; the search shares them out round by round.
"""

from __future__ import annotations

import itertools

from league.title.packing import Packing, TooLong
from league.title.team_season import TeamRecord, TeamSeason

PLACES_BUDGET = 3_000  # nodes of the round-by-round search before it gives a bound
PACKING_BUDGET = 15_000  # place sets the team-by-team search looks at before it gives a bound


class OutOfBudget(Exception):
    pass


class PutAhead:
    """How many of a group of teams can be put ahead of `target` at once,
    the group holding the first places of every round (better places never
    hurt a team; the others' cars do not start)."""

    def __init__(self, data: TeamSeason, target: TeamRecord):
        self.data = data
        self.target = target
        self.nodes = 0
        self.packed = 0  # place sets looked at by league/title/packing.py
        self.seen: set = set()
        rounds = data.rounds
        self.carried = bool(data.best_n) and any(r.carried for r in rounds)
        # Every point figure whole: a team short of a tie needs one more.
        self.whole = not self.carried and all(
            v == int(v)
            for r, rnd in enumerate(rounds)
            for v in (*data.race[r], *(data.quali[r] or ()), rnd.bonus)
        )

    def most(self, group: list) -> tuple[int, bool]:
        """(the most of the group ahead at once, exact). A greedy share-out
        is the witness of how many can; a count of points proves how many
        cannot (`room`); between the two, an exact search, which gives the
        proven most as a bound when it runs out of budget."""
        data = self.data
        same = len({tuple(data.sizes(t)) for t in group}) <= 1
        if same and not self.carried:
            # Teams with as many cars in every round: the same places give
            # them the same gains, so the strongest do at least as well.
            strongest = sorted(group, key=lambda t: data.key(data.start[t]))
            choices = lambda k: [strongest[:k]]  # noqa: E731
        else:
            choices = lambda k: itertools.combinations(group, k)  # noqa: E731
        start = {t: data.start[t] for t in group}
        ceiling = self.room(0, start) if not self.carried else len(group)
        if any(data.pole) and ceiling:
            # A pole at stake in a qualifying to come: a qualifying nobody
            # finishes is one for every team, which the searches do not
            # follow; the count of points is a bound.
            return ceiling, False
        found = 0
        for k in range(ceiling, 0, -1):
            if any(self.greedy(list(chosen)) for chosen in choices(k)):
                found = k
                break
        try:
            while found < ceiling:
                if not any(self.feasible(list(chosen)) for chosen in choices(found + 1)):
                    break
                found += 1
        except OutOfBudget:
            return ceiling, False
        return found, True

    def need(self, r: int, record: TeamRecord, team) -> object:
        """The points the team must still gain to pass the target: the gap,
        one more where every figure is whole and even the first places of
        every round left would not settle a tie its way."""
        gap = max(self.target.points - record.points, 0)
        if not self.whole:
            return gap
        best = self.data.placed(team, record, 1, favour=True, start=r)
        level = TeamRecord(self.target.points, best.positions, best.latest)
        return gap if self.data.ahead(level, self.target) else gap + 1

    def room(self, r: int, records: dict) -> int:
        """The most of `records` the points left could put ahead: any j of
        them hold at most the best places of each round for their cars."""
        data = self.data
        needs = sorted(self.need(r, rec, t) for t, rec in records.items())
        sizes = {
            q: sorted((data.size(t, q) for t in records), reverse=True)
            for q in range(r, len(data.rounds))
        }
        capacity = [0]
        for j in range(1, len(needs) + 1):
            room = 0
            for q in range(r, len(data.rounds)):
                width = sum(sizes[q][:j])
                room += sum(data.race[q][:width], 0) + data.rounds[q].bonus * width
                if data.quali[q] is not None:
                    room += max(sum(data.quali[q][:width], 0), data.pole[q] * width)
            capacity.append(room)
        for k in range(len(needs), 0, -1):
            chosen = needs[:k]  # the k needing least
            if all(sum(chosen[k - j :], 0) <= capacity[j] for j in range(1, k + 1)):
                return k
        return 0

    def greedy(self, chosen: list) -> bool:
        """A witness: round by round, each place of the block (best first)
        to the team with the most still to make up and a car without one."""
        data = self.data
        records = {t: data.start[t] for t in chosen}
        for r in range(len(data.rounds)):
            left = {t: data.size(t, r) for t in chosen}
            places: dict = {t: [] for t in chosen}
            for place in range(1, sum(left.values()) + 1):
                team = max(
                    (t for t in chosen if left[t]),
                    key=lambda t: (self.need(r, records[t], t) - self._taken(r, places[t]), t),
                )
                places[team].append(place)
                left[team] -= 1
            for t in chosen:
                race = tuple(places[t])
                quali = race if data.quali[r] is not None else None
                records[t] = data.extend(t, records[t], r, race, quali, True)
        return all(data.ahead(rec, self.target) for rec in records.values())

    def _taken(self, r: int, places: list) -> object:
        data = self.data
        points = sum((data.race[r][p - 1] + data.rounds[r].bonus for p in places), 0)
        if data.quali[r] is not None:
            points += sum((data.quali[r][p - 1] for p in places), 0)
        return points

    def feasible(self, chosen: list) -> bool:
        """Whether all of `chosen` can be ahead at once (exact search): team
        by team where a team's round is the sum of its cars' points
        (league/team_packing.py), else round by round."""
        if self.data.best_n is None:
            # One budget for every set of teams tried.
            packing = self._packing(PACKING_BUDGET - self.packed)
            try:
                return packing.fits(chosen, len(chosen))
            except TooLong:
                raise OutOfBudget from None
            finally:
                self.packed += packing.nodes
        self.seen = set()
        return self.search(0, [1] * len(self.data.rounds), {t: self.data.start[t] for t in chosen})

    def _packing(self, budget: int) -> Packing:
        """The teams as league/title/packing.py sees them: each round's race
        (and scoring qualifying) a session."""
        data = self.data
        sessions, points = [], []
        for r, rnd in enumerate(data.rounds):
            sessions.append((r, True))
            points.append([p + rnd.bonus for p in data.race[r]])
            if data.quali[r] is not None:
                sessions.append((r, False))
                points.append(list(data.quali[r]))

        def ahead(team, taken: tuple) -> bool:
            record, by_round = data.start[team], {}
            for (r, is_race), places in zip(sessions, taken, strict=True):
                by_round.setdefault(r, {})[is_race] = places
            for r in range(len(data.rounds)):
                race = by_round[r][True]
                record = data.extend(team, record, r, race, by_round[r].get(False), True)
            return data.ahead(record, self.target)

        return Packing(
            points,
            lambda team, s: data.size(team, sessions[s][0]),
            ahead,
            lambda team: self.need(0, data.start[team], team),
            budget,
        )

    def search(self, r: int, first: list[int], records: dict) -> bool:
        data = self.data
        self.nodes += 1
        if self.nodes > PLACES_BUDGET:
            raise OutOfBudget
        settled = []
        widths = [sum(data.size(t, q) for t in records) for q in range(len(data.rounds))]
        for team, record in records.items():
            # The block's best places from here on, then its worst.
            high = self._through(team, record, r, first, 0)
            if not data.ahead(high, self.target):
                return False
            if data.ahead(self._through(team, record, r, first, None, widths=widths), self.target):
                settled.append(team)
        # A team ahead whatever follows takes the block's last places: better
        # for the others.
        rest = {t: rec for t, rec in records.items() if t not in settled}
        return self.search_open(r, first, rest)

    def _through(self, team, record, r, first, offset, *, widths=None):
        """The team's record if it takes, in every round from `r`, the top of
        the block (offset 0) or its bottom (offset None)."""
        data = self.data
        for q in range(r, len(data.rounds)):
            size = data.size(team, q)
            start = first[q] if offset is not None else first[q] + widths[q] - size
            places = tuple(range(start, start + size))
            quali = places if data.quali[q] is not None else None
            record = data.extend(team, record, q, places, quali, True)
        return record

    def search_open(self, r: int, first: list[int], records: dict) -> bool:
        data = self.data
        if not records:
            return True
        if r == len(data.rounds):
            return all(data.ahead(rec, self.target) for rec in records.values())
        if not self.carried and self.room(r, records) < len(records):
            return False
        state = (
            r,
            tuple(first[r:]),
            tuple(sorted((self._signature(t), rec) for t, rec in records.items())),
        )
        if state in self.seen:
            return False
        teams = sorted(records, key=lambda t: records[t].points)
        width = sum(data.size(t, r) for t in teams)
        block = list(range(first[r], first[r] + width))
        quali_blocks = list(self._splits(teams, block, r)) if data.quali[r] is not None else [None]
        tried = set()
        for race in self._splits(teams, block, r):
            for quali in quali_blocks:
                following = {}
                for i, t in enumerate(teams):
                    q = quali[i] if quali is not None else None
                    following[t] = data.extend(t, records[t], r, race[i], q, True)
                signature = tuple(sorted((self._signature(t), rec) for t, rec in following.items()))
                if signature in tried:
                    continue
                tried.add(signature)
                if self.search(r + 1, first, following):
                    return True
        self.seen.add(state)
        return False

    def _signature(self, team) -> tuple:
        if self.carried:
            return (team,)
        return tuple(self.data.sizes(team))

    def _splits(self, teams: list, block: list[int], r: int):
        """Every way to share the block's places among the teams, each taking
        as many as it has cars in round `r`, the first team the best first."""
        if not teams:
            yield ()
            return
        size = self.data.size(teams[0], r)
        for mine in itertools.combinations(block, size):
            rest = [p for p in block if p not in mine]
            for others in self._splits(teams[1:], rest, r):
                yield (mine, *others)
