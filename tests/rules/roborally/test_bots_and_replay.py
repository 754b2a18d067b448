"""Bots, replay and the command line (RR-BOT, RR-RNG-05, RR-API-07,
RR-OUT-04; scenarios RR-TEST-44, 45)."""

import json
import subprocess
import sys
from pathlib import Path

from races.rules import Action, Seat, get_game, log_hash, replay, run_bot_race
from races.rules.roborally.bots import Greedy

from .scenario import blank_course, race, robot
from .test_turns import ROTATIONS, of

ROOT = Path(__file__).resolve().parents[3]


def test_greedy_programs_the_fastest_way_to_the_flag():  # RR-TEST-45, RR-BOT-03..05
    course = blank_course(flags=[(5, 5)])
    hand = [800, 700, 500, 490, 430, 100, 80, 70, 10]
    r = race(course, [robot("a", (5, 10), "N"), robot("b", (0, 0), "S")],
             decks=[hand + ROTATIONS])  # fmt: skip
    decision = next(d for d in r.pending if d.seat == "a")
    action = Greedy(1, "a", courses={"blank": course}).choose(r.view("a"), decision)
    assert action == Action("program", {"registers": [800, 700, 500, 490, 430]})
    r.apply("a", action)
    r.apply("b", Action("program", {"registers": ROTATIONS[:5]}))
    assert of(r, "robot_finished")[0].data["register"] == 2


def test_rookie_programs_legally_from_its_own_generator():  # RR-BOT-02, RR-RNG-04
    r = race(blank_course(flags=[(5, 5)]), [robot("a", (5, 10)), robot("b", (0, 0))], seed=9)
    game = get_game("roborally")
    decision = r.pending[0]
    first = game.bot("rookie", seed=9, seat="a").choose(r.view("a"), decision)
    again = game.bot("rookie", seed=9, seat="a").choose(r.view("a"), decision)
    assert first == again and r.validate("a", first) is None


def test_a_greedy_race_replays_to_the_same_hash():  # RR-TEST-44, RR-RNG-05
    game = get_game("roborally")
    seats = [Seat(id=f"g{i}", name=f"G {i}", kind="bot", bot="greedy") for i in range(4)]
    config = {"track": "shakedown", "max_turns": 20}
    one, actions = run_bot_race(game, config, seats, 7)
    two, _ = run_bot_race(game, config, seats, 7)
    assert log_hash(one.events) == log_hash(two.events) == one.result().log_sha256
    assert log_hash(replay(game, config, seats, 7, actions).events) == log_hash(one.events)


def test_private_fields_are_hidden_from_other_seats_until_the_end():  # RR-EVT-03, RR-API-06
    game = get_game("roborally")
    seats = [Seat(id=f"s{i}", name=f"S {i}", kind="bot", bot="rookie") for i in range(2)]
    r = game.start({"track": "shakedown"}, seats, 4)
    dealt = [e for e in r.events_for("s1") if e["type"] == "cards_dealt"]
    assert "private" not in dealt[0]["data"] and "private" in dealt[1]["data"]
    assert "hand" not in r.view("s1")["cars"][0] and r.view("s1")["cars"][1]["hand"]
    assert "hand" not in r.view(None)["cars"][0]


def run(*args):
    return subprocess.run([sys.executable, "-m", "races.rules", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def test_the_command_line_lists_courses_and_simulates(tmp_path):  # RR-COURSE-06, RR-OUT-04
    listed = run("tracks", "roborally", "--json")
    assert [t["id"] for t in json.loads(listed.stdout)] == ["shakedown", "twin_forge"]
    log = tmp_path / "race.jsonl"
    out = run("simulate", "roborally", "--track", "shakedown", "--cars", "3", "--seed", "2",
              "--bots", "rookie,greedy", "--json", "--log", str(log))  # fmt: skip
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)["result"]
    assert [p["position"] for p in result["order"]] == [1, 2, 3]
    lines = log.read_text().splitlines()
    assert json.loads(lines[0])["type"] == "race_started"
    assert json.loads(lines[-1])["type"] == "race_finished"
    bad = run("simulate", "roborally", "--track", "nowhere", "--cars", "3")
    assert bad.returncode == 2 and "nowhere" in bad.stderr
