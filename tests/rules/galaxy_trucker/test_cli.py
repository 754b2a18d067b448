"""The command line lists the flight boards and ship classes and runs a
game of bots (issue 16, item 5)."""

import json

from races.rules.__main__ import main


def test_tracks_lists_the_flight_boards_and_ship_classes(capsys):
    assert main(["tracks", "galaxy_trucker"]) == 0
    out = capsys.readouterr().out
    assert "standard" in out and "I, II, III" in out and "I, II, IIIa" in out


def test_simulate_prints_credits_and_writes_the_log(tmp_path, capsys):
    log = tmp_path / "game.jsonl"
    argv = ["simulate", "galaxy_trucker", "--track", "standard", "--cars", "3", "--laps", "1",
            "--seed", "4", "--bots", "rookie,pro,random", "--json", "--log", str(log)]  # fmt: skip
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    order = out["result"]["order"]
    assert len(order) == 3 and all(p["status"] == "finished" for p in order)
    assert all("credits" in p and len(p["rounds"]) == 1 for p in order)
    lines = log.read_text().splitlines()
    assert json.loads(lines[0])["type"] == "game_started"
    assert json.loads(lines[-1])["type"] == "game_ended"


def test_five_players_are_refused_in_words(capsys):
    argv = ["simulate", "galaxy_trucker", "--track", "standard", "--cars", "5"]
    assert main(argv) == 2
    assert "2 to 4 players" in capsys.readouterr().err
