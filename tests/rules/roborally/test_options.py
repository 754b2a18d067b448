"""Option cards (section 16; scenarios RR-TEST-32, 34, 35, 47, 48, 49);
the programming options and Fire Control and Radio Control are in
test_option_programs.py."""

import pytest

from races.rules import Action, Decision, IllegalAction, Seat, get_game
from races.rules.roborally.bots import Greedy
from races.rules.roborally.flow import repairs
from races.rules.roborally.options import race_config
from races.rules.roborally.rules.damage import destroy
from races.rules.roborally.rules.lasers import lasers_fire
from races.rules.roborally.rules.option_cards import OPTION_NAMES
from races.rules.roborally.rules.registers import move_robots, reveal

from .scenario import blank_course, factory, race, robot, settle
from .steps import step_e, types
from .test_turns import ROTATIONS, of, program

NO = Action("prevent_damage", {"discard": []})


def test_the_option_deck_has_the_26_cards():  # RR-OPT-01, FACT [F6]
    assert len(OPTION_NAMES) == len(set(OPTION_NAMES)) == 26


def test_options_are_on_unless_a_race_switches_them_off():  # RR-CFG-01, RR-SETUP-06
    """RR-CFG-01's default `options: true`: the option deck is shuffled at
    setup; switched off, there is no option deck at all."""
    seats = [Seat("a", "A", "bot", "rookie"), Seat("b", "B", "bot", "rookie")]
    game = get_game("roborally")
    assert race_config(game.options, {"track": "shakedown"})["options"] is True
    race_on = get_game("roborally").start({"track": "shakedown"}, seats, 1)
    assert sorted(race_on.f.option_deck) == sorted(OPTION_NAMES)
    assert race_on.f.option_deck != list(OPTION_NAMES)  # shuffled (RR-RNG-02)
    race_off = get_game("roborally").start({"track": "shakedown", "options": False}, seats, 1)
    assert race_off.f.option_deck == []


def test_an_upgrade_site_draws_an_option_unless_powered_down():  # RR-TEST-32, RR-PD-05
    course = blank_course(
        squares=[{"x": 9, "y": 9, "type": "upgrade"}, {"x": 5, "y": 2, "type": "upgrade"}]
    )
    f = factory(course, [robot("b", (9, 9)), robot("c", (5, 2), damage=1, powered_down=True)],
                options=True)  # fmt: skip
    f.option_deck = list(OPTION_NAMES)
    repairs(f)
    assert f.robot("b").options == ["Ablative Coat"] and f.robot("c").options == []
    assert f.robot("c").damage == 0
    assert [(e.seat, e.data["option"]) for e in types(f, "option_drawn")] == [
        ("b", "Ablative Coat")
    ]


def test_discarding_an_option_prevents_a_point_of_damage():  # RR-TEST-34, RR-DMG-04
    course = blank_course(lasers=[{"x": 0, "y": 4, "dir": "E", "count": 2}])
    f = factory(course, [robot("a", (3, 4), options=["Brakes", "Reverse Gear"])], options=True)
    f.register, f.step = 1, "D"
    settle(lasers_fire(f), [Action("prevent_damage", {"discard": ["Brakes"]})])
    a = f.robot("a")
    assert a.damage == 1 and a.options == ["Reverse Gear"]
    assert [e.data["reason"] for e in types(f, "option_discarded")] == ["prevent"]
    assert [(e.data["amount"], e.data["by"]) for e in types(f, "damage_prevented")] == [
        (1, "discard")
    ]
    assert types(f, "damage_taken")[0].data["amount"] == 1


def test_a_destroyed_robot_discards_the_option_its_seat_chooses():  # RR-TEST-35, RR-DESTR-02
    f = factory(blank_course(), [robot("a", (5, 5), damage=4, options=["Brakes", "Fourth Gear"])])
    settle(
        destroy(f, f.robot("a"), "pit"), [Action("discard_on_destruction", {"option": "Brakes"})]
    )
    a = f.robot("a")
    assert a.options == ["Fourth Gear"] and a.lives == 2 and a.damage == 0
    assert f.option_discard == ["Brakes"]


def test_an_eliminated_robot_gives_up_every_option():  # RR-OPT-03, RR-LIFE-01
    f = factory(blank_course(), [robot("a", (5, 5), lives=1, options=["Brakes", "Flywheel"])])
    settle(
        destroy(f, f.robot("a"), "pit"), [Action("discard_on_destruction", {"option": "Brakes"})]
    )
    assert f.robot("a").options == [] and f.option_discard == ["Brakes", "Flywheel"]
    assert [e.data["reason"] for e in types(f, "option_discarded")] == ["destroyed", "eliminated"]


@pytest.mark.parametrize(
    "option, start, card, chosen, end",
    [
        ("Fourth Gear", (5, 10), 800, 4, (5, 6)),
        ("Fourth Gear", (5, 10), 800, 3, (5, 7)),
        ("Brakes", (5, 5), 500, 0, (5, 5)),
        ("Brakes", (5, 5), 500, 1, (5, 4)),
        ("Reverse Gear", (5, 5), 430, 2, (5, 7)),
        ("Reverse Gear", (5, 5), 430, 1, (5, 6)),
    ],
)
def test_movement_options_change_the_squares_moved(option, start, card, chosen, end):  # RR-TEST-47
    f = factory(blank_course(), [robot("a", start, "N", registers=[card], options=[option])],
                options=True)  # fmt: skip
    f.register = 1
    settle(move_robots(f, reveal(f, 1)), [Action("move_option", {"squares": chosen})])
    assert f.robot("a").square == end


def test_ablative_coat_absorbs_three_points_then_is_used_up():  # RR-TEST-48
    triple = blank_course(lasers=[{"x": 0, "y": 8, "dir": "E", "count": 3}])
    f = factory(triple, [robot("b", (4, 8), "S", options=["Ablative Coat"])], options=True)
    f.register, f.step = 1, "D"
    settle(lasers_fire(f))
    b = f.robot("b")
    assert b.damage == 0 and b.options == []
    assert [e.data["reason"] for e in types(f, "option_discarded")] == ["used_up"]
    assert [(e.data["amount"], e.data["by"]) for e in types(f, "damage_prevented")] == [
        (3, "ablative_coat")
    ]
    f.course.lasers[0]["count"] = 1  # a single laser in the next register
    f.register = 2
    settle(lasers_fire(f))
    assert b.damage == 1


def test_superior_archive_re_enters_without_damage():  # RR-TEST-48, RR-RESPAWN-05
    course = blank_course(squares=[{"x": 5, "y": 0, "type": "pit"}])
    a = robot("a", (5, 1), "N", options=["Superior Archive", "Brakes"], archive=(5, 3))
    r = race(course, [a, robot("b", (0, 11), "N")],
             decks=[[500, 140, 150, 160, 170, 180, 190, 200, 210, *ROTATIONS]],
             options=True)  # fmt: skip
    program(r, "a", [500, 140, 150, 160, 170])
    program(r, "b", ROTATIONS[:5])
    r.apply("a", Action("move_option", {"squares": 1}))
    r.apply("a", Action("discard_on_destruction", {"option": "Brakes"}))
    r.apply("a", Action("respawn", {"square": [5, 3], "facing": "N"}))
    assert r.f.robot("a").damage == 0
    assert of(r, "robot_respawned", "a")[0].data["damage"] == 0


def test_circuit_breaker_powers_a_damaged_robot_down():  # RR-TEST-49, RR-CLEAN-07 item 1
    course = blank_course(lasers=[{"x": 0, "y": 4, "dir": "E", "count": 3}])
    a = robot("a", (3, 4), "N", options=["Circuit Breaker"])
    hand = [10, 490, 140, 150, 160, 170, 180, 190, 200]  # U-turn, then Move 1 out of the beam
    r = race(course, [a, robot("b", (0, 11), "N")], decks=[[*hand, *ROTATIONS]], options=True)
    program(r, "a", [10, 490, 140, 150, 160])
    program(r, "b", ROTATIONS[:5])
    assert [d.kind for d in r.pending] == ["prevent_damage"]
    with pytest.raises(IllegalAction):
        r.apply("a", Action("prevent_damage", {"discard": ["Brakes"]}))
    r.apply("a", NO)
    decided = of(r, "power_down_decided", "a")
    assert [(e.data["kind"], e.data["yes"]) for e in decided] == [("circuit_breaker", True)]
    assert r.f.turn == 2 and r.f.robot("a").powered_down and r.f.robot("a").damage == 0


def test_greedy_discards_only_to_stay_below_ten_and_picks_the_nearer_move():  # RR-BOT-07
    course = blank_course(flags=[(5, 1)])
    a = robot("a", (5, 10), "N", damage=8, options=["Brakes", "Fourth Gear"])
    r = race(course, [a, robot("b", (0, 11), "S")], seed=1, options=True)
    bot = Greedy(1, "a", courses={"blank": course})
    view = r.view("a")
    ask = Decision("a", "prevent_damage", "", {"options": ["Brakes", "Fourth Gear"], "amount": 3})
    assert bot.choose(view, ask) == Action("prevent_damage", {"discard": ["Fourth Gear", "Brakes"]})
    ask = Decision("a", "prevent_damage", "", {"options": ["Brakes", "Fourth Gear"], "amount": 1})
    assert bot.choose(view, ask) == Action("prevent_damage", {"discard": []})
    ask = Decision("a", "move_option", "", {"option": "Fourth Gear", "squares": [3, 4]})
    assert bot.choose(view, ask) == Action("move_option", {"squares": 4})
    ask = Decision("a", "move_option", "", {"option": "Brakes", "squares": [1, 0]})
    assert bot.choose(view, ask) == Action("move_option", {"squares": 1})


def test_ramming_gear_hurts_whoever_it_pushes_or_bumps():  # RR-OPT-08 #20
    f = factory(
        blank_course(),
        [robot("a", (2, 5), "E", registers=[500], options=["Ramming Gear"]),
         robot("b", (3, 5), "N")],
        push_damage=False, options=True,
    )  # fmt: skip
    settle(move_robots(f, reveal(f, 1)))
    assert f.robot("b").damage == 1 and f.robot("a").damage == 0
    walled = blank_course(walls=[{"x": 3, "y": 5, "side": "E"}])
    g = factory(walled, [robot("a", (2, 5), "E", registers=[500]),
                         robot("b", (3, 5), "N", options=["Ramming Gear"])],
                push_damage=False, options=True)  # fmt: skip
    settle(move_robots(g, reveal(g, 1)))  # a bump against B's Ramming Gear
    assert g.robot("a").damage == 1 and g.robot("a").square == (2, 5)


def test_a_high_power_laser_passes_through_one_obstacle():  # RR-OPT-08 #14
    course = blank_course(walls=[{"x": 3, "y": 8, "side": "E"}])
    shooter = robot("a", (2, 8), "E", options=["High-Power Laser"])
    f = factory(course, [shooter, robot("b", (3, 8)), robot("c", (6, 8)), robot("d", (8, 8))],
                options=True)  # fmt: skip
    f.register = 1
    settle(lasers_fire(f))
    # through B (a robot is one obstacle) and stopped by the wall: B hit, C not
    assert [f.robot(s).damage for s in "bcd"] == [1, 0, 0]
    g = factory(course, [robot("a", (3, 8), "E", options=["High-Power Laser"]),
                         robot("c", (6, 8)), robot("d", (8, 8))], options=True)  # fmt: skip
    settle(lasers_fire(g))
    assert [g.robot(s).damage for s in "cd"] == [1, 0]  # through the wall, stops at C


def test_an_active_gyroscope_keeps_gears_and_belts_from_turning():  # RR-OPT-08 #13, RR-DEC-05
    course = blank_course(squares=[{"x": 5, "y": 5, "type": "gear", "spin": "cw"}])
    a = robot("a", (5, 5), "N", options=["Gyroscopic Stabilizer"])
    r = race(course, [a, robot("b", (0, 11), "S")],
             decks=[[140, 150, 160, 170, 180, 190, 200, 210, 220, *ROTATIONS]],
             options=True)  # fmt: skip
    program(r, "a", [140, 150, 140 + 40, 150 + 40, 220])
    program(r, "b", ROTATIONS[:5])
    assert [d.kind for d in r.pending] == ["gyroscope"]
    r.apply("a", Action("gyroscope", {"answer": "yes"}))
    assert not [e for e in of(r, "robot_rotated", "a") if e.data["cause"] == "gear"]
    assert of(r, "option_used", "a")[0].data["details"] == {"active": True}


def test_a_power_down_shield_takes_one_point_per_side_per_register():  # RR-OPT-08 #17
    course = blank_course(lasers=[{"x": 0, "y": 4, "dir": "E", "count": 2}])
    a = robot("a", (3, 4), "N", powered_down=True, options=["Power-Down Shield"])
    f = factory(course, [a, robot("b", (6, 4), "W")], options=True)
    f.register = 1
    settle(lasers_fire(f), [NO, NO])  # two from the west (double laser), one from the east
    assert f.robot("a").damage == 1  # 3 points, one kept off on each of two sides
    assert [e.data["by"] for e in types(f, "damage_prevented")] == ["power_down_shield"] * 2
    f.register = 2
    settle(lasers_fire(f), [NO, NO])
    assert f.robot("a").damage == 2


def test_a_joint_finish_with_the_mechanical_arm():  # RR-TEST-31, RR-RANK-02
    course = blank_course(flags=[(9, 9), (5, 5)])
    a = robot("a", (5, 6), "N", flags=1)
    b = robot("b", (6, 7), "N", flags=1, options=["Mechanical Arm"])
    r = race(course, [a, b], decks=[[500, *ROTATIONS[:8], 700, 140, 150, 160, 170, 180, 190,
                                     200, 210]], options=True)  # fmt: skip
    program(r, "a", [500, *ROTATIONS[:4]])
    program(r, "b", [700, 140, 150, 160, 170])
    assert r.finished
    assert (r.f.robot("a").square, r.f.robot("b").square) == ((5, 5), (6, 5))
    assert [e.seat for e in of(r, "robot_finished")] == ["a", "b"]
    result = r.result()
    assert [p.seat for p in result.order] == ["b", "a"] and result.details["winner"] == "b"


def test_the_arm_cannot_reach_through_a_wall():  # RR-OPT-08 #15
    course = blank_course(flags=[(5, 5)], walls=[{"x": 5, "y": 5, "side": "E"}])
    f = factory(course, [robot("a", (6, 5), options=["Mechanical Arm"])], options=True)
    step_e(f)
    assert f.robot("a").flags == 0
    f.robot("a").square = (6, 6)  # diagonal: the path south then west crosses no wall
    step_e(f, 2)
    assert f.robot("a").flags == 1 and f.robot("a").archive == (5, 5)


def test_a_pressor_beam_pushes_instead_of_hurting():  # RR-OPT-08 #18, RR-DEC-08
    f = factory(blank_course(), [robot("a", (2, 8), "E", options=["Pressor Beam"]),
                                 robot("b", (5, 8))], options=True)  # fmt: skip
    f.register = 1
    settle(lasers_fire(f), [Action("weapon", {"weapon": "Pressor Beam"})])
    assert f.robot("b").square == (6, 8) and f.robot("b").damage == 0


def test_a_mini_howitzer_hurts_and_pushes_and_a_tractor_beam_pulls():  # RR-OPT-08 #16, #26
    f = factory(blank_course(), [robot("a", (2, 8), "E", options=["Mini Howitzer"]),
                                 robot("b", (5, 8))], options=True)  # fmt: skip
    f.register = 1
    settle(lasers_fire(f), [Action("weapon", {"weapon": "Mini Howitzer"})])
    assert f.robot("b").square == (6, 8) and f.robot("b").damage == 1
    g = factory(blank_course(), [robot("a", (2, 8), "E", options=["Tractor Beam"]),
                                 robot("b", (5, 8))], options=True)  # fmt: skip
    g.register = 1
    settle(lasers_fire(g), [Action("weapon", {"weapon": "Tractor Beam"})])
    assert g.robot("b").square == (4, 8) and g.robot("b").damage == 0


def test_a_scrambler_replaces_the_next_register():  # RR-OPT-08 #24
    f = factory(blank_course(), [robot("a", (2, 8), "E", options=["Scrambler"]),
                                 robot("b", (5, 8), registers=[490, 500, 510])],
                options=True)  # fmt: skip
    f.register, f.deck = 1, [800]
    settle(lasers_fire(f), [Action("weapon", {"weapon": "Scrambler"})])
    assert f.robot("b").registers[:3] == [490, 800, 510] and f.discard == [500]
    assert f.robot("b").damage == 0
