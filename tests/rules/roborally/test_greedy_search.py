"""`greedy`'s program search (RR-BOT-03, RR-BOT-05) checked against the
plainest reading of the rules: every distinct ordering of the hand's kinds
over the open registers, each run on the model of its own robot alone
(RR-BOT-04, Solo.register) and scored as RR-BOT-05 says, the best kept and
ties to the smallest sequence in KIND_ORDER. The search keeps moves, scores
and the last register's answers between searches to be fast (issue 27); it
must choose exactly what this enumeration chooses, for every course, start,
hand, locked registers and with the Gyroscopic Stabilizer on and off."""

import random
from itertools import permutations

import pytest

from races.rules.roborally.bots.greedy import program_search
from races.rules.roborally.bots.options import run
from races.rules.roborally.bots.solo import Solo
from races.rules.roborally.rules.cards import ALL_CARDS, KIND, KIND_ORDER
from races.rules.roborally.rules.course import DIRS, course_ids
from races.rules.roborally.rules.validate import load_course


def enumerated(solo, start, locked, hand, steady):
    """RR-BOT-03's every assignment, RR-BOT-05's best and its tie rule."""
    open_registers = [r for r in range(1, 6) if r not in locked]
    best = None
    for kinds in set(permutations([KIND[c] for c in hand], len(open_registers))):
        program = dict(zip(open_registers, kinds, strict=True))
        whole = [program.get(r, locked.get(r)) for r in range(1, 6)]
        value = run(solo, start, whole, steady=steady)
        order = tuple(KIND_ORDER.index(k) for k in kinds)
        if best is None or value > best[0] or (value == best[0] and order < best[1]):
            best = (value, order, [program.get(r) for r in range(1, 6)])
    return best[2]


def random_case(rng, solo):
    locked_count = rng.choice([0, 0, 0, 1, 2, 3, 4])
    locked = {
        r: KIND[rng.choice(ALL_CARDS)] if rng.random() < 0.8 else None
        for r in range(6 - locked_count, 6)
    }
    hand = rng.sample(ALL_CARDS, rng.randint(5 - locked_count, min(7, 9 - locked_count)))
    square = rng.choice(sorted(solo.course.floor))
    start = (square, rng.choice(DIRS), rng.randint(0, 9), rng.randint(0, len(solo.flags)), 0)
    return start, locked, hand, rng.random() < 0.25


@pytest.mark.parametrize("course_id", course_ids())
def test_the_search_chooses_what_the_plain_enumeration_chooses(course_id):
    rng = random.Random(course_id)
    solo = Solo(load_course(course_id))  # one model for all: its kept answers are shared
    for _ in range(40):
        start, locked, hand, steady = random_case(rng, solo)
        expected = enumerated(solo, start, locked, hand, steady)
        assert program_search(solo, start, locked, hand, steady) == expected, (
            start,
            locked,
            hand,
            steady,
        )
