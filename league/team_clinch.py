"""Who can still win the teams' title: exact, over every completion of the
season (league/completions.py), ranked as league/championship.py ranks
teams: each round the sum (or the best N) of the points of the cars that
race for the team then, the team's penalties off, no dropped rounds, ties by
countback of its cars' places, then its best car in the latest rounds.

A team's cars finish together in every round, so a team's chances are joint
over its cars; the reasoning, for a team T, rests on one exchange: swapping
two cars so that one moves up never makes the car moving up (nor its team)
worse in points, countback or latest result, nor the one moving down better.

- T has **clinched** when it stays strictly ahead of each rival U in the
  completion worst for T against U: U's cars first and second everywhere
  with every bonus, T's last. Two teams' order depends on their own cars
  only, and that completion exists, so the test is exact.
- T's **best place**: T's cars take the first places everywhere, with every
  bonus (by the exchange, no completion does better for T against anyone).
  Rivals ahead even when last everywhere are always ahead; rivals who cannot
  pass T even right behind it everywhere never are; the rest (the threats)
  are best placed in the bottom places, and the question is how many of
  them those places can keep behind T at once: an exact search over how the
  bottom places are shared out among the threats, round by round. Best
  place 1 is **can still win**; otherwise T is **out**.
- T's **worst place** is the mirror: T last everywhere, the rivals who can
  pass T (the contenders) sharing out the first places, as many of them
  ahead as the search can put there.

Threats kept behind (or contenders put ahead) are tried strongest first when
every one of them has as many cars in every round to come: the same places
give two such teams the same gains, so the stronger one does at least as
well (points and countback add up, the latest rounds compare first).

The search remembers positions it has seen, drops a team from it as soon as
its fate is settled whatever follows, and gives up after a budget of nodes.
A question it gives up on is said, never guessed: the state is "undecided"
and the places are bounds (`exact` false). The title questions are settled
in every season of the tests and of bench/clinch.py; the worst place of a
team that a crowd of rivals can each pass is, in some of the bench's
seasons, only bounded (bench/clinch.py counts them).
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from dataclasses import dataclass

from league.clinch import CAN_WIN, CHAMPION, OUT, UNDECIDED, Outlook
from league.completions import SeasonSoFar, team_records
from league.scoring import _ABSENT

SEARCH_BUDGET = 50_000  # nodes of the title search before it gives up proving
PLACES_BUDGET = 3_000  # nodes of the worst-place search before it gives bounds


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True, order=True)
class _Record:
    """A team's table as a completion goes on."""

    points: object
    positions: tuple[tuple[int, int], ...]  # (place, how many), sorted
    latest: tuple[tuple[int, int], ...]  # (round, best car's place), sorted


class _Season:
    """The rounds to come as flat tables: points by place, lineups, bonus."""

    def __init__(self, season: SeasonSoFar):
        self.n = season.field_size
        table = season.table
        self.best_n = table.team_best_n if table.team_points == "best_n" else None
        self.rounds = season.to_come
        self.race = [[season.race_points(p, r) for p in range(1, self.n + 1)] for r in self.rounds]
        self.quali = [
            [season.qualifying_points(p, r) for p in range(1, self.n + 1)]
            if season.qualifying_scores(r)
            else None
            for r in self.rounds
        ]
        held = team_records(season)
        self.teams = list(held)
        self.cars = {
            t: [tuple(season.lineup(r).get(t, ())) for r in self.rounds] for t in self.teams
        }
        self.start = {}
        for t, record in held.items():
            points = sum(record.rounds.values(), 0) - record.penalty
            self.start[t] = _Record(
                points,
                tuple(sorted(record.positions.items())),
                tuple(sorted(record.latest.items())),
            )
        most_held = max((p for r in held.values() for p, _ in r.positions.items()), default=0)
        self.most = max(self.n, most_held)
        self.order = tuple(reversed(season.all_rounds))

    def key(self, record: _Record) -> tuple:
        """The ranking key of league/scoring.py's `rank` (smaller is ahead)."""
        counts = dict(record.positions)
        latest = dict(record.latest)
        return (
            -record.points,
            tuple(-counts.get(p, 0) for p in range(1, self.most + 1)),
            tuple(latest.get(n, _ABSENT) for n in self.order),
        )

    def ahead(self, first: _Record, second: _Record) -> bool:
        return self.key(first) < self.key(second)

    def round_points(self, team, r: int, race: tuple, quali: tuple | None, favour: bool):
        """The team's points in round `r` from its cars' places (one race and
        one qualifying place per car, in any pairing: the one that suits
        `favour`), with every bonus when `favour`, none otherwise."""
        rnd = self.rounds[r]
        cars = self.cars[team][r]
        bonus = rnd.bonus if favour else 0
        carried = [rnd.carried.get(car, 0) for car in cars]
        races = [self.race[r][p - 1] for p in race]
        qualis = [self.quali[r][p - 1] for p in quali] if quali is not None else [0] * len(cars)
        if self.best_n is None or (len(cars) <= self.best_n and not any(carried)):
            return sum(races, 0) + sum(qualis, 0) + sum(carried, 0) + bonus * len(cars)
        outcomes = []
        for pairing in set(itertools.permutations(qualis)):
            for owners in set(itertools.permutations(carried)):
                totals = sorted(
                    (a + b + c + bonus for a, b, c in zip(races, pairing, owners, strict=True)),
                    reverse=True,
                )
                outcomes.append(sum(totals[: self.best_n], 0))
        return max(outcomes) if favour else min(outcomes)

    def extend(self, team, record: _Record, r: int, race, quali, favour: bool) -> _Record:
        points = record.points + self.round_points(team, r, race, quali, favour)
        if not race:
            return _Record(points, record.positions, record.latest)
        counts = dict(record.positions)
        for p in race:
            counts[p] = counts.get(p, 0) + 1
        latest = dict(record.latest)
        latest[self.rounds[r].number] = min(race)
        return _Record(points, tuple(sorted(counts.items())), tuple(sorted(latest.items())))

    def placed(self, team, record: _Record, first: int, favour: bool, start: int = 0) -> _Record:
        """`record` after the team's cars take the places from `first` on in
        every round from `start`."""
        for r in range(start, len(self.rounds)):
            places = tuple(range(first, first + len(self.cars[team][r])))
            quali = places if self.quali[r] is not None else None
            record = self.extend(team, record, r, places, quali, favour)
        return record

    def size(self, team, r: int) -> int:
        return len(self.cars[team][r])


class _Share:
    """How many of `group` can be kept behind `target` (goal "behind") or put
    ahead of it ("ahead") at once, the group holding the block of `width`
    places (per round) that starts at `first` (per round)."""

    def __init__(self, data: _Season, target: _Record, goal: str, first: list[int], budget: int):
        self.data = data
        self.budget = budget
        self.target = target
        self.goal = goal
        self.first = first
        self.nodes = 0
        self.seen: set = set()

    def good(self, record: _Record) -> bool:
        ahead = self.data.ahead(record, self.target)
        return ahead if self.goal == "ahead" else not ahead

    def most(self, group: list) -> int:
        """The largest number of the group that can meet the goal at once."""
        data = self.data
        same = len({tuple(len(c) for c in data.cars[t]) for t in group}) <= 1
        carried = any(r.carried for r in data.rounds)
        if same and not (carried and data.best_n):
            strongest = sorted(group, key=lambda t: data.key(data.start[t]))
            if self.goal == "behind":
                strongest.reverse()  # the weakest are the easiest to keep behind
            choices = lambda k: [strongest[:k]]  # noqa: E731
        else:
            choices = lambda k: itertools.combinations(group, k)  # noqa: E731
        for k in range(len(group), 0, -1):
            for chosen in choices(k):
                if self.feasible(list(chosen), group):
                    return k
        return 0

    def feasible(self, chosen: list, group: list) -> bool:
        """Whether all of `chosen` can meet the goal at once. The others of
        the group take the places of the block worst for the goal (for
        "behind" the top of the block, for "ahead" its bottom)."""
        data = self.data
        rounds = len(data.rounds)
        others = [t for t in group if t not in chosen]
        first = list(self.first)
        if self.goal == "behind":
            first = [first[r] + sum(data.size(t, r) for t in others) for r in range(rounds)]
        records = {t: data.start[t] for t in chosen}
        self.seen = set()
        return self.search(0, first, records)

    def search(self, r: int, first: list[int], records: dict) -> bool:
        data = self.data
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        # The group's cars get every bonus and the best pairing of their
        # places when they are to be ahead, none and the worst when behind.
        favour = self.goal == "ahead"
        settled = []
        widths = [sum(data.size(t, q) for t in records) for q in range(len(data.rounds))]
        for team, record in records.items():
            # The block's best places from here on, then its worst.
            high = self._through(team, record, r, first, 0, favour=favour)
            low = self._through(team, record, r, first, None, favour=favour, widths=widths)
            if self.goal == "behind":
                if data.ahead(low, self.target):
                    return False
                if not data.ahead(high, self.target):
                    settled.append(team)
            else:
                if not data.ahead(high, self.target):
                    return False
                if data.ahead(low, self.target):
                    settled.append(team)
        if settled:
            # A team behind whatever follows takes the block's first places;
            # one ahead whatever follows its last: better for the others.
            rest = {t: rec for t, rec in records.items() if t not in settled}
            if self.goal == "behind":
                first = [
                    first[q] + (sum(data.size(t, q) for t in settled) if q >= r else 0)
                    for q in range(len(first))
                ]
            return self.search_open(r, first, rest, favour)
        return self.search_open(r, first, records, favour)

    def _through(self, team, record, r, first, offset, *, favour, widths=None):
        """The team's record if it takes, in every round from `r`, the top of
        the block (offset 0) or its bottom (offset None)."""
        data = self.data
        for q in range(r, len(data.rounds)):
            size = data.size(team, q)
            start = first[q] if offset is not None else first[q] + widths[q] - size
            places = tuple(range(start, start + size))
            quali = places if data.quali[q] is not None else None
            record = data.extend(team, record, q, places, quali, favour)
        return record

    def search_open(self, r: int, first: list[int], records: dict, favour: bool) -> bool:
        data = self.data
        if not records:
            return True
        if r == len(data.rounds):
            return all(self.good(rec) for rec in records.values())
        if not self._room_enough(r, first, records):
            return False
        state = (
            r,
            tuple(first[r:]),
            tuple(sorted((self._signature(t), rec) for t, rec in records.items())),
        )
        if state in self.seen:
            return False
        teams = sorted(records, key=lambda t: self._urgency(records[t]))
        width = sum(data.size(t, r) for t in teams)
        block = list(range(first[r], first[r] + width))
        quali_blocks = list(self._splits(teams, block, r)) if data.quali[r] is not None else [None]
        tried = set()
        for race in self._splits(teams, block, r):
            for quali in quali_blocks:
                following = {}
                for i, t in enumerate(teams):
                    q = quali[i] if quali is not None else None
                    following[t] = data.extend(t, records[t], r, race[i], q, favour)
                signature = tuple(sorted((self._signature(t), rec) for t, rec in following.items()))
                if signature in tried:
                    continue
                tried.add(signature)
                if self.search(r + 1, first, following):
                    return True
        self.seen.add(state)
        return False

    def _room_enough(self, r: int, first: list[int], records: dict) -> bool:
        """The block's points to come, shared out: to be ahead the teams need
        at least the target's points between them; to stay behind (every
        car's points counted) they must take them all under the target."""
        data = self.data
        total = 0
        for q in range(r, len(data.rounds)):
            width = sum(data.size(t, q) for t in records)
            block = range(first[q], first[q] + width)
            total += sum(data.race[q][p - 1] for p in block)
            if data.quali[q] is not None:
                total += sum(data.quali[q][p - 1] for p in block)
            if self.goal == "ahead":
                total += data.rounds[q].bonus * width
        gap = [self.target.points - rec.points for rec in records.values()]
        if self.goal == "ahead":
            return sum(max(g, 0) for g in gap) <= total
        if data.best_n is not None:
            return True
        return sum(gap) >= total

    def _signature(self, team) -> tuple:
        data = self.data
        cars = tuple(len(c) for c in data.cars[team])
        if data.best_n and any(r.carried for r in data.rounds):
            return (team,)
        return cars

    def _urgency(self, record: _Record):
        """Who takes the block's best places first: for "behind" the team
        furthest behind the target, for "ahead" the one furthest behind too."""
        return record.points

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


def _outlook(data: _Season, team) -> Outlook:
    rivals = [t for t in data.teams if t != team]
    n = data.n
    size = [data.size(team, r) for r in range(len(data.rounds))]
    start = data.start[team]
    # Clinched: ahead of every rival in the completion worst against each.
    worst_for_me = _at_bottom(data, team, start, size)
    clinched = all(
        data.ahead(worst_for_me, data.placed(u, data.start[u], 1, favour=True)) for u in rivals
    )
    # Best place: T first everywhere.
    best_for_me = data.placed(team, start, 1, favour=True)
    always = threats = 0
    threat_list = []
    for u in rivals:
        low = _at_bottom(data, u, data.start[u], [data.size(u, r) for r in range(len(data.rounds))])
        high = _after(data, u, size)
        if data.ahead(low, best_for_me):
            always += 1
        elif data.ahead(high, best_for_me):
            threat_list.append(u)
    threats = len(threat_list)
    exact = True
    decided = True
    bottom = [n + 1 - sum(data.size(t, r) for t in threat_list) for r in range(len(data.rounds))]
    try:
        kept = _Share(data, best_for_me, "behind", bottom, SEARCH_BUDGET).most(threat_list)
        best = 1 + always + threats - kept
    except _OutOfBudget:
        best, exact = 1 + always, False
        decided = always > 0  # someone ahead whatever happens: out all the same
    # Worst place: T last everywhere.
    contenders, ahead_always = [], 0
    for u in rivals:
        u_size = [data.size(u, r) for r in range(len(data.rounds))]
        low = _at_bottom(data, u, data.start[u], u_size, above=size)
        high = data.placed(u, data.start[u], 1, favour=True)
        if data.ahead(low, worst_for_me):
            ahead_always += 1
        elif data.ahead(high, worst_for_me):
            contenders.append(u)
    try:
        top = [1] * len(data.rounds)
        put = _Share(data, worst_for_me, "ahead", top, PLACES_BUDGET).most(contenders)
        worst = 1 + ahead_always + put
    except _OutOfBudget:
        worst, exact = 1 + ahead_always + len(contenders), False
    if clinched:
        state = CHAMPION
    elif not decided:
        state = UNDECIDED
    else:
        state = CAN_WIN if best == 1 else OUT
    return Outlook(team, state, best, worst, exact=exact, proven=decided)


def _at_bottom(data: _Season, team, record: _Record, size: list[int], above=None) -> _Record:
    """The team's cars in the last places of every round (just above the
    `above` cars when given), no bonus, the least its places can give."""
    for r in range(len(data.rounds)):
        last = data.n - (above[r] if above else 0)
        places = tuple(range(last - size[r] + 1, last + 1))
        quali = places if data.quali[r] is not None else None
        record = data.extend(team, record, r, places, quali, favour=False)
    return record


def _after(data: _Season, team, before: list[int]) -> _Record:
    """The team's cars right behind the `before` cars in every round, with
    every bonus."""
    record = data.start[team]
    for r in range(len(data.rounds)):
        places = tuple(range(before[r] + 1, before[r] + 1 + data.size(team, r)))
        quali = places if data.quali[r] is not None else None
        record = data.extend(team, record, r, places, quali, favour=True)
    return record


def team_outlooks(season: SeasonSoFar) -> dict[Hashable, Outlook]:
    """Every team's title state and reachable places."""
    if not season.teams and not season.team_records:
        return {}
    data = _Season(season)
    return {team: _outlook(data, team) for team in data.teams}
