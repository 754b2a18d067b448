"""RR-EVT-02 / RR-EVT-05 (issue 27): `damage_cleared` lists the registers it
unlocks, with no `register_unlocked` logged for them; `robot_destroyed`
comes right after the `damage_taken` that reaches 10. The commands are the
regressions the outside readers found:

    python -m races.rules simulate roborally --track twin_forge --cars 6 \
        --bots greedy,rookie --seed 1     (damage_cleared, event 643 before)
    ... --seed 13 / --seed 14            (damage to 10, events 1412 / 584 before)
"""

import json

import pytest

from races.rules.__main__ import main
from races.rules.roborally.rules.damage import damage_deal, destroy, repair

from .scenario import blank_course, factory, robot, settle


def run(tmp_path, track, seed):
    log = tmp_path / "race.jsonl"
    argv = ["simulate", "roborally", "--track", track, "--cars", "6",
            "--bots", "greedy,rookie", "--seed", str(seed), "--log", str(log)]  # fmt: skip
    assert main(argv) == 0
    return [json.loads(line) for line in log.read_text().splitlines()]


@pytest.mark.parametrize("track,seed", [("twin_forge", 1), ("shakedown", 2)])
def test_damage_cleared_lists_the_registers_it_unlocks(tmp_path, track, seed, capsys):
    events = run(tmp_path, track, seed)
    cleared = [i for i, e in enumerate(events) if e["type"] == "damage_cleared"]
    assert cleared
    unlocking = 0
    for i in cleared:
        data = events[i]["data"]
        before = data["before"]
        # RR-DMG-02: register r is locked at damage >= 10 - r; all unlock at 0
        assert data["registers_unlocked"] == [r for r in range(1, 6) if before >= 10 - r]
        unlocking += bool(data["registers_unlocked"])
        assert events[i - 1]["type"] != "register_unlocked"
        assert events[i - 1]["type"] in ("turn_started", "damage_cleared")
    assert unlocking


@pytest.mark.parametrize("seed", [13, 14, 30])
def test_robot_destroyed_follows_the_damage_that_reaches_ten(tmp_path, seed, capsys):
    events = run(tmp_path, "twin_forge", seed)
    tens = [i for i, e in enumerate(events) if e["type"] == "damage_taken"
            and e["data"]["new_damage"] == 10]  # fmt: skip
    assert tens
    for i in tens:
        follower = events[i + 1]
        assert follower["type"] == "robot_destroyed", follower
        assert follower["seat"] == events[i]["seat"]
        assert follower["data"]["cause"] == "damage"


def test_damage_fully_prevented_logs_no_damage_taken():
    """RR-DMG-04, RR-EVT-05: damage_taken is the damage applied after
    prevention; none applied, none logged (mutation testing, issue 27)."""
    f = factory(blank_course(), [robot("a", (5, 5), options=["Ablative Coat"])], options=True)
    settle(damage_deal(f, f.robot("a"), 2, "robot_laser", by="b"))
    assert [e.type for e in f.events] == ["damage_prevented"]
    assert f.robot("a").damage == 0


def test_a_robot_off_the_board_takes_no_damage():
    """RR-DESTR-02: a destroyed robot is no target."""
    f = factory(blank_course(), [robot("a", None)])
    settle(damage_deal(f, f.robot("a"), 3, "reentry"))
    assert f.robot("a").damage == 0 and f.events == []


def test_a_repair_that_unlocks_a_register_logs_it():
    """RR-CLEAN-03, RR-LOCK-02: a repair's unlock is logged as
    register_unlocked, the register's card going to the discard pile."""
    f = factory(blank_course(), [robot("a", (5, 5), damage=5, registers=[490, 500, 510, 520, 530])])
    repair(f, f.robot("a"))
    assert [(e.type, e.data.get("locked"), e.data.get("card")) for e in f.events] == [
        ("repaired", None, None), ("register_unlocked", 5, 530)]  # fmt: skip
    assert f.discard == [530]


def test_a_destruction_is_counted_and_numbered():
    """RR-DESTR-02, RR-OUT-02: each destruction counts for the robot and takes
    the race's next number; a robot destroyed this turn is marked so."""
    f = factory(blank_course(), [robot("a", (5, 5)), robot("b", (6, 6))])
    settle(destroy(f, f.robot("a"), "pit"))
    settle(destroy(f, f.robot("b"), "pit"))
    a, b = f.robot("a"), f.robot("b")
    assert (a.destructions, a.destruction_number, b.destruction_number) == (1, 1, 2)
    assert a.destroyed_this_turn and b.destroyed_this_turn


def test_an_empty_register_locked_while_running_stays_empty():
    """RR-PD-06 fills a locked empty register from the deck only while
    powered down; a running robot's empty register stays empty."""
    f = factory(blank_course(), [robot("a", (5, 5), damage=4)])
    f.deck = [800]
    settle(damage_deal(f, f.robot("a"), 1, "reentry"))
    assert f.robot("a").registers[4] is None and f.deck == [800]
    assert [e.type for e in f.events] == ["damage_taken", "register_locked"]


@pytest.mark.parametrize("register, at", [(3, 3), (None, 0)])
def test_an_elimination_records_its_register(register, at):
    """RR-RANK-04: (turn, register, step), register 0 outside the registers."""
    f = factory(blank_course(), [robot("a", (5, 5), lives=1)])
    f.register, f.step = register, "B"
    settle(destroy(f, f.robot("a"), "pit"))
    assert f.robot("a").eliminated_at == (1, at, "B")
