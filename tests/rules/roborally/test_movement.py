"""Step B: cards, walls, pits, the border and pushing (RR-MOVE, RR-PUSH;
scenarios RR-TEST-04..13)."""

from .scenario import blank_course, factory, robot
from .steps import step_b, types, where


def test_move_2_goes_two_squares_ahead():  # RR-TEST-04, RR-DECK-03
    f = factory(blank_course(), [robot("a", (5, 5), "N", registers=[700])])
    step_b(f)
    assert where(f, "a") == ((5, 3), "N")
    moves = types(f, "robot_moved")  # RR-EVT-05: one event per square
    assert [(m.data["from"], m.data["to"], m.data["cause"]) for m in moves] == [
        ([5, 5], [5, 4], "card"),
        ([5, 4], [5, 3], "card"),
    ]


def test_back_up_and_turns_keep_or_change_the_facing():  # RR-TEST-05
    f = factory(blank_course(), [robot("a", (5, 5), "N", registers=[430, 80, 70, 10])])
    step_b(f, 1)
    assert where(f, "a") == ((5, 6), "N")
    for register, facing in ((2, "E"), (3, "N"), (4, "S")):
        step_b(f, register)
        assert where(f, "a") == ((5, 6), facing)


def test_a_wall_stops_the_card():  # RR-TEST-06
    course = blank_course(walls=[{"x": 5, "y": 4, "side": "N"}])
    f = factory(course, [robot("a", (5, 5), "N", registers=[800])])
    step_b(f)
    assert where(f, "a")[0] == (5, 4)
    assert f.robot("a").damage == 0
    assert [e.data["reason"] for e in types(f, "move_blocked")] == ["wall"]


def test_a_pit_destroys_the_robot_entering_it():  # RR-TEST-07, RR-DESTR-01
    course = blank_course(squares=[{"x": 5, "y": 3, "type": "pit"}])
    f = factory(course, [robot("a", (5, 5), "N", registers=[800])])
    step_b(f)
    a = f.robot("a")
    assert a.square is None and a.lives == 2
    assert [e.data["cause"] for e in types(f, "robot_destroyed")] == ["pit"]
    assert types(f, "robot_moved")[-1].data["to"] == [5, 3]  # no further step


def test_leaving_the_course_destroys():  # RR-TEST-08
    f = factory(blank_course(), [robot("a", (5, 1), "N", registers=[800])])
    step_b(f)
    assert types(f, "robot_moved")[-1].data["to"] == [5, -1]
    assert [e.data["cause"] for e in types(f, "robot_destroyed")] == ["off_course"]


def test_a_border_wall_keeps_the_robot_on():  # RR-TEST-09, RR-BOARD-04
    course = blank_course(walls=[{"x": 5, "y": 0, "side": "N"}])
    f = factory(course, [robot("a", (5, 1), "N", registers=[800])])
    step_b(f)
    assert where(f, "a")[0] == (5, 0) and not types(f, "robot_destroyed")


def test_priority_and_mutual_pushes():  # RR-TEST-10, RR-MOVE-01, RR-PUSH-06
    f = factory(
        blank_course(),
        [robot("a", (5, 5), "E", registers=[500]), robot("b", (7, 5), "W", registers=[700])],
    )
    step_b(f)
    assert where(f, "a") == ((5, 5), "E")
    assert where(f, "b") == ((6, 5), "W")
    assert (f.robot("a").damage, f.robot("b").damage) == (1, 1)
    firsts = [e.seat for e in types(f, "robot_moved")][:1]
    assert firsts == ["b"]  # 700 before 500


def test_a_line_is_pushed_and_each_takes_one_damage_per_card():  # RR-TEST-11, RR-PUSH-05
    f = factory(
        blank_course(),
        [
            robot("a", (2, 5), "E", registers=[800]),
            robot("b", (3, 5), "N", powered_down=True),
            robot("c", (4, 5), "N", powered_down=True),
        ],
    )
    step_b(f)
    assert [f.robot(s).square for s in "abc"] == [(5, 5), (6, 5), (7, 5)]
    assert (f.robot("b").damage, f.robot("c").damage) == (1, 1)


def test_a_push_against_a_wall_moves_nobody():  # RR-TEST-12, RR-PUSH-04
    course = blank_course(walls=[{"x": 3, "y": 5, "side": "E"}])
    f = factory(course, [robot("a", (2, 5), "E", registers=[700]), robot("b", (3, 5), "N")])
    step_b(f)
    assert f.robot("a").square == (2, 5) and f.robot("b").square == (3, 5)
    assert f.robot("b").damage == 0
    assert {e.data["reason"] for e in types(f, "move_blocked")} == {"push_blocked"}


def test_a_robot_pushed_into_a_pit_is_destroyed_without_push_damage():  # RR-TEST-13
    course = blank_course(squares=[{"x": 4, "y": 5, "type": "pit"}])
    f = factory(course, [robot("a", (2, 5), "E", registers=[500]), robot("b", (3, 5), "N")])
    step_b(f)
    b = f.robot("b")
    assert b.square is None and b.lives == 2 and b.damage == 0
    assert f.robot("a").square == (3, 5)
    assert not [e for e in types(f, "damage_taken") if e.seat == "b"]


def test_push_damage_can_be_switched_off():  # RR-PUSH-06, RR-CFG-01
    f = factory(
        blank_course(),
        [robot("a", (2, 5), "E", registers=[500]), robot("b", (3, 5), "N")],
        push_damage=False,
    )
    step_b(f)
    assert f.robot("b").square == (4, 5) and f.robot("b").damage == 0
