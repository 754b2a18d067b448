"""`greedy`, also `pro` (RR-BOT-03..07): every ordering of its hand's kinds
over the open registers, searched depth-first with shared prefixes and a
memo (search.py), each scored on a model of its own robot alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...contract import Action, Decision
from ..rules.cards import KIND
from ..rules.course import Course, ahead, turn
from .options import program_extras, run, step_a, weapon
from .rookie import defaults, own_robot
from .search import program_search
from .solo import FAR, Solo, solo_for

POWER_DOWN_AT = 6  # RR-BOT-07
SITES = ("repair", "upgrade")


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
