"""Who can still win the title: exact, over every completion of the season.

Plain functions over plain data (league/completions.py); the season's own
scoring decides every comparison, so drop rounds, multipliers, penalties and
countback apply as in the standings.

The reasoning, for a driver X:

- X has **clinched** when X stays ahead of each rival Y in the completion
  worst for X against Y: Y wins every race and qualifying to come and X is
  last. Two drivers' order depends on their own results only, and that
  completion exists, so the test is exact.
- X **can still win** when some completion leaves nobody ahead of X. X
  winning everything to come is best for X (each win gives X the most
  points and takes them from a rival). Rivals who cannot pass X even while
  second everywhere are harmless wherever they finish; the others (the
  threats) are best placed in the bottom places, so the question is whether
  those bottom places can be shared out among the threats, round by round,
  with none of them passing X: a search, pruned as soon as a threat passes X
  even when last from then on.
- Otherwise X is **out**.

Best and worst reachable places are exact by enumeration when the season has
few completions left, and otherwise the bounds the pairwise completions give
(`exact` says which). The search has a budget; a driver it could not settle
within it is left "undecided" with `proven` false (never seen in the
tests or the bench, but said rather than hidden).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable
from dataclasses import dataclass

from league import scoring
from league.completions import RoundToCome, SeasonSoFar, pair_beats, scores_with

CHAMPION, CAN_WIN, OUT = "champion", "can still win", "out"
# A title question the search gave up on: said, never guessed.
UNDECIDED = "undecided"
ENUMERATION_LIMIT = 50_000  # completions enumerated for exact best/worst places
SEARCH_BUDGET = 20_000  # nodes of the threat search before it gives up proving


@dataclass(frozen=True)
class Outlook:
    key: Hashable
    state: str  # CHAMPION, CAN_WIN, OUT or UNDECIDED
    best: int  # best reachable final place
    worst: int  # worst reachable final place
    exact: bool = True  # False: best/worst are bounds (too many completions to go through)
    proven: bool = True  # False: UNDECIDED, the search ran out of budget


def _slots(season: SeasonSoFar) -> list[tuple[RoundToCome, bool]]:
    """Every scoring session to come: (round, is_race)."""
    slots = []
    for rnd in season.to_come:
        slots.append((rnd, True))
        if rnd.qualifying and season.table.qualifying_points:
            slots.append((rnd, False))
    return slots


def _add(season: SeasonSoFar, scores: list, rnd: RoundToCome, is_race: bool, place: int) -> None:
    if is_race:
        scores.append(scoring.RoundScore(rnd.number, season.race_points(place, rnd), place))
    else:
        scores.append(scoring.RoundScore(rnd.number, season.qualifying_points(place, rnd), None))


def _placed(season: SeasonSoFar, key: Hashable, place: int) -> list:
    """`key`'s scores if it takes `place` in every session to come."""
    scores = list(season.scores.get(key, ()))
    for rnd, is_race in _slots(season):
        _add(season, scores, rnd, is_race, place)
    return scores


def _beats(season: SeasonSoFar, first, first_scores, second, second_scores) -> bool:
    return pair_beats(season, {first: first_scores, second: second_scores}, first, second)


def has_clinched(season: SeasonSoFar, key: Hashable) -> bool:
    n = season.field_size
    if n < 2:
        return True
    worst = _placed(season, key, n)
    return all(
        _beats(season, key, worst, other, _placed(season, other, 1))
        for other in season.drivers
        if other != key
    )


def can_still_win(season: SeasonSoFar, key: Hashable) -> tuple[bool, bool]:
    """(can X finish first, proven): X first everywhere, the threats in the
    bottom places, searched for a share-out that leaves X ahead."""
    n = season.field_size
    mine = _placed(season, key, 1)
    threats = [
        other
        for other in season.drivers
        if other != key and _beats(season, other, _placed(season, other, 2), key, mine)
    ]
    if not threats:
        return True, True
    k = len(threats)
    bottom = list(range(n - k + 1, n + 1))
    slots = _slots(season)
    start = {t: list(season.scores.get(t, ())) for t in threats}
    nodes = 0

    def passes_even_if_last(threat, scores, from_slot: int) -> bool:
        rest = list(scores)
        for rnd, is_race in slots[from_slot:]:
            _add(season, rest, rnd, is_race, n)
        return _beats(season, threat, rest, key, mine)

    def search(index: int, scores: dict) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > SEARCH_BUDGET:
            raise TimeoutError
        if any(passes_even_if_last(t, scores[t], index) for t in threats):
            return False
        if index == len(slots):
            return True
        rnd, is_race = slots[index]
        # Most room under X first: the threat furthest behind takes the best
        # of the bottom places first in the first share-out tried.
        order = sorted(threats, key=lambda t: -_room(t, scores[t]))
        seen = set()
        for places in itertools.permutations(bottom):
            assignment = dict(zip(order, places, strict=True))
            # Threats with the same record so far are interchangeable.
            signature = tuple(sorted((_record(t, scores[t]), assignment[t]) for t in threats))
            if signature in seen:
                continue
            seen.add(signature)
            following = {t: list(scores[t]) for t in threats}
            for t in threats:
                _add(season, following[t], rnd, is_race, assignment[t])
            if search(index + 1, following):
                return True
        return False

    def _record(threat, scores) -> tuple:
        held = tuple((s.round, s.points, s.position or 0) for s in scores)
        return held, season.penalties.get(threat, 0)

    def _room(threat, scores) -> int:
        return sum(s.points for s in mine) - sum(s.points for s in scores)

    try:
        return search(0, start), True
    except TimeoutError:
        return True, False


def _completions(season: SeasonSoFar) -> int:
    per_round = math.factorial(season.field_size)
    sessions = len(_slots(season))
    return per_round**sessions


def _enumerate_places(season: SeasonSoFar) -> dict[Hashable, tuple[int, int]]:
    """Best and worst final place of every driver over every completion."""
    drivers = list(season.drivers)
    slots = _slots(season)
    best = {k: len(drivers) for k in drivers}
    worst = {k: 1 for k in drivers}
    orders = list(itertools.permutations(drivers))
    for combination in itertools.product(orders, repeat=len(slots)):
        races, qualifyings, index = [], [], 0
        for rnd in season.to_come:
            races.append(combination[index])
            index += 1
            if rnd.qualifying and season.table.qualifying_points:
                qualifyings.append(combination[index])
                index += 1
            else:
                qualifyings.append(None)
        scores = scores_with(season, races, qualifyings)
        lines = scoring.driver_standings(
            season.table, scores, held=season.all_rounds, penalties=season.penalties
        )
        for line in lines:
            best[line.key] = min(best[line.key], line.rank)
            worst[line.key] = max(worst[line.key], line.rank)
    return {k: (best[k], worst[k]) for k in drivers}


def driver_outlooks(season: SeasonSoFar) -> dict[Hashable, Outlook]:
    """Every driver's title state and reachable places."""
    if not season.to_come:
        lines = scoring.driver_standings(
            season.table,
            {k: list(season.scores.get(k, ())) for k in season.drivers},
            held=season.all_rounds,
            penalties=season.penalties,
        )
        return {
            line.key: Outlook(line.key, CHAMPION if line.rank == 1 else OUT, line.rank, line.rank)
            for line in lines
        }
    places = _enumerate_places(season) if _completions(season) <= ENUMERATION_LIMIT else None
    out = {}
    n = season.field_size
    for key in season.drivers:
        proven = True
        if has_clinched(season, key):
            state = CHAMPION
        else:
            possible, proven = can_still_win(season, key)
            state = UNDECIDED if not proven else CAN_WIN if possible else OUT
        if places is not None:
            best, worst = places[key]
        else:
            best, worst = _place_bounds(season, key, n, state)
        out[key] = Outlook(key, state, best, worst, exact=places is not None, proven=proven)
    return out


def _place_bounds(season: SeasonSoFar, key, n: int, state: str) -> tuple[int, int]:
    """Pairwise bounds: rivals ahead even when X wins everything and they are
    last are always ahead; only rivals who pass X when they win and X is
    last can ever be ahead."""
    if state == CHAMPION:
        return 1, 1
    mine_best, mine_worst = _placed(season, key, 1), _placed(season, key, n)
    always = sum(
        _beats(season, other, _placed(season, other, n), key, mine_best)
        for other in season.drivers
        if other != key
    )
    ever = sum(
        _beats(season, other, _placed(season, other, 1), key, mine_worst)
        for other in season.drivers
        if other != key
    )
    best = 1 if state in (CAN_WIN, UNDECIDED) else max(2, always + 1)
    return best, ever + 1
