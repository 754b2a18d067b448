"""The game-neutral core of races/rules: types, options, log hash, purity."""

import ast
import enum
import json
import subprocess
import sys
from pathlib import Path

import pytest

from races.rules import Action, ConfigError, Event, Option, OptionSchema, Seat, get_game, log_hash

RULES_DIR = Path(__file__).resolve().parents[2] / "races" / "rules"


def test_nothing_under_races_rules_imports_django_or_the_apps():
    forbidden = ("django", "league", "races.models", "races.services", "races.tasks")
    offenders = []
    for path in RULES_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                if any(name == f or name.startswith(f + ".") for f in forbidden):
                    offenders.append(f"{path.relative_to(RULES_DIR)}: {name}")
    assert offenders == []


def test_the_engines_import_without_django_configured():
    code = "import sys; from races.rules import get_game; assert 'django' not in sys.modules"
    root = RULES_DIR.parents[1]
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root, env={"PATH": ""})


def test_log_hash_is_the_sha256_of_canonical_json_lines():
    events = [Event(1, 0, "session_started", None, {"b": 1, "a": [1, 2]})]
    line = '{"data":{"a":[1,2],"b":1},"round":0,"seat":null,"seq":1,"type":"session_started"}'
    import hashlib

    assert log_hash(events) == hashlib.sha256(line.encode()).hexdigest()


class _Gear(enum.StrEnum):
    THIRD = "third"


class _Count(enum.IntEnum):
    TWO = 2


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"path": ["r1l0", "r2l1"], "brake": None, "ok": True, "no": False},
        {"é": 'ü☃\n"q"', "z": {"y": [{"x": 1.5}, -0.0, 1e300]}, "big": 10**30},
        {"line": "\u2028", "nan": float("nan")},
        # where orjson's bytes would differ, the encoder writes the line
        {"small": [1e-05, -1.5e-05, 9.9e-05, 0.0001], "large": [1e16, -2.5e22, 1e15]},
        {"inf": [float("inf"), -float("inf")], "none": None},
        {"int keys": {1: "a", 10: "b", 2: "c"}, "big": -(2**64)},
        {"kinds": [Seat.__name__, (1, (2, 3))], "sub": _Gear.THIRD, "count": _Count.TWO},
        {"nested": __import__("collections").defaultdict(list, {"b": [1], "a": []})},
    ],
)
def test_a_canonical_line_is_json_dumps_with_sorted_keys_and_stays_so(data):
    from races.rules.log import canonical_line

    event = Event(7, 3, "moved", "car1", data)
    expected = json.dumps(
        event.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    assert canonical_line(event) == expected
    assert canonical_line(event) == expected  # the second time from the event itself
    assert Event.from_dict(json.loads(expected)).to_dict() == json.loads(expected)


def test_a_value_json_refuses_is_refused_by_the_fast_writer_too():
    from dataclasses import dataclass

    from races.rules.log import canonical_line

    @dataclass
    class Corner:
        name: str

    for value in (Corner("C1"), {1, 2}, __import__("datetime").date(2026, 11, 29)):
        with pytest.raises(TypeError):
            canonical_line(Event(1, 0, "moved", None, {"value": value}))


@pytest.mark.parametrize("game", ["formula_d", "heat", "roborally", "galaxy_trucker"])
def test_the_fast_writer_writes_every_event_of_a_bot_race_as_the_encoder_does(game):
    from races.rules import run_bot_race
    from races.rules.log import _canonical_line, _encoded_line, _fast_line

    engine = get_game(game)
    track = engine.tracks()[0]
    key = track.get("key", track.get("id"))
    seats = [Seat(f"car{i}", f"Car {i}", "bot", engine.bot_names[0]) for i in range(1, 5)]
    race, _ = run_bot_race(engine, {"track": key, "laps": 1}, seats, seed="fast-writer")
    assert race.events
    fast = 0
    for event in race.events:
        plain = json.dumps(
            event.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )
        assert _encoded_line(event) == plain
        assert _canonical_line(event) == plain
        fast += _fast_line(event) == plain
    assert fast > len(race.events) // 2  # the fast writer wrote most of them


def test_types_round_trip_through_json():
    seat = Seat("car1", "Car 1", kind="bot", bot="pro", team="red", setup={"tires": "soft"})
    assert Seat.from_dict(json.loads(json.dumps(seat.to_dict()))) == seat
    action = Action("gear", {"gear": 3})
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action


SCHEMA = OptionSchema(
    (
        Option("track", "str", None),
        Option("laps", "int", 1, min=1, max=5),
        Option("level", "str", "basic", choices=("basic", "advanced")),
        Option("weather", "bool", False),
    )
)


def test_an_unknown_option_is_a_clear_error():
    with pytest.raises(ConfigError, match="unknown option 'turbo'"):
        SCHEMA.validate({"turbo": True})


def test_an_out_of_range_option_is_a_clear_error():
    with pytest.raises(ConfigError, match="at most 5"):
        SCHEMA.validate({"laps": 9})
    with pytest.raises(ConfigError, match="one of basic, advanced"):
        SCHEMA.validate({"level": "expert"})
    with pytest.raises(ConfigError, match="whole number"):
        SCHEMA.validate({"laps": True})


def test_options_take_their_text_forms_and_defaults():
    config = SCHEMA.validate({"laps": "2", "weather": "on", "track": "x"})
    assert config == {"track": "x", "laps": 2, "level": "basic", "weather": True}
    assert SCHEMA.validate({"laps": 3}, partial=True) == {"laps": 3}


def test_an_unknown_game_is_a_clear_error():
    with pytest.raises(ConfigError, match="unknown game 'chess'"):
        get_game("chess")
    with pytest.raises(ConfigError, match="games: formula_d, heat, roborally, galaxy_trucker"):
        get_game("tiddlywinks")
    assert get_game("roborally").key == "roborally"  # registered (issue 15)
