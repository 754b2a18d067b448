"""The option cards that change programs and registers (RR-OPT-08 #2 Abort
Switch, #5 Conditional Program, #6 Crab Legs, #8 Dual Processor, #10 Fire
Control with RR-LOCK-05, #11 Flywheel, #19 Radio Control, #22 Recompile;
RR-OPT-09, RR-DEC-01, -03, -06, -08), with the deck laid by a script."""

import pytest

from races.rules import Action, IllegalAction
from races.rules.roborally.flow import wipe
from races.rules.roborally.rules.lasers import lasers_fire
from races.rules.roborally.rules.programming import deal
from races.rules.roborally.rules.weapons import weapon_actions, weapon_problem

from .scenario import blank_course, factory, race, robot, settle
from .steps import step_b, types
from .test_turns import ROTATIONS, kinds, of, program

NO, YES = {"answer": "no"}, {"answer": "yes"}
MOVES = [490, 500, 510, 520, 530, 540, 550, 560, 570]  # nine Move 1 cards


def answer(r, seat, kind, params):
    assert (seat, kind) in kinds(r), kinds(r)
    r.apply(seat, Action(kind, params))


def revealed(r, seat):
    return [e.data["card"] for e in of(r, "card_revealed", seat)]


def test_abort_switch_replaces_this_and_every_later_open_register():  # RR-OPT-08 #2, RR-DEC-06
    """Used at register 2: registers 2 to 4 get the deck's top cards at
    their own step A; the locked register 5 keeps its card."""
    a = robot("a", (5, 10), "N", damage=5, options=["Abort Switch"],
              registers=[None, None, None, None, 540])  # fmt: skip
    b = robot("b", (0, 11), "N")
    r = race(blank_course(), [a, b], decks=[[490, 500, 510, 520, *ROTATIONS, 200, 210, 220]],
             options=True)  # fmt: skip
    program(r, "a", [490, 500, 510, 520, None])
    program(r, "b", ROTATIONS[:5])
    answer(r, "a", "power_down", NO)
    answer(r, "a", "abort_switch", NO)  # register 1
    answer(r, "a", "abort_switch", YES)  # register 2
    assert revealed(r, "a") == [490, 200, 210, 220, 540]
    used = [e.data["details"] for e in of(r, "option_used", "a")]
    assert used == [{"register": 2, "new_card": 200}, {"register": 3, "new_card": 210},
                    {"register": 4, "new_card": 220}]  # fmt: skip
    wiped = of(r, "registers_wiped", "a")[0].data
    assert (wiped["cards"], wiped["kept"]) == ([490, 200, 210, 220], [5])
    assert of(r, "deck_shuffled")[-1].data["count"] == 84 - 1  # the replaced cards came back


def test_conditional_program_swaps_its_card_in_once():  # RR-OPT-08 #5, RR-PROG-04
    a = robot("a", (5, 10), "N", options=["Conditional Program"])
    b = robot("b", (0, 11), "N")
    r = race(blank_course(), [a, b], decks=[[*MOVES[:8], 80, *ROTATIONS]], options=True)
    with pytest.raises(IllegalAction, match="only a card left in your hand"):
        r.apply("a", Action("program", {"registers": MOVES[:5], "conditional": 490}))
    r.apply("a", Action("program", {"registers": MOVES[:5], "conditional": 80}))
    submitted = of(r, "program_submitted", "a")[0].data
    assert 80 not in submitted["leftover"] and submitted["private"]["conditional"] == 80
    assert "private" not in [e for e in r.events_for("b") if e["type"] == "program_submitted"][0][
        "data"]  # fmt: skip
    program(r, "b", ROTATIONS[:5])
    answer(r, "a", "conditional_swap", NO)  # register 1
    answer(r, "a", "conditional_swap", YES)  # register 2
    assert revealed(r, "a")[:2] == [490, 80]
    assert not [e for e in of(r, "option_used", "a") if e.data["details"]["register"] > 2]
    assert of(r, "registers_wiped", "a")[0].data["cards"] == [490, 80, 510, 520, 530]
    assert r.f.robot("a").conditional is None


def test_a_card_left_on_conditional_program_is_wiped():  # RR-CLEAN-06
    f = factory(blank_course(), [robot("a", (5, 5), registers=MOVES[:5],
                                       options=["Conditional Program"])])  # fmt: skip
    f.robot("a").conditional = 80
    wipe(f)
    assert f.robot("a").conditional is None and types(f, "registers_wiped")[0].data["cards"] == [
        *MOVES[:5], 80]  # fmt: skip


def test_a_seat_without_the_option_cannot_put_a_card_aside():  # RR-DEC-01
    r = race(blank_course(), [robot("a", (5, 10)), robot("b", (0, 11))],
             decks=[[*MOVES, *ROTATIONS]])  # fmt: skip
    for field in ("conditional", "flywheel"):
        with pytest.raises(IllegalAction, match="you hold no"):
            r.apply("a", Action("program", {"registers": MOVES[:5], field: MOVES[5]}))
    with pytest.raises(IllegalAction, match="register 1 cannot hold two cards"):
        r.apply("a", Action("program", {"registers": [[490, 80], *MOVES[1:5]]}))


@pytest.mark.parametrize(
    "pair, square, facing",
    [([490, 80], (6, 5), "N"), ([490, 70], (4, 5), "N")],
)
def test_crab_legs_sidestep_without_turning(pair, square, facing):  # RR-OPT-08 #6
    f = factory(blank_course(), [robot("a", (5, 5), "N", registers=[pair],
                                       options=["Crab Legs"])], options=True)  # fmt: skip
    step_b(f)
    assert (f.robot("a").square, f.robot("a").facing) == (square, facing)
    assert types(f, "card_revealed")[0].data["cards"] == pair
    assert types(f, "card_revealed")[0].data["priority"] == 490


@pytest.mark.parametrize(
    "pair, square, facing",
    [
        ([700, 80], (5, 4), "E"),  # Move 2 and a right turn: 1 square, then the turn
        ([800, 10], (5, 4), "S"),  # Move 3 and a U-Turn: 2 less
        ([430, 70], (5, 5), "W"),  # Back Up and a left turn: no square
    ],
)
def test_dual_processor_moves_less_then_turns(pair, square, facing):  # RR-OPT-08 #8
    f = factory(blank_course(), [robot("a", (5, 5), "N", registers=[pair],
                                       options=["Dual Processor"])], options=True)  # fmt: skip
    step_b(f)
    assert (f.robot("a").square, f.robot("a").facing) == (square, facing)
    assert types(f, "option_used")[0].data["details"] == {"cards": pair}


def test_a_shared_register_is_one_register_for_locks_and_wipes():  # RR-OPT-09
    a = robot("a", (5, 5), "N", damage=5, options=["Dual Processor"],
              registers=[[700, 80], 490, None, None, [800, 10]])  # fmt: skip
    f = factory(blank_course(), [a, robot("b", (0, 11))], options=True)
    wipe(f)
    assert f.robot("a").registers == [None, None, None, None, [800, 10]]
    assert sorted(f.discard) == [80, 490, 700]
    deal(f)
    assert 800 not in f.deck and 10 not in f.deck  # both stay in the locked register


def test_fire_control_locks_a_register_through_one_wipe():  # RR-OPT-08 #10, RR-LOCK-05
    shooter = robot("a", (2, 8), "E", options=["Fire Control"])
    target = robot("b", (5, 8), "N", registers=MOVES[:5])
    f = factory(blank_course(), [shooter, target], options=True)
    f.register, f.step = 1, "D"
    decision = next(lasers_fire(f))[0]
    assert decision.kind == "weapon"
    assert decision.options["fire_control"] == {"registers": [1, 2, 3, 4, 5], "options": []}
    shooter = robot("a", (2, 8), "E", options=["Fire Control"])
    f = factory(blank_course(), [shooter, robot("b", (5, 8), registers=MOVES[:5])], options=True)
    f.register = 1
    step_choice = Action("weapon", {"weapon": "Fire Control", "register": 3})
    settle(lasers_fire(f), [step_choice])
    b = f.robot("b")
    assert b.damage == 0 and b.locked(3) and not b.locked(2)
    locked = types(f, "register_locked")[0]
    assert (locked.seat, locked.data["locked"], locked.data["card"]) == ("b", 3, 510)
    wipe(f)  # the first wipe keeps the card
    assert b.registers == [None, None, 510, None, None] and b.locked(3)
    deal(f)
    assert 510 not in f.deck
    wipe(f)  # the lock ends at the next one
    assert b.registers == [None] * 5 and not b.locked(3) and 510 in f.discard


def test_fire_control_destroys_an_option_that_cannot_be_prevented():  # RR-OPT-08 #10
    shooter = robot("a", (2, 8), "E", options=["Fire Control"])
    f = factory(blank_course(), [shooter, robot("b", (5, 8), options=["Brakes"])], options=True)
    f.register = 1
    settle(lasers_fire(f), [Action("weapon", {"weapon": "Fire Control", "option": "Brakes"})])
    b = f.robot("b")
    assert b.options == [] and b.damage == 0  # no prevent_damage question was asked
    assert [e.data["reason"] for e in types(f, "option_discarded")] == ["fire_control"]


def test_fire_control_choices_are_checked():  # RR-DEC-08
    f = factory(blank_course(), [robot("a", (2, 8), "E", options=["Fire Control"]),
                                 robot("b", (5, 8), "N", damage=5)], options=True)  # fmt: skip
    r_decision = next(lasers_fire(f))[0]
    actions = weapon_actions(r_decision)
    assert Action("weapon", {"weapon": "main"}) in actions
    assert Action("weapon", {"weapon": "Fire Control", "register": 4}) in actions
    assert Action("weapon", {"weapon": "Fire Control", "register": 5}) not in actions
    bad = Action("weapon", {"weapon": "Fire Control", "register": 5})
    assert "open registers" in weapon_problem(r_decision, bad)


def test_radio_control_makes_the_target_run_the_shooters_cards():  # RR-OPT-08 #19, RR-OPT-07
    a = robot("a", (2, 8), "E", options=["Radio Control"], registers=[80, 500, None, 70, 70])
    b = robot("b", (5, 8), "S", damage=6, registers=[90, 700, 710, 720, 730])
    f = factory(blank_course(), [a, b], options=True)
    f.register = 1
    settle(lasers_fire(f), [Action("weapon", {"weapon": "Radio Control"})])
    assert f.robot("b").radio == {2: "a", 3: "a", 4: "a", 5: "a"} and f.robot("b").damage == 6
    step_b(f, 2)  # a copy of Move 1 at priority 495, right after the shooter
    assert f.robot("a").square == (3, 8) and f.robot("b").square == (5, 9)
    copy = types(f, "radio_controlled")[0]
    assert (copy.seat, copy.data["card"], copy.data["priority"]) == ("b", 500, 495)
    step_b(f, 3)  # the shooter has no card in register 3: the target runs its own
    assert f.robot("b").square == (5, 11)
    f.robot("b").square = (5, 5)
    step_b(f, 4)  # register 4 of the target is locked (damage 6): its own card runs
    assert f.robot("b").square == (5, 7)


def test_flywheel_keeps_a_card_out_of_the_shuffle_for_a_later_turn():  # RR-OPT-08 #11, RR-DEC-03
    a = robot("a", (5, 10), "N", options=["Flywheel"])
    b = robot("b", (0, 11), "N")
    turn_two = [*MOVES, *ROTATIONS]
    r = race(blank_course(), [a, b], decks=[[*MOVES[:8], 80, *ROTATIONS], turn_two],
             options=True)  # fmt: skip
    r.apply("a", Action("program", {"registers": MOVES[:5], "flywheel": 560}))
    assert 560 not in of(r, "program_submitted", "a")[0].data["leftover"]
    program(r, "b", ROTATIONS[:5])
    while ("a", "flywheel_use") not in kinds(r):
        decision = r.pending[0]
        r.apply(decision.seat, decision.default)
    dealt = of(r, "cards_dealt")[-2:]
    assert all(560 not in e.data["private"]["cards"] for e in dealt)  # out of the shuffle
    answer(r, "a", "flywheel_use", YES)
    hand = r.view("a")["cars"][0]["hand"]
    assert 560 in hand and len(hand) == 10 and r.f.robot("a").flywheel is None
    assert of(r, "flywheel_used", "a")[0].data["private"] == {"card": 560}


def test_recompile_draws_a_new_hand_and_costs_a_point_of_damage():  # RR-OPT-08 #22
    a = robot("a", (5, 10), "N", options=["Recompile"])
    b = robot("b", (0, 11), "N")
    r = race(blank_course(), [a, b], decks=[[*MOVES, *ROTATIONS, 700, 710, 720, 730, 740,
                                             750, 760, 770, 780]], options=True)  # fmt: skip
    assert Action("recompile") in r.legal_actions("a")
    r.apply("a", Action("recompile"))
    assert r.view("a")["cars"][0]["hand"] == [700, 710, 720, 730, 740, 750, 760, 770, 780]
    assert set(MOVES) <= set(r.f.discard)
    with pytest.raises(IllegalAction, match="recompiled this turn"):
        r.apply("a", Action("recompile"))
    program(r, "a", [700, 710, 720, 730, 740])
    assert r.f.robot("a").damage == 0
    program(r, "b", ROTATIONS[:5])
    answer(r, "a", "prevent_damage", {"discard": []})  # it may discard an option (RR-DMG-04)
    hurt = of(r, "damage_taken", "a")[0].data
    assert (hurt["source"], hurt["amount"], hurt["register"]) == ("recompile", 1, None)
    assert [d.kind for d in r.pending] == ["power_down"]
