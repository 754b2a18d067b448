"""Whether a set of teams can all be put ahead of a target at once, team
by team (league/team_places.py asks it where a team's round is the plain sum
of its cars' points).

The chosen teams hold exactly the first places of every session (better
places never hurt a team), so their gains add up to a fixed total: what
each gains beyond its need (the points it must make up) is waste, and the
waste of all of them together is at most that total less their needs. The
search gives the teams their places one team at a time, the neediest
first, each only the places that keep the waste within what is left (the
least wasteful, leaving the best places to the others, tried first), and
checks each team's own standing exactly (countback, latest rounds).
"""

from __future__ import annotations

import itertools

from league.team_season import TeamRecord, TeamSeason


class TooLong(Exception):
    pass


class Packing:
    """`budget`: the place sets looked at before giving up (TooLong)."""

    def __init__(self, data: TeamSeason, target: TeamRecord, need, budget: int):
        self.data = data
        self.target = target
        self.need = need  # need(team) -> points it must still gain
        self.budget = budget
        self.nodes = 0
        # Sessions: (round, is_race).
        self.sessions = []
        for r in range(len(data.rounds)):
            self.sessions.append((r, True))
            if data.quali[r] is not None:
                self.sessions.append((r, False))

    def points(self, session: int, place: int):
        r, is_race = self.sessions[session]
        if is_race:
            return self.data.race[r][place - 1] + self.data.rounds[r].bonus
        return self.data.quali[r][place - 1]

    def fits(self, chosen: list) -> bool:
        data = self.data
        needs = {t: self.need(t) for t in chosen}
        pools = tuple(
            tuple(range(1, sum(data.size(t, r) for t in chosen) + 1)) for r, _ in self.sessions
        )
        total = sum(self.points(s, p) for s, pool in enumerate(pools) for p in pool)
        waste = total - sum(needs.values())
        if waste < 0:
            return False
        order = sorted(chosen, key=lambda t: (-needs[t], data.key(data.start[t])))
        self.failed: set = set()
        return self.search(order, 0, pools, waste, needs)

    def search(self, order, index: int, pools: tuple, waste, needs) -> bool:
        if index == len(order):
            return True
        state = (index, pools)
        if state in self.failed:
            return False
        team = order[index]
        for gain, taken in self.candidates(team, pools, needs[team], waste):
            self.nodes += 1
            if self.nodes > self.budget:
                raise TooLong
            left = tuple(
                tuple(p for p in pool if p not in mine)
                for pool, mine in zip(pools, taken, strict=True)
            )
            if self.search(order, index + 1, left, waste - (gain - needs[team]), needs):
                return True
        self.failed.add(state)
        return False

    def candidates(self, team, pools: tuple, need, waste):
        """The team's places, one set per session, gaining between `need`
        and `need + waste`, that put it ahead: least gain first."""
        data = self.data
        options = []
        for s, pool in enumerate(pools):
            size = data.size(team, self.sessions[s][0])
            combos = {}
            for combo in itertools.combinations(pool, size):
                combos.setdefault(sum((self.points(s, p) for p in combo), 0), []).append(combo)
            options.append(sorted(combos.items()))
        most_after = [0] * (len(options) + 1)
        least_after = [0] * (len(options) + 1)
        for s in range(len(options) - 1, -1, -1):
            most_after[s] = most_after[s + 1] + options[s][-1][0]
            least_after[s] = least_after[s + 1] + options[s][0][0]

        def walk(s: int, gain, taken: tuple, low, high):
            if s == len(options):
                self.nodes += 1
                if self.nodes > self.budget:
                    raise TooLong
                found.append((gain, taken))
                return
            for points, combos in options[s]:
                reach = gain + points
                if reach + least_after[s + 1] > high:
                    break
                if reach + most_after[s + 1] < low:
                    continue
                for combo in combos:
                    walk(s + 1, reach, (*taken, combo), low, high)

        # One gain at a time, least first: the first fits are found before
        # the wasteful ones are listed.
        sums = {0}
        for o in options:
            sums = {a + p for a in sums for p, _ in o}
        gains = sorted(sums)
        for gain in gains:
            if gain < need:
                continue
            if gain > need + waste:
                break
            found: list = []
            walk(0, 0, (), gain, gain)
            # The worst places first: the best are left to the others.
            found.sort(key=lambda c: [sorted(t, reverse=True) for t in c[1]], reverse=True)
            for _, taken in found:
                if data.ahead(self.record(team, taken), self.target):
                    yield gain, taken

    def record(self, team, taken: tuple) -> TeamRecord:
        data = self.data
        record = data.start[team]
        by_round: dict = {}
        for s, places in enumerate(taken):
            r, is_race = self.sessions[s]
            by_round.setdefault(r, {})["race" if is_race else "quali"] = places
        for r in range(len(data.rounds)):
            places = by_round[r]
            record = data.extend(team, record, r, places["race"], places.get("quali"), True)
        return record
