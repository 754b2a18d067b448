"""`greedy`, also `pro` (RR-BOT-03..07): every ordering of its hand's kinds
over the open registers, searched depth-first with shared prefixes and a
memo, each scored on a model of its own robot alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...contract import Action, Decision
from ..rules.cards import KIND, KIND_ORDER
from ..rules.course import Course, ahead, turn
from .options import program_extras, run, step_a, weapon
from .rookie import defaults, own_robot
from .solo import ALIVE, FAR, KINDS, MEMO_LIMIT, Solo, solo_for

POWER_DOWN_AT = 6  # RR-BOT-07
SITES = ("repair", "upgrade")


# per `left` (the kinds' counts still in hand, 4 bits a kind in KIND_ORDER):
# each kind's number that can go next with the counts after it, the kinds
# left after it (bits) and their own pairs, in KIND_ORDER; which kinds those
# are (bits); the first of them (the same for every search)
_NEXT: dict = {}
ALL_KINDS = 1 << len(KIND_ORDER)
# a card's place in `left`
SHIFT = {card: 4 * KIND_ORDER.index(kind) for card, kind in KIND.items()}


def _kinds(left: int) -> int:
    return sum(1 << k for k in range(len(KIND_ORDER)) if left >> 4 * k & 15)


def _next(left: int) -> tuple:
    out = _NEXT.get(left)
    if out is None:
        pairs = tuple(
            (k, left - (1 << 4 * k), _kinds(left - (1 << 4 * k)), _next(left - (1 << 4 * k))[0])
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
    KIND_ORDER, a later one kept only when it scores strictly better. States
    are packed into ints (solo.py) and kinds are their numbers in KINDS."""
    # a register's step and a final state's score (RR-BOT-05, an int >= 0,
    # Solo.packed_value) are kept in the model for every search, the steps by
    # register and kind number; they and the leaves kept grow with the states
    # scored (about eight steps a state), so bounding those bounds the memory
    if len(solo.packed_values) > MEMO_LIMIT // 8:
        solo.clear()
    steps, values = solo.packed_steps[steady], solo.packed_values
    packed_step, value_of = solo.packed_step, solo.packed_value

    def step(number: int, register: int, kind: int) -> int:
        kept = steps[register][kind]
        after = kept.get(number)
        if after is None:
            after = kept[number] = packed_step(number, register, kind, steady)
        return after

    locked = {r: KINDS.index(kind) for r, kind in locked.items()}
    counts = sum(1 << SHIFT[card] for card in hand)
    memo: dict = {}
    last = max((r for r in range(1, 6) if r not in locked), default=0)
    tail = tuple(enumerate((locked[r] for r in range(last + 1, 6)), last + 1))
    # the last open register's best kind depends on the state and on which
    # kinds are left, not on their counts nor on the start: the model keeps
    # it for every search, by the kinds left (bits); `tail`: the locked
    # registers after it, each with its kind's number
    leaves = solo.leaves.get((last, tail, steady))
    if leaves is None:
        leaves = solo.leaves[last, tail, steady] = [{} for _ in range(ALL_KINDS)]
    nones = (None,) * len(tail)

    def fill(register: int, left: int) -> tuple:
        """A robot destroyed or through its last flag stays as it is, so
        every ordering scores the same: the first in KIND_ORDER is kept."""
        rest = []
        for r in range(register, 6):
            if r in locked:
                rest.append(None)
            else:
                kind, left, _, _ = _next(left)[2]
                rest.append(kind)
        return tuple(rest)

    def leaf(number: int, pairs: tuple) -> int:
        """The best kind for the last open register (then the locked ones),
        as its score << 3 | its number: the model keeps these by the
        hundred thousand, and a dict of ints is no work for the collector."""
        top, row = -1, steps[last]
        for kind, _, _, _ in pairs:
            kept = row[kind]
            after = kept.get(number)
            if after is None:
                after = kept[number] = packed_step(number, last, kind, steady)
            for r, locked_kind in tail:
                after = step(after, r, locked_kind)
            value = values.get(after)
            if value is None:
                value = value_of(after)
            if value > top:
                top, chosen = value, kind
        return top << 3 | chosen

    def go(number: int, register: int, left: int) -> tuple:
        if number < ALIVE or number & 7:  # destroyed or through its last flag
            value = values.get(number)
            return value_of(number) if value is None else value, fill(register, left)
        if register == last:
            pairs, kinds, _ = _NEXT.get(left) or _next(left)
            found = leaves[kinds]
            best = found.get(number)
            if best is None:
                best = found[number] = leaf(number, pairs)
            return best >> 3, (best & 7, *nones)
        key = (number, register, left)
        best = memo.get(key)
        if best is not None:
            return best
        if register > 5:
            best = (value_of(number), ())
        elif register in locked:
            value, rest = go(step(number, register, locked[register]), register + 1, left)
            best = (value, (None, *rest))
        elif register + 1 == last:
            # the children are leaves: go's first lines, and leaf's when no
            # locked register follows, written out here (a Python call costs
            # more than the lines; the search's hottest loop)
            top, row, last_row = -1, steps[register], steps[last]
            for kind, left_after, kinds, pairs in (_NEXT.get(left) or _next(left))[0]:
                kept = row[kind]
                after = kept.get(number)
                if after is None:
                    after = kept[number] = packed_step(number, register, kind, steady)
                if after < ALIVE or after & 7:
                    value = values.get(after)
                    if value is None:
                        value = value_of(after)
                    rest = fill(last, left_after)
                else:
                    found = leaves[kinds]
                    rest = found.get(after)
                    if rest is None and not tail:
                        value = -1
                        for last_kind, _, _, _ in pairs:
                            kept = last_row[last_kind]
                            end = kept.get(after)
                            if end is None:
                                end = kept[after] = packed_step(after, last, last_kind, steady)
                            worth = values.get(end)
                            if worth is None:
                                worth = value_of(end)
                            if worth > value:
                                value, chosen_last = worth, last_kind
                        rest = found[after] = value << 3 | chosen_last
                    elif rest is None:
                        rest = found[after] = leaf(after, pairs)
                    value, rest = rest >> 3, rest & 7  # leaf's number
                if value > top:
                    top, chosen, tops = value, kind, rest
            # the kinds after this register: fill's, or the leaf's kind then the locked ones
            best = (top, (chosen, *tops) if type(tops) is tuple else (chosen, tops, *nones))
        else:
            top, row = -1, steps[register]
            for kind, left_after, _, _ in (_NEXT.get(left) or _next(left))[0]:
                after = row[kind].get(number)
                if after is None:
                    after = step(number, register, kind)
                value, rest = go(after, register + 1, left_after)
                if value > top:
                    top, chosen, tops = value, kind, rest
            best = (top, (chosen, *tops))
        memo[key] = best
        return best

    kinds = go(solo.packed(start), 1, counts)[1]
    return [None if kind is None else KIND_ORDER[kind] for kind in kinds]


def cards_for(kinds: list, hand: list[int]) -> list:
    """For each kind its highest-priority cards to the lowest registers."""
    pool = sorted(hand, reverse=True)
    out = []
    for kind in kinds:
        if kind is None:
            out.append(None)
            continue
        card = next(c for c in pool if KIND[c] == kind)
        pool.remove(card)
        out.append(card)
    return out


class Greedy:
    """`courses` (tests only) maps a course id to a course outside the library."""

    def __init__(self, seed: int | str, seat: str, courses: Mapping[str, Course] | None = None):
        self.seed, self.seat = seed, seat
        self.courses = dict(courses or {})

    def solo(self, course_id: str) -> Solo:
        if course_id in self.courses:
            course = self.courses[course_id]
            if not isinstance(course, Solo):
                self.courses[course_id] = Solo(course)
            return self.courses[course_id]
        return solo_for(course_id)

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        me = own_robot(view)
        if decision.kind == "program":
            cards = self.program(view, me)
            chosen = program_extras(self.solo(view["course"]), me, decision, cards)
            return chosen if isinstance(chosen, Action) else Action("program", chosen)
        if decision.kind == "power_down":
            answer = "yes" if me["damage"] >= POWER_DOWN_AT else "no"
            return Action("power_down", {"answer": answer})
        if decision.kind == "respawn":
            return self.respawn(view, me, decision)
        if decision.kind == "prevent_damage":
            return self.prevent(me, decision)
        if decision.kind == "move_option":
            return self.move_option(view, me, decision)
        if decision.kind in ("gyroscope", "conditional_swap", "abort_switch"):
            return step_a(self.solo(view["course"]), me, decision, view["register"] or 1)
        if decision.kind == "flywheel_use":  # one more card to choose from
            return Action("flywheel_use", {"answer": "yes"})
        if decision.kind == "weapon":
            return weapon(self.solo(view["course"]), view, me, decision)
        return defaults(decision)

    def prevent(self, me, decision: Decision) -> Action:
        """RR-BOT-07: discard only to stay below 10 damage, drawn-last first."""
        held, amount = decision.options["options"], decision.options["amount"]
        need = me["damage"] + amount - 9
        chosen = list(reversed(held))[:need] if 0 < need <= len(held) else []
        return Action("prevent_damage", {"discard": chosen})

    def move_option(self, view, me, decision: Decision) -> Action:
        """RR-BOT-07: the number of squares ending nearer the next flag,
        the printed one on a tie (listed first)."""
        solo = self.solo(view["course"])
        printed, other = decision.options["squares"]
        backwards = decision.options["option"] == "Reverse Gear"
        d = turn(me["facing"], 2) if backwards else me["facing"]

        def distance(squares: int) -> int:
            square = tuple(me["square"])
            for _ in range(squares):
                square = solo.walk(square, d)
                if square is None:
                    return FAR + 1
            return solo.flag_distance(square, me["flags"])

        best = other if distance(other) < distance(printed) else printed
        return Action("move_option", {"squares": best})

    def program(self, view: Mapping[str, Any], me: Mapping[str, Any]) -> list:
        solo = self.solo(view["course"])
        registers = me["registers"]
        locked = {
            r: KIND[registers[r - 1]] if isinstance(registers[r - 1], int) else None
            for r in me["locked"]
        }
        start = (tuple(me["square"]), me["facing"], me["damage"], me["flags"], 0)
        kinds = program_search(solo, start, locked, me["hand"])
        if "Gyroscopic Stabilizer" in me["options"]:
            # a program planned with the gyroscope on, kept when it scores
            # better; step A then switches it on (options.step_a)
            steady = program_search(solo, start, locked, me["hand"], steady=True)
            whole = [locked.get(r, k) if k is None else k for r, k in enumerate(kinds, 1)]
            planned = [locked.get(r, k) if k is None else k for r, k in enumerate(steady, 1)]
            if run(solo, start, planned, steady=True) > run(solo, start, whole):
                kinds = steady
        return cards_for(kinds, me["hand"])

    def respawn(self, view, me, decision: Decision) -> Action:
        """RR-BOT-07: nearest square to the next flag, then the facing whose
        next square is nearest, then the default order."""
        solo = self.solo(view["course"])
        flags = me["flags"]
        best = None
        for rank, choice in enumerate(decision.options["squares"]):
            square = tuple(choice["square"])
            for order, facing in enumerate(choice["facings"]):
                nxt = ahead(square, facing)
                near = solo.flag_distance(nxt, flags) if not solo.course.wall(square, facing) \
                    else FAR  # fmt: skip
                key = (solo.flag_distance(square, flags), near, rank, order)
                if best is None or key < best[0]:
                    best = (key, square, facing)
        return Action("respawn", {"square": list(best[1]), "facing": best[2]})
