"""Every option card's effect is logged so a reader of the log alone can
follow it (issue 27, RR-EVT-02, RR-EVT-05): an `option_used` event by the
holder's seat comes right before what the option does, with the details
RR-EVT-05 gives (a weapon {"weapon", "target"}, Crab Legs {"side"}, Dual
Processor {"cards"}, any other option {})."""

import pytest

from races.rules import Action
from races.rules.roborally.flow import repairs
from races.rules.roborally.rules.lasers import lasers_fire
from races.rules.roborally.rules.registers import move_robots, reveal

from .scenario import blank_course, factory, robot, settle
from .steps import step_b, step_e

NO = Action("prevent_damage", {"discard": []})


def used(f, option):
    """The index of each `option_used` of this option, with the event."""
    return [(i, e) for i, e in enumerate(f.events)
            if e.type == "option_used" and e.data["option"] == option]  # fmt: skip


def test_ramming_gear_is_logged_before_the_damage_it_deals():
    f = factory(
        blank_course(),
        [robot("a", (2, 5), "E", registers=[500], options=["Ramming Gear"]),
         robot("b", (3, 5), "N")],
        push_damage=False, options=True,
    )  # fmt: skip
    settle(move_robots(f, reveal(f, 1)))
    [(i, e)] = used(f, "Ramming Gear")
    assert e.seat == "a" and e.data["details"] == {}
    hurt = f.events[i + 1]
    assert (hurt.type, hurt.seat, hurt.data["source"], hurt.data["by"]) == (
        "damage_taken", "b", "ramming_gear", "a")  # fmt: skip


def test_a_high_power_laser_is_logged_only_when_it_passes_an_obstacle():
    course = blank_course(walls=[{"x": 3, "y": 8, "side": "E"}])
    f = factory(course, [robot("a", (3, 8), "E", options=["High-Power Laser"]),
                         robot("c", (6, 8))], options=True)  # fmt: skip
    settle(lasers_fire(f), [NO])
    [(i, e)] = used(f, "High-Power Laser")
    assert e.seat == "a" and f.events[i + 1].type == "laser_fired"
    assert f.events[i + 1].data["source"] == "a" and f.events[i + 1].data["target"] == "c"
    g = factory(blank_course(), [robot("a", (3, 8), "E", options=["High-Power Laser"])],
                options=True)  # fmt: skip
    settle(lasers_fire(g))
    assert used(g, "High-Power Laser") == []  # nothing in the way: the option did nothing


def test_a_rear_firing_laser_is_logged_before_its_shot():
    f = factory(blank_course(), [robot("a", (5, 5), "E", options=["Rear-Firing Laser"]),
                                 robot("b", (2, 5))], options=True)  # fmt: skip
    settle(lasers_fire(f), [NO])
    [(i, e)] = used(f, "Rear-Firing Laser")
    shot = f.events[i + 1]
    assert (shot.type, shot.data["direction"], shot.data["target"]) == ("laser_fired", "W", "b")


@pytest.mark.parametrize(
    "weapon, effect",
    [("Mini Howitzer", "damage_taken"), ("Pressor Beam", "robot_moved"),
     ("Scrambler", "register_scrambled"), ("Radio Control", None)],
)  # fmt: skip
def test_a_weapon_is_logged_when_chosen_before_its_damage_and_effects(weapon, effect):
    f = factory(blank_course(), [robot("a", (2, 8), "E", options=[weapon]),
                                 robot("b", (5, 8), registers=[490, 500, 510])],
                options=True)  # fmt: skip
    f.register, f.deck = 1, [800]
    settle(lasers_fire(f), [Action("weapon", {"weapon": weapon}), NO])
    [(i, e)] = used(f, weapon)
    assert e.data["details"] == {"weapon": weapon, "target": "b"}
    assert f.events[i - 1].type == "laser_fired"  # right after the shot it replaces
    later = [x.type for x in f.events[i + 1 :]]
    assert effect is None or effect in later


def test_a_tractor_beam_is_logged_before_the_pull():
    f = factory(blank_course(), [robot("a", (2, 8), "E", options=["Tractor Beam"]),
                                 robot("b", (5, 8))], options=True)  # fmt: skip
    f.register = 1
    settle(lasers_fire(f), [Action("weapon", {"weapon": "Tractor Beam"})])
    [(i, e)] = used(f, "Tractor Beam")
    pulled = [x for x in f.events[i + 1 :] if x.type == "robot_moved"]
    assert pulled[0].data["cause"] == "weapon" and pulled[0].data["to"] == [4, 8]


def test_fire_control_names_the_register_it_locks_before_the_lock():
    f = factory(blank_course(), [robot("a", (2, 8), "E", options=["Fire Control"]),
                                 robot("b", (5, 8), registers=[490, 500, 510, 520, 530])],
                options=True)  # fmt: skip
    f.register = 1
    settle(lasers_fire(f), [Action("weapon", {"weapon": "Fire Control", "register": 3})])
    [(i, e)] = used(f, "Fire Control")
    assert e.data["details"] == {"weapon": "Fire Control", "target": "b", "register": 3}
    locked = next(x for x in f.events[i + 1 :] if x.type == "register_locked")
    assert (locked.seat, locked.data["locked"], locked.data["extra"]) == ("b", 3, True)
    assert not [x for x in f.events if x.type == "damage_taken"]


def test_a_power_down_shield_is_logged_with_each_point_it_prevents():
    course = blank_course(lasers=[{"x": 0, "y": 4, "dir": "E", "count": 2}])
    a = robot("a", (3, 4), "N", powered_down=True, options=["Power-Down Shield"])
    f = factory(course, [a, robot("b", (6, 4), "W")], options=True)
    f.register = 1
    settle(lasers_fire(f), [NO, NO])
    shields = used(f, "Power-Down Shield")
    assert len(shields) == 2
    for i, _ in shields:
        nxt = f.events[i + 1]
        assert (nxt.type, nxt.data["by"], nxt.data["amount"]) == (
            "damage_prevented", "power_down_shield", 1)  # fmt: skip


def test_the_mechanical_arm_is_logged_when_it_reaches_past_its_own_square():
    course = blank_course(flags=[(5, 5)])
    f = factory(course, [robot("a", (6, 6), options=["Mechanical Arm"])], options=True)
    step_e(f)
    [(i, _), (j, _)] = used(f, "Mechanical Arm")
    assert f.events[i + 1].type == "flag_touched"
    assert (f.events[j + 1].type, f.events[j + 1].data["square"]) == ("archive_updated", [5, 5])
    course = blank_course(squares=[{"x": 5, "y": 5, "type": "repair"}])
    g = factory(course, [robot("a", (5, 6), damage=2, options=["Mechanical Arm"])], options=True)
    repairs(g)
    [(i, e)] = used(g, "Mechanical Arm")
    assert g.events[i + 1].type == "repaired"
    h = factory(course, [robot("a", (5, 5), damage=2, options=["Mechanical Arm"])], options=True)
    repairs(h)
    assert used(h, "Mechanical Arm") == []  # on the site itself the arm does nothing


@pytest.mark.parametrize(
    "option, pair, details",
    [("Crab Legs", [490, 80], {"side": "right"}),
     ("Dual Processor", [700, 80], {"cards": [700, 80]})],
)  # fmt: skip
def test_a_shared_register_logs_its_option_before_the_move(option, pair, details):
    f = factory(blank_course(), [robot("a", (5, 5), "N", registers=[pair], options=[option])],
                options=True)  # fmt: skip
    step_b(f)
    [(i, e)] = used(f, option)
    assert e.data["details"] == details
    assert f.events[i - 1].type == "card_revealed"
    assert f.events[i + 1].type == "robot_moved"
