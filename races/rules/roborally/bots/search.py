"""`greedy`'s program search (RR-BOT-03, RR-BOT-05): every ordering of its
hand's kinds over the open registers, searched depth-first with shared
prefixes and a memo, each scored on a model of its own robot alone
(solo.py). States are packed into ints (solo.py) and kinds are their
numbers in KINDS.

The search keeps only each position's best score and, in the memo, the
kind that scores it; the program is read back from the memo at the end
(`program`), so no tuple of kinds is built per position. Its parts are
closures, each made by a function below over what one search shares: a
closure reads those faster than a method reads attributes."""

from __future__ import annotations

from collections.abc import Callable

from ..rules.cards import KIND, KIND_ORDER
from .solo import ALIVE, DAMAGE_AT, DAMAGE_BITS, DESTROYED_AT, FLAG_BITS, KINDS, MEMO_LIMIT, Solo

# per `left` (the kinds' counts still in hand, 4 bits a kind in KIND_ORDER):
# each kind's number that can go next with the counts after it and the
# kinds left after it (bits), in KIND_ORDER; which kinds those are (bits);
# the first of them (the same for every search)
_NEXT: dict = {}
# a card's place in `left`
SHIFT = {card: 4 * KIND_ORDER.index(kind) for card, kind in KIND.items()}


def _kinds(left: int) -> int:
    return sum(1 << k for k in range(len(KIND_ORDER)) if left >> 4 * k & 15)


def _next(left: int) -> tuple:
    out = _NEXT.get(left)
    if out is None:
        pairs = tuple(
            (k, left - (1 << 4 * k), _kinds(left - (1 << 4 * k)))
            for k in range(len(KIND_ORDER))
            if left >> 4 * k & 15
        )
        out = _NEXT[left] = (pairs, _kinds(left), pairs[0] if pairs else None)
    return out


def program_search(
    solo: Solo, start: tuple, locked: dict[int, str | None], hand: list[int], steady: bool = False
) -> list:
    """RR-BOT-03, -05: the best kinds for the open registers (None where
    locked; `locked` maps a locked register to its card's kind), ties to
    the smallest sequence in KIND_ORDER; `steady`: with Gyroscopic
    Stabilizer on. Every ordering is searched depth-first, children in
    KIND_ORDER, a later one kept only when it scores strictly better."""
    # a register's step and a final state's score (RR-BOT-05, an int >= 0,
    # Solo.packed_value) are kept in the model for every search, the steps by
    # register and kind number; they and the ranks kept grow with the states
    # scored (about eight steps a state), so bounding those bounds the memory
    if len(solo.packed_values) > MEMO_LIMIT // 8:
        solo.clear()
    locked = {r: KINDS.index(kind) for r, kind in locked.items()}
    last = max((r for r in range(1, 6) if r not in locked), default=0)
    # `tail`: the locked registers after the last open one, each with its kind's number
    tail = tuple(enumerate((locked[r] for r in range(last + 1, 6)), last + 1))
    # the last open register's best kind depends on the state and on which
    # kinds are left, not on their counts nor on the start: the model keeps
    # the kinds' ranks for the state for every search, and the best of the
    # kinds left is the first of them in it (a state meets many sets of kinds
    # left; a small dict of ranks is kinder to the memory than one per set).
    # The ranks rank the kinds the hands so far held (`cover`), all seven
    # soon; a hand with another kind has them ranked again, with it.
    counts = sum(1 << SHIFT[card] for card in hand)
    cover, ranks = solo.ranks.get((last, tail, steady), (0, None))
    if ranks is None or _kinds(counts) & ~cover:
        cover |= _kinds(counts)
        ranks = {}
        solo.ranks[last, tail, steady] = (cover, ranks)
    # damage up to `safe` cannot let board lasers destroy the robot in the
    # registers left (RR-DMG-03), so it lowers every kind's score alike
    # (Solo.packed_value): the ranks of such states are kept without it
    safe = (9 - solo.most_beam * (1 + len(tail))) << DAMAGE_AT
    memo: dict = {}  # a position's best score << 3 | the kind that scores it
    ranking, leaf = _last_register(solo, steady, (last, tail, cover), ranks, safe)
    before_last = _before_last(solo, steady, memo, ranking, ranks, safe)
    worth = _worth(solo, steady, memo, locked, last, leaf, before_last)
    number = solo.packed(start)
    worth(number, 1, counts)
    kinds = _program(solo, steady, memo, locked, last, leaf)(number, counts)
    return [None if kind is None else KIND_ORDER[kind] for kind in kinds]


def _last_register(
    solo: Solo, steady: bool, registers: tuple, ranks: dict, safe: int
) -> tuple[Callable, Callable]:
    """`ranking` and `leaf` for the last open register (then the locked
    ones, `tail`), ranking the kinds in `cover` (bits)."""
    packed_step, values, value_of = solo.packed_step, solo.packed_values, solo.packed_value
    last, tail, cover = registers
    ranked = [kind for kind in range(len(KIND_ORDER)) if cover >> kind & 1]

    def ranking(number: int) -> tuple:
        """The kinds for the last open register, best first, each as its
        score << 3 | its number, << 7 | its bit (so `kinds & entry` finds
        it): the best of a set of kinds is the first in the set. Ties go to
        the kind first in KIND_ORDER, as the search's strictly-better rule
        keeps it."""
        scored = []
        for kind in ranked:
            after = packed_step(number, last, kind, steady)
            for r, locked_kind in tail:
                after = packed_step(after, r, locked_kind, steady)
            value = values.get(after)
            scored.append((-(value_of(after) if value is None else value), kind))
        scored.sort()
        return tuple([(-negative << 3 | kind) << 7 | 1 << kind for negative, kind in scored])

    def leaf(number: int, kinds: int) -> int:
        """The best kind of `kinds` (bits) for the last open register, as its
        score << 3 | its number."""
        damage = number & DAMAGE_BITS
        if damage > safe:
            damage = 0  # its rank kept with its damage
        rank = ranks.get(number - damage)
        if rank is None:
            rank = ranks[number - damage] = ranking(number - damage)
        for best in rank:
            if kinds & best:
                break
        # two a point of damage (Solo.packed_value), shifted past the kind
        return (best >> 7) - ((damage >> DAMAGE_AT) << 4)

    return ranking, leaf


def _before_last(
    solo: Solo, steady: bool, memo: dict, ranking: Callable, ranks: dict, safe: int
) -> Callable:
    """`worth` of the register before the last open one, its children
    leaves: their lines (packed_step's, leaf's) written out here, as a
    Python call costs more than the lines; the search's hottest loop."""
    steps, values, value_of = solo.packed_steps[steady], solo.packed_values, solo.packed_value
    undamaged_step = solo.undamaged_step

    def before_last(number: int, register: int, left: int) -> int:
        if number < ALIVE or number & 7:  # destroyed or through its last flag
            value = values.get(number)
            return value_of(number) if value is None else value
        key = (number, register, left)
        best = memo.get(key)
        if best is not None:
            return best >> 3
        top = -1
        damage = number & DAMAGE_BITS  # the steps are kept without it (Solo.packed_step)
        undamaged = number - damage
        for kind, _, kinds in (_NEXT.get(left) or _next(left))[0]:
            after = steps[kind].get(undamaged)
            if after is None:
                after = undamaged_step(undamaged, register, kind, steady)
            after += damage
            if after & DAMAGE_BITS >= DESTROYED_AT:  # D: board lasers, before E
                after = after & DAMAGE_BITS | number & FLAG_BITS
            if after < ALIVE or after & 7:  # destroyed or through its last flag
                value = values.get(after)
                if value is None:
                    value = value_of(after)
            else:
                worn = after & DAMAGE_BITS
                if worn > safe:
                    worn = 0  # its rank kept with its damage
                rank = ranks.get(after - worn)
                if rank is None:
                    rank = ranks[after - worn] = ranking(after - worn)
                for value in rank:
                    if kinds & value:
                        break
                value = (value >> 10) - ((worn >> DAMAGE_AT) << 1)
            if value > top:
                top, chosen = value, kind
        memo[key] = top << 3 | chosen
        return top

    return before_last


def _worth(
    solo: Solo,
    steady: bool,
    memo: dict,
    locked: dict,
    last: int,
    leaf: Callable,
    before_last: Callable,
) -> Callable:
    """`worth`: the best score from `register` on, the state `number`
    before it and `left` the kinds' counts in hand; the memo keeps it with
    its kind."""
    steps, values, value_of = solo.packed_steps[steady], solo.packed_values, solo.packed_value
    packed_step = solo.packed_step

    def worth(number: int, register: int, left: int) -> int:
        if number < ALIVE or number & 7:  # destroyed or through its last flag
            value = values.get(number)
            return value_of(number) if value is None else value
        if register == last:
            return leaf(number, (_NEXT.get(left) or _next(left))[1]) >> 3
        if register + 1 == last and register not in locked:
            return before_last(number, register, left)
        key = (number, register, left)
        best = memo.get(key)
        if best is not None:
            return best >> 3
        if register > 5:
            value = values.get(number)
            best = (value_of(number) if value is None else value) << 3
        elif register in locked:
            after = packed_step(number, register, locked[register], steady)
            best = worth(after, register + 1, left) << 3
        else:
            top = -1
            # the next register's positions asked for without a call more
            deeper = before_last if register + 2 == last and register + 1 not in locked else worth
            damage = number & DAMAGE_BITS  # the steps are kept without it (Solo.packed_step)
            undamaged = number - damage
            for kind, left_after, _ in (_NEXT.get(left) or _next(left))[0]:
                after = steps[kind].get(undamaged)
                if after is None:
                    after = packed_step(number, register, kind, steady)
                else:
                    after += damage
                    if after & DAMAGE_BITS >= DESTROYED_AT:  # D: board lasers, before E
                        after = after & DAMAGE_BITS | number & FLAG_BITS
                value = deeper(after, register + 1, left_after)
                if value > top:
                    top, chosen = value, kind
            best = top << 3 | chosen
        memo[key] = best
        return best >> 3

    return worth


def _program(
    solo: Solo, steady: bool, memo: dict, locked: dict, last: int, leaf: Callable
) -> Callable:
    """`program`: the best program's kind numbers (None where locked), read
    back from the memo `worth` kept and the last register's ranks, from the start."""
    nones = [None] * (5 - last)  # the locked registers after the last open one

    def fill(register: int, left: int) -> list:
        """A robot destroyed or through its last flag stays as it is, so
        every ordering scores the same: the first in KIND_ORDER is kept."""
        rest = []
        for r in range(register, 6):
            if r in locked:
                rest.append(None)
            else:
                kind, left, _ = _next(left)[2]
                rest.append(kind)
        return rest

    def program(number: int, left: int) -> list:
        out = []
        for register in range(1, 6):
            if number < ALIVE or number & 7:
                return out + fill(register, left)
            if register == last:
                return [*out, leaf(number, _next(left)[1]) & 7, *nones]
            if register in locked:
                out.append(None)
                number = solo.packed_step(number, register, locked[register], steady)
            else:
                kind = memo[number, register, left] & 7
                out.append(kind)
                number = solo.packed_step(number, register, kind, steady)
                left -= 1 << 4 * kind
        return out

    return program
