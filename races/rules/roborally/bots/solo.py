"""The greedy bot's model of its own robot alone (RR-BOT-04, RR-BOT-06):
card moves with walls, pits and the border; C1-C4 with the true register;
board lasers; flags. Other robots and robot lasers are left out."""

from __future__ import annotations

from collections import deque
from functools import cache

from ..rules.cards import STEPS, TURNS
from ..rules.course import DIRS, Course, ahead, turn
from ..rules.validate import load_course

FAR = 1_000_000  # RR-BOT-06: unreachable
DEAD = None
MEMO_LIMIT = 400_000


class Solo:
    """One course, precomputed: floors, beams and the flag distances."""

    def __init__(self, course: Course):
        self.course = course
        self.kind = {s: spot["type"] for s, spot in course.floor.items()}
        self.belt = {s: spot["dir"] for s, spot in course.floor.items() if "dir" in spot}
        self.express = {s for s, k in self.kind.items() if k == "express"}
        self.spin = {s: 1 if spot["spin"] == "cw" else -1
                     for s, spot in course.floor.items() if spot["type"] == "gear"}  # fmt: skip
        self.pusher = {(p["x"], p["y"]): p for p in course.pushers}
        self.beam: dict = {}
        for laser in course.lasers:
            start = (laser["x"], laser["y"])
            for s in [start, *course.sight(start, laser["dir"])]:
                self.beam[s] = self.beam.get(s, 0) + laser["count"]
        self.flags = list(course.flags)
        self.distance = [self._bfs(flag) for flag in self.flags]
        self.memo: dict = {}

    def _bfs(self, flag) -> dict:
        """RR-BOT-06: path distance to a flag, conveyors ignored."""
        seen = {flag: 0}
        todo = deque([flag])
        while todo:
            here = todo.popleft()
            for d in DIRS:
                there = ahead(here, d)
                if there in seen or self.course.wall(here, d):
                    continue
                if self.kind.get(there, "pit") == "pit":
                    continue
                seen[there] = seen[here] + 1
                todo.append(there)
        return seen

    def flag_distance(self, square, flags: int) -> int:
        if flags >= len(self.flags):
            return 0
        return self.distance[flags].get(square, FAR)

    def walk(self, square, d):
        """One step; None when it falls off or into a pit."""
        if self.course.wall(square, d):
            return square
        there = ahead(square, d)
        return there if self.kind.get(there, "pit") != "pit" else DEAD

    def _carry(self, square, facing):
        d = self.belt[square]
        if self.course.wall(square, d):
            return square, facing
        there = ahead(square, d)
        if self.kind.get(there, "pit") == "pit":
            return DEAD, facing
        out = self.belt.get(there)
        if out == turn(d, 1):
            facing = turn(facing, 1)
        elif out == turn(d, -1):
            facing = turn(facing, -1)
        return there, facing

    def register(self, state: tuple, register: int, kind: str) -> tuple:
        """State after one register: (square, facing, damage, flags, won_in);
        square None when destroyed. A finished or destroyed robot stays."""
        key = (state, register, kind)
        if len(self.memo) > MEMO_LIMIT:
            self.memo.clear()
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        square, facing, damage, flags, won = state
        if square is DEAD or won:
            self.memo[key] = state
            return state
        if kind is None:  # a locked register with no card: no move
            pass
        elif kind in TURNS:  # step B
            facing = turn(facing, TURNS[kind])
        else:
            n = STEPS[kind]
            d = facing if n > 0 else turn(facing, 2)
            for _ in range(abs(n)):
                square = self.walk(square, d)
                if square is DEAD:
                    break
        if square is not DEAD and square in self.express:  # C1
            square, facing = self._carry(square, facing)
        if square is not DEAD and square in self.belt:  # C2
            square, facing = self._carry(square, facing)
        if square is not DEAD and square in self.pusher:  # C3
            p = self.pusher[square]
            if register in p["registers"]:
                square = self.walk(square, p["dir"])
        if square is not DEAD and square in self.spin:  # C4
            facing = turn(facing, self.spin[square])
        if square is not DEAD:  # D: board lasers
            damage += self.beam.get(square, 0)
            if damage >= 10:
                square = DEAD
        if square is not DEAD and flags < len(self.flags) and self.flags[flags] == square:
            flags += 1  # E
            if flags == len(self.flags):
                won = register
        out = (square, facing, damage, flags, won)
        self.memo[key] = out
        return out


@cache
def solo_for(course_id: str) -> Solo:
    return Solo(load_course(course_id))
