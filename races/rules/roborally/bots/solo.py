"""The greedy bot's model of its own robot alone (RR-BOT-04, RR-BOT-06):
card moves with walls, pits and the border; C1-C4 with the true register;
board lasers; flags. Other robots and robot lasers are left out."""

from __future__ import annotations

from collections import deque
from functools import cache

from ..rules.cards import KIND_ORDER, STEPS, TURNS
from ..rules.course import DIRS, Course, ahead, turn
from ..rules.validate import load_course

FAR = 1_000_000  # RR-BOT-06: unreachable
DEAD = None
MEMO_LIMIT = 400_000
# greedy.program_search's state packed into one int, hashed and compared far
# faster than the tuple: won (3 bits), flags (5), damage (6), then the pose,
# 1 + square number * 4 + facing, or 0 when destroyed (RR-BOT-05 reads no
# square nor facing of a destroyed robot)
DAMAGE_AT, POSE_AT = 8, 14
ALIVE = 1 << POSE_AT
DAMAGE_BITS, FLAG_BITS = 63 << DAMAGE_AT, 31 << 3
DESTROYED_AT = 10 << DAMAGE_AT  # RR-DMG-03: ten damage destroys a robot
KINDS = (*KIND_ORDER, None)  # a kind's number in a packed search; None: no card


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
        # what the bot asks again and again, kept (up to MEMO_LIMIT): states
        # after a register, with the Gyroscopic Stabilizer off and on, moves
        # and search.program_search's ranks of the kinds for the last register
        self.memo: dict = {}
        self.steady_memo: dict = {}
        self.moves: dict = {}
        self.ranks: dict = {}
        # every on-course square's step in each direction (what `walk` says),
        # worked out once: the search asks for steps hundreds of thousands of times
        self.walled = {(s, d) for s in course.floor for d in DIRS if course.wall(s, d)}
        self.walks = {(s, d): self._walk(s, d) for s in course.floor for d in DIRS}
        self._pack(course)

    def _pack(self, course: Course) -> None:
        """The tables of the packed states, by square number."""
        self.squares = sorted(course.floor)
        self.number = {s: n for n, s in enumerate(self.squares)}
        self.beams = [self.beam.get(s, 0) for s in self.squares]
        self.most_beam = max(self.beams, default=0)
        self.sites = [self.kind[s] in ("repair", "upgrade") for s in self.squares]
        # per flags touched (all of them: 0), as flag_distance says
        self.distances = [[d.get(s, FAR) for s in self.squares] for d in self.distance]
        self.distances.append([0] * len(self.squares))
        self.flag_numbers = [self.number.get(f, -1) for f in self.flags] + [-1]
        # with the Gyroscopic Stabilizer off and on: poses after a register
        # (by register, kind and pose); live packed states without damage
        # after a register (see packed_step), by kind and state for those
        # the register's number does not change (most: no pusher can act on
        # them, RR-BOARD-05, and they do not win), by register, kind and state
        # for the others; then the packed scores
        self.packed_moves = tuple([[{} for _ in KINDS] for _ in range(6)] for _ in range(2))
        self.packed_steps = tuple([{} for _ in KINDS] for _ in range(2))
        self.register_steps = tuple([[{} for _ in KINDS] for _ in range(6)] for _ in range(2))
        self.packed_values: dict = {}

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
        step = self.walks.get((square, d), self)
        return self._walk(square, d) if step is self else step

    def _walk(self, square, d):
        if self.course.wall(square, d):
            return square
        there = ahead(square, d)
        return there if self.kind.get(there, "pit") != "pit" else DEAD

    def _carry(self, square, facing, steady=False):
        d = self.belt[square]
        if (square, d) in self.walled:
            return square, facing
        there = ahead(square, d)
        if self.kind.get(there, "pit") == "pit":
            return DEAD, facing
        if steady:  # Gyroscopic Stabilizer: turning belts do not turn it
            return there, facing
        out = self.belt.get(there)
        if out == turn(d, 1):
            facing = turn(facing, 1)
        elif out == turn(d, -1):
            facing = turn(facing, -1)
        return there, facing

    def _pair(self, square, facing, kind: tuple):
        """A shared register (RR-OPT-08 #6, #8): Crab Legs steps to the
        turn's side without turning; Dual Processor moves one square less
        (two with a U-Turn), then turns."""
        move, rotation, option = kind
        if option == "Crab Legs":
            return self.walk(square, turn(facing, TURNS[rotation])), facing
        n = STEPS[move]
        d = facing if n > 0 else turn(facing, 2)
        for _ in range(max(0, abs(n) - (2 if TURNS[rotation] == 2 else 1))):
            square = self.walk(square, d)
            if square is DEAD:
                return square, facing
        return square, turn(facing, TURNS[rotation])

    def register(self, state: tuple, register: int, kind, steady: bool = False) -> tuple:
        """State after one register: (square, facing, damage, flags, won_in);
        square None when destroyed. A finished or destroyed robot stays.
        `kind` is a card kind, None, or (move, rotation, option) for a
        shared register; `steady`: Gyroscopic Stabilizer on."""
        memo = self.steady_memo if steady else self.memo
        if len(memo) > MEMO_LIMIT:
            self.clear()
        key = (state, register, kind)
        hit = memo.get(key)
        if hit is not None:
            return hit
        square, facing, damage, flags, won = state
        if square is DEAD or won:
            memo[key] = state
            return state
        # the move alone (A to C) depends on neither damage nor flags
        moved = self.moves.get((square, facing, register, kind, steady))
        if moved is None:
            moved = self.moves[square, facing, register, kind, steady] = self.move_of(
                square, facing, register, kind, steady
            )
        square, facing = moved
        if square is not DEAD:  # D: board lasers
            damage += self.beam.get(square, 0)
            if damage >= 10:
                square = DEAD
        if square is not DEAD and flags < len(self.flags) and self.flags[flags] == square:
            flags += 1  # E
            if flags == len(self.flags):
                won = register
        out = (square, facing, damage, flags, won)
        memo[key] = out
        return out

    def packed(self, state: tuple) -> int:
        """A state (square, facing, damage, flags, won_in) packed."""
        square, facing, damage, flags, won = state
        # a live robot has at most 9 damage and a register adds one beam;
        # flags never pass the course's count
        if damage + self.most_beam >= 1 << (POSE_AT - DAMAGE_AT) or len(self.flags) >= 32:
            raise ValueError(f"a state the packed search cannot hold: {state}")
        pose = 0 if square is DEAD else 1 + self.number[square] * 4 + DIRS.index(facing)
        return pose << POSE_AT | damage << DAMAGE_AT | flags << 3 | won

    def packed_step(self, number: int, register: int, kind: int, steady: bool) -> int:
        """`register` on a packed state, `kind` a number in KINDS. The damage
        a live robot comes with only adds to the damage it leaves with,
        unless the sum destroys it (step D), so the step is kept for the
        state without damage (`packed_steps`): a robot meets the same poses
        and flags with other damage."""
        if number < ALIVE or number & 7:  # destroyed or through its last flag: it stays
            return number
        damage = number & DAMAGE_BITS
        after = self.packed_steps[steady][kind].get(number - damage)
        if after is None:
            after = self.undamaged_step(number - damage, register, kind, steady)
        after += damage
        if after & DAMAGE_BITS >= DESTROYED_AT:  # D: board lasers, before the flag (E)
            return after & DAMAGE_BITS | number & FLAG_BITS
        return after

    def undamaged_step(self, number: int, register: int, kind: int, steady: bool) -> int:
        """packed_step of a live state without damage (the board lasers'
        damage, D, is all it leaves with), kept by kind alone (`packed_steps`)
        when the register's number changes nothing: no pusher can act on it
        (RR-BOARD-05) and it does not win; by register too when it does."""
        kept = self.register_steps[steady][register][kind]
        after = kept.get(number)
        if after is not None:
            return after
        pose = number >> POSE_AT
        moves = self.packed_moves[steady][register][kind]
        moved = moves.get(pose)
        if moved is None:  # the pose after the moves (0: destroyed) << 1 | a pusher may act
            square, facing = self.squares[(pose - 1) >> 2], DIRS[(pose - 1) & 3]
            square, facing, pushable = self.moved(square, facing, register, KINDS[kind], steady)
            after = 0 if square is DEAD else 1 + self.number[square] * 4 + DIRS.index(facing)
            moved = moves[pose] = after << 1 | pushable
        after, won = moved >> 1, 0
        if not after:  # destroyed
            after = number & (ALIVE - 1)
        else:
            flags, square = (number >> 3) & 31, (after - 1) >> 2
            if self.flag_numbers[flags] == square:  # E
                flags += 1
                if flags == len(self.flags):
                    won = register
            after = after << POSE_AT | self.beams[square] << DAMAGE_AT | flags << 3 | won
        if won or moved & 1:  # it wins, or a pusher may act
            kept[number] = after
        else:
            self.packed_steps[steady][kind][number] = after
        return after

    def packed_value(self, number: int) -> int:
        """RR-BOT-05's score of a packed final state as one int >= 0, in the
        order of options.score's tuple: won (the earlier register higher),
        alive, flags, nearer the next flag (FAR < 2**20), less damage, on a
        site. The start's flags and damage need not be taken off: only
        programs from the same start are compared."""
        won, flags = number & 7, (number >> 3) & 31
        damage, pose = (number >> DAMAGE_AT) & 63, number >> POSE_AT
        square = (pose - 1) >> 2
        distance = 0 if won or not pose else self.distances[flags][square]
        site = pose and self.sites[square]
        value = (8 - won if won else 0) << 1 | (1 if pose else 0)
        value = ((value << 5 | flags) << 20 | (FAR - distance)) << 6 | (63 - damage)
        value = value << 1 | (1 if site else 0)
        self.packed_values[number] = value
        return value

    def steady_register(self, state: tuple, register: int, kind) -> tuple:
        return self.register(state, register, kind, True)

    def clear(self) -> None:
        for memo in (self.memo, self.steady_memo, self.moves, self.ranks):
            memo.clear()
        self.packed_values.clear()
        for steps in (*self.packed_moves, *self.register_steps):
            for row in steps:
                for kept in row:
                    kept.clear()
        for row in self.packed_steps:
            for kept in row:
                kept.clear()

    def move_of(self, square, facing, register: int, kind, steady: bool) -> tuple:
        """Square and facing after the card (A, B) and the board's moves C1-C4."""
        return self.moved(square, facing, register, kind, steady)[:2]

    def moved(self, square, facing, register: int, kind, steady: bool) -> tuple:
        """move_of, and whether a pusher may act on the robot (it is on one
        after the belts): the only thing the register's number changes."""
        if kind is None:  # a locked register with no card: no move
            pass
        elif isinstance(kind, tuple):
            square, facing = self._pair(square, facing, kind)
        elif kind in TURNS:  # step B
            facing = turn(facing, TURNS[kind])
        else:
            n = STEPS[kind]
            d = facing if n > 0 else turn(facing, 2)
            walks = self.walks
            for _ in range(abs(n)):
                square = walks[square, d]
                if square is DEAD:
                    break
        if square is not DEAD and square in self.express:  # C1
            square, facing = self._carry(square, facing, steady)
        if square is not DEAD and square in self.belt:  # C2
            square, facing = self._carry(square, facing, steady)
        pushable = square is not DEAD and square in self.pusher
        if pushable:  # C3
            p = self.pusher[square]
            if register in p["registers"]:
                square = self.walks[square, p["dir"]]
        if square is not DEAD and square in self.spin and not steady:  # C4
            facing = turn(facing, self.spin[square])
        return square, facing, pushable


@cache
def solo_for(course_id: str) -> Solo:
    return Solo(load_course(course_id))
