"""Whole turns through the race API: programming, the timer, power down,
locks, cleanup and re-entry (RR-PROG, RR-PD, RR-CLEAN, RR-RESPAWN;
scenarios RR-TEST-33, 35, 38, 40..42, 50)."""

import pytest

from races.rules import Action, IllegalAction
from races.rules.roborally.flow import repairs

from .scenario import blank_course, factory, race, robot

ROTATIONS = [30, 40, 50, 60, 90, 100, 110, 120, 130]  # nine turning cards


def program(r, seat, registers):
    r.apply(seat, Action("program", {"registers": registers}))


def kinds(r):
    return [(d.seat, d.kind) for d in r.pending]


def of(r, kind, seat=None):
    return [e for e in r.events if e.type == kind and (seat is None or e.seat == seat)]


def test_a_locked_register_keeps_its_card_until_repaired():  # RR-TEST-33, RR-LOCK-01
    course = blank_course(
        squares=[{"x": 5, "y": 5, "type": "repair"}], walls=[{"x": 5, "y": 5, "side": "N"}]
    )
    a = robot("a", (5, 5), "N", damage=5, registers=[None, None, None, None, 500])
    b = robot("b", (0, 11), "N")
    r = race(course, [a, b], decks=[[10, 20, 70, 80, *ROTATIONS]])
    assert r.view("a")["cars"][0]["hand"] == [10, 20, 70, 80]
    with pytest.raises(IllegalAction, match="register 5 is locked"):
        program(r, "a", [10, 20, 70, 80, 500])
    program(r, "a", [10, 20, 70, 80, None])
    program(r, "b", ROTATIONS[:5])
    assert kinds(r) == [("a", "power_down")]
    r.apply("a", Action("power_down", {"answer": "no"}))
    shown = [(e.data["register"], e.data["card"]) for e in of(r, "card_revealed", "a")]
    assert shown[-1] == (5, 500)
    unlocked = of(r, "register_unlocked", "a")
    assert [(e.data["locked"], e.data["card"]) for e in unlocked] == [(5, 500)]
    assert r.f.robot("a").damage == 4
    assert of(r, "cards_dealt", "a")[-1].data["count"] == 5  # turn 2
    assert 500 not in r.f.robot("a").registers


def test_the_timer_starts_for_the_last_programmer_and_fills_at_random():  # RR-TEST-40
    def started(seed):
        course = blank_course()
        r = race(course, [robot("a", (2, 9), "N"), robot("b", (9, 9), "N")], seed=seed)
        hand = r.view("a")["cars"][0]["hand"]
        r.apply("a", Action("place", {"registers": [hand[0], hand[1], None, None, None]}))
        with pytest.raises(IllegalAction, match="timer"):
            r.apply("a", Action("timeout"))
        b_hand = r.view("b")["cars"][1]["hand"]
        program(r, "b", b_hand[:5])
        assert [e.seat for e in of(r, "timer_started")] == ["a"]
        assert r.pending[0].default == Action("timeout")
        with pytest.raises(IllegalAction):
            r.apply("b", Action("timeout"))
        r.apply("a", Action("timeout"))
        return r, hand

    r, hand = started(11)
    filled = of(r, "program_autofilled", "a")[0].data
    assert filled["filled"] == [3, 4, 5]
    submitted = of(r, "program_submitted", "a")[0].data
    assert submitted["timeout"] is True
    program_a = submitted["private"]["registers"]
    assert program_a[:2] == hand[:2]
    assert len(submitted["leftover"]) == 4 and set(program_a[2:]) <= set(hand[2:])
    again, _ = started(11)
    assert of(again, "program_submitted", "a")[0].data == submitted


def test_only_damaged_robots_are_asked_to_power_down():  # RR-TEST-41, RR-PD-01
    r = race(blank_course(), [robot("a", (2, 9)), robot("b", (9, 9), damage=1)],
             decks=[ROTATIONS + [140, 150, 160, 170, 180, 190, 200, 210]])  # fmt: skip
    hand_b = r.view("b")["cars"][1]["hand"]
    program(r, "a", ROTATIONS[:5])
    program(r, "b", hand_b[:5])
    assert kinds(r) == [("b", "power_down")]
    with pytest.raises(IllegalAction):
        r.apply("a", Action("power_down", {"answer": "yes"}))


def test_a_powered_down_turn_sheds_damage_and_deals_nothing():  # RR-TEST-38, RR-PD-04
    r = race(blank_course(), [robot("a", (2, 9), "E", damage=4), robot("b", (9, 9), "N")],
             decks=[[140, 150, 160, 170, 180, *ROTATIONS]])  # fmt: skip
    program(r, "a", [140, 150, 160, 170, 180])
    program(r, "b", ROTATIONS[:5])
    r.apply("a", Action("power_down", {"answer": "yes"}))
    assert len(of(r, "card_revealed", "a")) == 5  # the turn-1 program still runs
    assert r.f.turn == 2 and r.f.robot("a").powered_down
    assert r.f.robot("a").damage == 0
    assert [e.seat for e in of(r, "cards_dealt") if e.round == 2] == ["b"]
    assert [d.seat for d in r.pending] == ["b"]
    assert of(r, "timer_started")[-1].seat == "b"  # RR-PROG-05: the only programmer


def test_destruction_and_reentry_powered_down():  # RR-TEST-35, RR-TEST-42, RR-RESPAWN-05
    a = robot("a", (5, 1), "N", damage=4)
    r = race(blank_course(), [a, robot("b", (9, 9), "W")],
             decks=[[800, 140, 150, 160, 170, *ROTATIONS]])  # fmt: skip
    program(r, "a", [800, 140, 150, 160, 170])
    program(r, "b", ROTATIONS[:5])
    r.apply("a", Action("power_down", {"answer": "yes"}))
    assert of(r, "robot_destroyed", "a")[0].data["cause"] == "off_course"
    assert not [e for e in of(r, "card_revealed", "a") if e.data["register"] > 1]
    assert r.f.robot("a").lives == 2 and r.f.robot("a").power_down_next is False  # RR-PD-08
    assert kinds(r) == [("a", "respawn")]
    r.apply("a", Action("respawn", {"square": [5, 1], "facing": "E"}))
    assert (r.f.robot("a").square, r.f.robot("a").facing, r.f.robot("a").damage) == (
        (5, 1), "E", 2
    )  # fmt: skip
    assert kinds(r) == [("a", "reentry_power_down")]
    r.apply("a", Action("reentry_power_down", {"answer": "yes"}))
    assert r.f.turn == 2 and r.f.robot("a").damage == 0
    assert [e.seat for e in of(r, "cards_dealt") if e.round == 2] == ["b"]


def test_an_archive_on_a_repair_site_is_where_the_robot_returns():  # RR-TEST-50, RR-FLAG-04
    course = blank_course(squares=[{"x": 7, "y": 7, "type": "repair"},
                                   {"x": 7, "y": 5, "type": "pit"}])  # fmt: skip
    a = robot("a", (7, 8), "N", damage=3)
    # register 1 Move 1 onto the repair site; 2, 3 turn and turn back; 4 Move 2 into the pit
    r = race(course, [a, robot("b", (0, 11), "N")],
             decks=[[490, 140, 150, 700, 160, 170, *ROTATIONS]])  # fmt: skip
    program(r, "a", [490, 140, 150, 700, 160])
    program(r, "b", ROTATIONS[:5])
    r.apply("a", Action("power_down", {"answer": "no"}))
    archived = of(r, "archive_updated", "a")
    assert [(e.data["register"], e.data["square"]) for e in archived] == [(1, [7, 7])]
    assert of(r, "robot_destroyed", "a")[0].data["register"] == 4
    assert not of(r, "repaired", "a")
    assert r.pending[0].options["squares"][0]["square"] == [7, 7]
    r.apply("a", Action("respawn", {"square": [7, 7], "facing": "N"}))
    assert r.f.robot("a").damage == 2


def test_repair_and_upgrade_sites_repair_at_cleanup():  # RR-TEST-32 (options off), RR-CLEAN-02
    course = blank_course(
        squares=[{"x": 2, "y": 9, "type": "repair"}, {"x": 9, "y": 9, "type": "upgrade"},
                 {"x": 5, "y": 2, "type": "upgrade"}]
    )  # fmt: skip
    f = factory(
        course,
        [robot("a", (2, 9), damage=3), robot("b", (9, 9)),
         robot("c", (5, 2), damage=1, powered_down=True)],
    )  # fmt: skip
    repairs(f)
    assert [f.robot(s).damage for s in "abc"] == [2, 0, 0]
    assert [(e.seat, e.data["before"], e.data["after"]) for e in f.events] == [
        ("a", 3, 2),
        ("c", 1, 0),
    ]


def test_repair_unlocks_the_lowest_locked_register_first():  # RR-LOCK-02, RR-CLEAN-03
    course = blank_course(squares=[{"x": 2, "y": 9, "type": "repair"}])
    f = factory(course, [robot("a", (2, 9), damage=6, registers=[10, 20, 30, 430, 500])])
    repairs(f)
    assert f.robot("a").registers == [10, 20, 30, None, 500] and f.discard == [430]
