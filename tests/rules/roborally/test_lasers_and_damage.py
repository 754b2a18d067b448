"""Step D and damage: board and robot lasers, locks, destruction by damage
(RR-LASER, RR-DMG, RR-LOCK, RR-PD-06; scenarios RR-TEST-24..28, 39)."""

from races.rules.roborally.rules.damage import damage_deal

from .scenario import blank_course, factory, robot, settle
from .steps import step_d, types


def double_laser(**extra):
    return blank_course(lasers=[{"x": 0, "y": 4, "dir": "E", "count": 2}], **extra)


def test_a_double_laser_hits_only_the_nearest_robot():  # RR-TEST-24, RR-LASER-02
    f = factory(double_laser(), [robot("a", (3, 4)), robot("b", (6, 4))])
    step_d(f)
    assert (f.robot("a").damage, f.robot("b").damage) == (2, 0)
    board = [e for e in types(f, "laser_fired") if e.seat is None]
    assert board[0].data["target"] == "a" and board[0].data["beams"] == 2


def test_a_wall_stops_a_board_laser():  # RR-TEST-25
    course = double_laser(walls=[{"x": 2, "y": 4, "side": "E"}])
    f = factory(course, [robot("a", (3, 4)), robot("b", (6, 4))])
    step_d(f)
    assert (f.robot("a").damage, f.robot("b").damage) == (0, 0)
    assert types(f, "laser_fired")[0].data["target"] is None  # RR-EVT-05


def test_a_robot_laser_hits_the_first_robot_ahead():  # RR-TEST-26, RR-LASER-03
    f = factory(
        blank_course(), [robot("a", (2, 8), "E"), robot("b", (7, 8), "N"), robot("c", (9, 8), "S")]
    )
    step_d(f)
    assert [f.robot(s).damage for s in "abc"] == [0, 1, 0]


def test_powered_down_robots_do_not_fire():  # RR-TEST-27, RR-PD-05
    f = factory(
        blank_course(), [robot("a", (2, 8), "E", powered_down=True), robot("b", (5, 8), "W")]
    )
    step_d(f)
    assert (f.robot("a").damage, f.robot("b").damage) == (1, 0)


def test_simultaneous_fire_destroys_both_in_dock_order():  # RR-TEST-28, RR-LASER-01, -05
    f = factory(
        blank_course(),
        [robot("a", (2, 8), "E", damage=9, dock=1), robot("b", (5, 8), "W", damage=9, dock=2)],
    )
    step_d(f)
    destroyed = types(f, "robot_destroyed")
    assert [(e.seat, e.data["destruction_number"]) for e in destroyed] == [("b", 1), ("a", 2)]
    assert f.robot("a").lives == f.robot("b").lives == 2
    assert [e.data["new_damage"] for e in types(f, "damage_taken")] == [10, 10]


def test_damage_locks_registers_from_five_down():  # RR-DMG-02, RR-LOCK-01
    f = factory(blank_course(), [robot("a", (5, 5), registers=[10, 20, 30, 40, 50], damage=4)])
    settle(damage_deal(f, f.robot("a"), 2, "board_laser"))
    a = f.robot("a")
    assert [a.locked(r) for r in range(1, 6)] == [False, False, False, True, True]
    taken = types(f, "damage_taken")[0].data
    assert taken["registers_newly_locked"] == [5, 4] and taken["amount"] == 2
    assert [e.data["card"] for e in types(f, "register_locked")] == [50, 40]


def test_damage_past_ten_stops_at_ten_and_destroys():  # RR-DMG-03, RR-EVT-05
    f = factory(blank_course(), [robot("a", (5, 5), damage=8)])
    settle(damage_deal(f, f.robot("a"), 3, "board_laser"))
    assert types(f, "damage_taken")[0].data["amount"] == 2
    assert [e.data["cause"] for e in types(f, "robot_destroyed")] == ["damage"]
    assert f.robot("a").damage == 0  # RR-DESTR-03


def test_a_powered_down_robot_fills_a_newly_locked_register():  # RR-TEST-39, RR-PD-06
    course = blank_course(lasers=[{"x": 0, "y": 4, "dir": "E", "count": 1}])
    f = factory(course, [robot("a", (2, 4), powered_down=True)])
    f.deck = [330, 840, 500]
    for register in range(1, 6):
        step_d(f, register)
    a = f.robot("a")
    assert a.damage == 5 and a.locked(5) and a.registers[4] == 330
    filled = types(f, "locked_register_filled")
    assert [(e.data["locked"], e.data["card"]) for e in filled] == [(5, 330)]
