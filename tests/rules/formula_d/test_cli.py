"""The command line (FD-E-23): tracks, simulate, --json, --log and clear errors."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "races.rules", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_tracks_lists_the_three_shipped_tracks():
    out = run("tracks", "formula_d", "--json")
    assert out.returncode == 0
    tracks = {t["id"]: t for t in json.loads(out.stdout)}
    assert set(tracks) == {"paddock_ring", "lakeside_gp", "lakeside_night"}
    assert tracks["lakeside_gp"]["length"] == 120 and tracks["lakeside_gp"]["corners"] == 7


def test_simulate_prints_one_json_object_and_writes_the_log(tmp_path):
    log = tmp_path / "race.jsonl"
    out = run(
        "simulate",
        "formula_d",
        "--track",
        "paddock_ring",
        "--cars",
        "4",
        "--seed",
        "7",
        "--bots",
        "rookie,pro",
        "--json",
        "--log",
        str(log),
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert {"game", "seed", "hash", "rounds", "result"} <= set(data)
    order = data["result"]["order"]
    assert [p["position"] for p in order] == [1, 2, 3, 4]
    for p in order:
        assert {"seat", "position", "status", "laps", "distance"} <= set(p)
        assert p["status"] in ("finished", "eliminated")
    lines = log.read_text().splitlines()
    events = [json.loads(line) for line in lines]
    assert all(set(e) == {"seq", "round", "type", "seat", "data"} for e in events)
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    rolls = [e for e in events if e["type"] == "gear_rolled"]
    assert rolls and all({"die", "value", "purpose"} <= set(e["data"]) for e in rolls)


def test_simulate_advanced_with_options():
    out = run(
        "simulate",
        "formula_d",
        "--track",
        "paddock_ring",
        "--cars",
        "3",
        "--seed",
        "2",
        "--level",
        "advanced",
        "--laps",
        "2",
        "--option",
        "technical_pit_stops=true",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["result"]["details"]["level"] == "advanced"


def test_a_qualifying_simulation_ranks_every_car():
    out = run(
        "simulate",
        "formula_d",
        "--track",
        "paddock_ring",
        "--cars",
        "3",
        "--seed",
        "4",
        "--mode",
        "qualifying",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    order = json.loads(out.stdout)["result"]["order"]
    assert len(order) == 3 and all("score" in p for p in order)


def test_a_team_race_from_the_command_line_shows_the_teams():
    """FD-V-5, FD-E-22: --teams pairs cars 1-2, 3-4, ... and switches the team race on."""
    args = ("simulate", "formula_d", "--track", "paddock_ring", "--cars", "4", "--seed", "2")
    out = run(*args, "--ruleset", "bga", "--teams", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    rows = data["result"]["details"]["teams"]
    assert sorted(r["team"] for r in rows) == ["Team 1", "Team 2"]
    assert [r["position"] for r in rows] == [1, 2]
    assert {tuple(r["seats"]) for r in rows} == {("car1", "car2"), ("car3", "car4")}
    team_of = {p["seat"]: p["team"] for p in data["result"]["order"]}
    assert team_of == {"car1": "Team 1", "car2": "Team 1", "car3": "Team 2", "car4": "Team 2"}
    assert data["teams"] == {"Team 1": ["car1", "car2"], "Team 2": ["car3", "car4"]}
    text = run(*args, "--teams")
    assert text.returncode == 0, text.stderr
    assert "teams:" in text.stdout and "Team 1" in text.stdout and "points" in text.stdout


def test_teams_need_an_even_field():
    bad("simulate", "formula_d", "--track", "paddock_ring", "--cars", "5", "--teams")


def bad(*args: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1
    assert out.stderr.startswith("error:")


def test_unknown_track_is_one_line_and_exit_two():
    bad("simulate", "formula_d", "--track", "nowhere")


def test_unknown_option_is_one_line_and_exit_two():
    bad("simulate", "formula_d", "--track", "paddock_ring", "--option", "rocket=true")


def test_unknown_bot_is_one_line_and_exit_two():
    bad("simulate", "formula_d", "--track", "paddock_ring", "--bots", "ace")


def test_unknown_game_is_one_line_and_exit_two():
    bad("simulate", "chess", "--track", "paddock_ring")
