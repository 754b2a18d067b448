"""The engine's command line for Heat (the issue's flags), run as a subprocess."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "races.rules", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_tracks_lists_the_six_tracks():
    out = run("tracks", "heat", "--json")
    assert out.returncode == 0
    tracks = json.loads(out.stdout)
    assert [t["id"] for t in tracks] == ["usa", "italy", "gbr", "france", "japan", "mexico"]
    assert {"id", "name", "laps", "length", "corners"} <= set(tracks[0])


def test_simulate_prints_the_result_as_json_and_writes_the_log(tmp_path):
    log = tmp_path / "race.jsonl"
    out = run(
        "simulate",
        "heat",
        "--track",
        "usa",
        "--cars",
        "6",
        "--seed",
        "4",
        "--bots",
        "pro,legend",
        "--option",
        "legend_bonus=1",
        "--json",
        "--log",
        str(log),
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["game"] == "heat" and len(data["hash"]) == 64
    order = data["result"]["order"]
    assert [p["position"] for p in order] == [1, 2, 3, 4, 5, 6]
    assert {p["driver_type"] for p in order} == {"player", "legend"}
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[0]["type"] == "race_created" and lines[-1]["type"] == "race_ended"
    types = {line["type"] for line in lines}
    assert {"gear_shifted", "cards_played", "cards_revealed", "moved", "car_finished"} <= types
    assert all(set(line) == {"seq", "round", "type", "seat", "data"} for line in lines)


def test_bad_input_is_one_line_and_exit_status_two():
    for args in (
        ("simulate", "heat", "--track", "monaco"),
        ("simulate", "heat", "--track", "usa", "--option", "turbo=1"),
        ("simulate", "heat", "--track", "usa", "--bots", "ace"),
        ("simulate", "heat", "--track", "usa", "--cars", "9"),
    ):
        out = run(*args)
        assert out.returncode == 2, args
        assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: ")


def test_teams_from_the_command_line_show_each_teams_places():
    """Heat has no team table of its own: the result shows each car's team and places."""
    out = run("simulate", "heat", "--track", "usa", "--cars", "4", "--seed", "3", "--teams")
    assert out.returncode == 0, out.stderr
    assert "Team 1" in out.stdout and "Team 2" in out.stdout
    data = json.loads(
        run(
            "simulate", "heat", "--track", "usa", "--cars", "4", "--seed", "3", "--teams", "--json"
        ).stdout
    )
    assert data["teams"] == {"Team 1": ["car1", "car2"], "Team 2": ["car3", "car4"]}
