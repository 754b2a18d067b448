"""Step C: conveyors, pushers and gears (RR-ELEM, RR-CONV, RR-PUSHER,
RR-GEAR; scenarios RR-TEST-14..23 and 52)."""

import pytest

from .scenario import blank_course, factory, robot
from .steps import step_b, step_c, step_d, types, where


def belt(x, y, d, kind="conveyor"):
    return {"x": x, "y": y, "type": kind, "dir": d}


def test_a_powered_down_robot_is_pushed_and_then_blocks_the_belt():  # RR-TEST-14
    course = blank_course(squares=[belt(2, 2, "E")])
    f = factory(
        course,
        [robot("a", (2, 2), "N", powered_down=True), robot("b", (0, 2), "E", registers=[700])],
    )
    step_b(f)
    assert f.robot("a").square == (3, 2) and f.robot("a").damage == 1
    step_c(f)
    assert f.robot("b").square == (2, 2)  # blocked by A, not a mover
    assert f.robot("a").square == (3, 2)
    assert "occupied" in [e.data["reason"] for e in types(f, "move_blocked")]
    step_d(f)
    assert f.robot("a").damage == 2 and f.robot("b").damage == 0  # RR-PD-05


def test_without_push_damage_and_alone_the_belt_carries_it():  # RR-TEST-14
    course = blank_course(squares=[belt(2, 2, "E")])
    f = factory(
        course,
        [robot("a", (2, 2), "N", powered_down=True), robot("b", (0, 2), "E", registers=[700])],
        push_damage=False,
    )
    step_b(f)
    step_c(f)
    assert f.robot("a").damage == 0
    alone = factory(course, [robot("a", (2, 2), "N", powered_down=True)])
    step_c(alone)
    assert alone.robot("a").square == (3, 2)


def test_express_belts_move_twice():  # RR-TEST-15, RR-ELEM-03
    course = blank_course(squares=[belt(x, 5, "E", "express") for x in (3, 4, 5)])
    f = factory(course, [robot("a", (3, 5), "N", powered_down=True)])
    step_c(f)
    assert where(f, "a") == ((5, 5), "N")


def test_express_then_normal_belt_in_one_register():  # RR-TEST-16
    course = blank_course(squares=[belt(3, 5, "E", "express"), belt(4, 5, "E"), belt(5, 5, "E")])
    f = factory(course, [robot("a", (3, 5), "N", powered_down=True)])
    step_c(f)
    moves = [(e.data["step"], e.data["to"]) for e in types(f, "robot_moved")]
    assert moves == [("C1", [4, 5]), ("C2", [5, 5])]


def test_a_turning_belt_turns_only_what_it_carries():  # RR-TEST-17, RR-CONV-05
    course = blank_course(squares=[belt(2, 2, "E"), belt(3, 2, "S")])
    f = factory(course, [robot("a", (2, 2), "E", powered_down=True)])
    step_c(f)
    assert where(f, "a") == ((3, 2), "S")
    g = factory(course, [robot("a", (1, 2), "E", registers=[700])])
    step_b(g)
    assert where(g, "a") == ((3, 2), "E")
    step_c(g)
    assert where(g, "a") == ((3, 3), "E")


def test_a_belt_into_a_standing_robot_is_blocked():  # RR-TEST-18
    course = blank_course(squares=[belt(2, 2, "E")])
    f = factory(course, [robot("a", (2, 2), powered_down=True), robot("b", (3, 2))])
    step_c(f)
    assert f.robot("a").square == (2, 2) and f.robot("b").square == (3, 2)
    assert f.robot("a").damage == f.robot("b").damage == 0


def test_a_belt_train_moves_together():  # RR-TEST-19, RR-CONV-02
    course = blank_course(squares=[belt(x, 2, "E") for x in (2, 3, 4)])
    f = factory(course, [robot("a", (2, 2), powered_down=True), robot("b", (3, 2))])
    step_c(f)
    assert f.robot("a").square == (3, 2) and f.robot("b").square == (4, 2)


def test_converging_belts_block_both():  # RR-TEST-20
    course = blank_course(squares=[belt(2, 2, "E"), belt(4, 2, "W")])
    f = factory(course, [robot("a", (2, 2)), robot("b", (4, 2))])
    step_c(f)
    assert f.robot("a").square == (2, 2) and f.robot("b").square == (4, 2)
    assert {e.data["reason"] for e in types(f, "move_blocked")} == {"conveyor_conflict"}


def test_a_belt_into_a_pit_destroys():  # RR-TEST-21, RR-CONV-06
    course = blank_course(squares=[belt(2, 2, "E"), {"x": 3, "y": 2, "type": "pit"}])
    f = factory(course, [robot("a", (2, 2))])
    step_c(f)
    assert [(e.data["cause"], e.data["step"]) for e in types(f, "robot_destroyed")] == [
        ("pit", "C2")
    ]


def test_gears_turn_in_place():  # RR-TEST-22
    course = blank_course(
        squares=[{"x": 6, "y": 6, "type": "gear", "spin": "cw"},
                 {"x": 8, "y": 8, "type": "gear", "spin": "ccw"}]
    )  # fmt: skip
    f = factory(course, [robot("a", (6, 6), "N"), robot("b", (8, 8), "N")])
    step_c(f)
    assert where(f, "a") == ((6, 6), "E") and where(f, "b") == ((8, 8), "W")


@pytest.mark.parametrize("register, square", [(1, (6, 6)), (2, (7, 6))])
def test_pushers_act_on_their_registers(register, square):  # RR-TEST-23
    course = blank_course(pushers=[{"x": 6, "y": 6, "dir": "E", "registers": [2, 4]}])
    f = factory(course, [robot("a", (6, 6), powered_down=True)])
    step_c(f, register)
    assert f.robot("a").square == square and f.robot("a").damage == 0


def test_a_pusher_pushes_a_line():  # RR-PUSHER-02
    course = blank_course(pushers=[{"x": 6, "y": 6, "dir": "E", "registers": [1]}])
    f = factory(course, [robot("a", (6, 6)), robot("b", (7, 6))])
    step_c(f)
    assert f.robot("a").square == (7, 6) and f.robot("b").square == (8, 6)
    assert f.robot("b").damage == 0


def merge_course():
    return blank_course(
        squares=[belt(3, y, "S") for y in range(2, 7)] + [belt(1, 4, "E"), belt(2, 4, "E")]
    )


def test_a_merge_does_not_turn_robots_on_the_straight():  # RR-TEST-52 scenario 1
    f = factory(merge_course(), [robot("a", (3, 3), "S", powered_down=True)])
    step_c(f, upto="C2")
    assert where(f, "a") == ((3, 4), "S")


def test_a_merge_turns_robots_from_the_side():  # RR-TEST-52 scenario 2
    f = factory(merge_course(), [robot("a", (2, 4), "E", powered_down=True)])
    step_c(f, upto="C2")
    assert where(f, "a") == ((3, 4), "S")
    assert [e.data["cause"] for e in types(f, "robot_rotated")] == ["conveyor"]
