"""`greedy` uses every option card where its model of its own robot says it
helps (issue 27; the choices are in races/rules/roborally/bots/options.py):
Gyroscopic Stabilizer, Conditional Program, Abort Switch, Flywheel,
Recompile, Crab Legs, Dual Processor and the weapons, each where it scores
better, and not where it does not."""

import pytest

from races.rules import Action, Decision
from races.rules.roborally.bots import Greedy
from races.rules.roborally.bots.options import shared
from races.rules.roborally.rules.programming import program_decision
from races.rules.roborally.view import race_view

from .scenario import blank_course, factory, robot

MOVES_1 = [490, 500, 510, 520, 530]


def bot(course):
    return Greedy(0, "a", courses={"blank": course})


def asked(kind, register=1, **options):
    return Decision("a", kind, "", {"answers": ["no", "yes"], "register": register, **options})


def test_the_gyroscope_is_switched_on_when_a_gear_would_turn_it_off_its_way():
    course = blank_course(flags=[(5, 0)], squares=[{"x": 5, "y": 4, "type": "gear", "spin": "cw"}])
    f = factory(course, [robot("a", (5, 5), "N", registers=MOVES_1,
                               options=["Gyroscopic Stabilizer"])], options=True)  # fmt: skip
    f.register = 1
    answer = bot(course).choose(race_view(f, "a"), asked("gyroscope"))
    assert answer == Action("gyroscope", {"answer": "yes"})
    plain = blank_course(flags=[(5, 0)])
    answer = bot(plain).choose(race_view(f, "a"), asked("gyroscope"))
    assert answer == Action("gyroscope", {"answer": "no"})


def test_the_conditional_card_is_swapped_in_when_it_scores_better():
    course = blank_course(flags=[(5, 0)])
    a = robot("a", (5, 8), "N", registers=[490, 70, 70, 70, 70], options=["Conditional Program"])
    a.conditional = 800
    f = factory(course, [a], options=True)
    f.register = 2
    view = race_view(f, "a")
    assert bot(course).choose(view, asked("conditional_swap", 2)).params == {"answer": "yes"}
    f.robots[0].conditional = 10  # a U-Turn would only turn it away
    view = race_view(f, "a")
    assert bot(course).choose(view, asked("conditional_swap", 2)).params == {"answer": "no"}


def test_the_abort_switch_replaces_a_program_that_would_destroy_the_robot():
    course = blank_course(flags=[(5, 5)])
    f = factory(course, [robot("a", (5, 1), "N", registers=[800, 490, 70, 80, 70],
                               options=["Abort Switch"])], options=True)  # fmt: skip
    f.register = 1
    assert bot(course).choose(race_view(f, "a"), asked("abort_switch")).params == {"answer": "yes"}
    f.robots[0].facing = "S"  # the same program now reaches the flag
    assert bot(course).choose(race_view(f, "a"), asked("abort_switch")).params == {"answer": "no"}


def test_a_flywheel_card_is_taken_back_into_the_hand():
    course = blank_course(flags=[(5, 0)])
    f = factory(course, [robot("a", (5, 8), "N", options=["Flywheel"])], options=True)
    answer = bot(course).choose(race_view(f, "a"), asked("flywheel_use"))
    assert answer == Action("flywheel_use", {"answer": "yes"})


def programmed(course, options, hand, **fields):
    a = robot("a", (5, 8), "N", options=options, **fields)
    a.hand = list(hand)
    f = factory(course, [a], options=True)
    return bot(course).choose(race_view(f, "a"), program_decision(f, a))


def test_spare_cards_go_on_the_flywheel_and_conditional_program():
    course = blank_course(flags=[(5, 0)])
    hand = [*MOVES_1, 800, 70, 80, 10]
    action = programmed(course, ["Flywheel", "Conditional Program"], hand)
    assert action.kind == "program"
    used = set(action.params["registers"])
    assert action.params["flywheel"] not in used and action.params["conditional"] not in used
    assert {action.params["flywheel"], action.params["conditional"]} <= set(hand)


def test_a_hand_that_cannot_make_progress_is_recompiled():
    course = blank_course(flags=[(5, 0)])
    turns = [70, 80, 90, 100, 110, 120, 10, 20, 30]
    assert programmed(course, ["Recompile"], turns) == Action("recompile")
    assert programmed(course, ["Recompile"], [*MOVES_1, 70, 80, 90, 100]).kind == "program"


@pytest.mark.parametrize(
    "option, pair", [("Crab Legs", [490, 80]), ("Dual Processor", [700, 80])]
)  # fmt: skip
def test_a_spare_rotation_shares_a_register_when_that_scores_better(option, pair):
    """RR-OPT-08 #6, #8: Move 1 with Turn Right sidesteps onto the flag at
    once; Move 2 with Turn Right moves one square and turns toward it."""
    course = blank_course(flags=[(6, 8)] if option == "Crab Legs" else [(6, 7)])
    a = robot("a", (5, 8), "N", options=[option])
    me = race_view(factory(course, [a], options=True), "a")["cars"][0]
    me["hand"] = [pair[0], 10, 20, 30, 40, pair[1]]
    program = [pair[0], 10, 20, 30, 40]
    solo = bot(course).solo("blank")
    assert shared(solo, me, program, [pair[1]])[0] == pair
    assert shared(solo, me, program, [])[0] == pair[0]


def test_the_mini_howitzer_and_a_beam_that_slows_the_target_are_fired():
    course = blank_course(flags=[(9, 8)])
    f = factory(course, [robot("a", (2, 8), "E", options=["Mini Howitzer", "Pressor Beam"]),
                         robot("b", (5, 8), "N", flags=0)], options=True)  # fmt: skip
    f.register = 1
    ask = Decision("a", "weapon", "", {"weapons": ["main", "Mini Howitzer", "Pressor Beam"],
                                       "target": "b"})  # fmt: skip
    assert bot(course).choose(race_view(f, "a"), ask).params == {"weapon": "Mini Howitzer"}
    ask = Decision("a", "weapon", "", {"weapons": ["main", "Pressor Beam"], "target": "b"})
    assert bot(course).choose(race_view(f, "a"), ask).params == {"weapon": "main"}  # nearer
    f.robots[0].facing, f.robots[0].square = "W", (8, 8)
    assert bot(course).choose(race_view(f, "a"), ask).params == {"weapon": "Pressor Beam"}
