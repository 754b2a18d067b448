"""The race's state as JSON-compatible data and back (RR-API-08): the
course, every robot, both decks and discard piles, the turn, the log and the
race generator's state, so a copy carries on exactly as the original (bots
simulate on copies). Only plain lists, dicts, strings, numbers, booleans
and null go out; the tuples, sets and number-keyed maps come back.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ...contract import Event
from ..chance import Chance, ScriptedChance
from ..state import Factory, Robot
from .course import Course

# Robot fields kept as tuples, as sets, and as maps keyed by a register.
TUPLES = ("square", "archive", "last_flag_at", "finished_at", "eliminated_at")
SETS = ("shown", "shielded")
REGISTER_MAPS = ("extra_locks", "radio")


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def robot_data(robot: Robot) -> dict:
    out = {}
    for f in fields(Robot):
        value = getattr(robot, f.name)
        if f.name in SETS:
            value = sorted(value, key=repr)
        out[f.name] = _plain(value)
    return out


def robot_from(data: dict) -> Robot:
    values = dict(data)
    for name in TUPLES:
        values[name] = _tupled(values[name])
    for name in SETS:
        values[name] = {_tupled(v) for v in values[name]}
    for name in REGISTER_MAPS:
        values[name] = {int(k): v for k, v in values[name].items()}
    return Robot(**values)


def course_data(course: Course) -> dict:
    return {
        "id": course.id,
        "name": course.name,
        "width": course.width,
        "height": course.height,
        "floor": [[x, y, dict(spot)] for (x, y), spot in sorted(course.floor.items())],
        "walls": sorted([list(w) for w in course.walls]),
        "pushers": _plain(course.pushers),
        "lasers": _plain(course.lasers),
        "docks": _plain(course.docks),
        "flags": _plain(course.flags),
        "max_robots": course.max_robots,
        "rules": _plain(course.rules),
        "placements": _plain(course.placements),
    }


def course_from(data: dict) -> Course:
    return Course(
        id=data["id"],
        name=data["name"],
        width=data["width"],
        height=data["height"],
        floor={(x, y): spot for x, y, spot in data["floor"]},
        walls={tuple(w) for w in data["walls"]},
        pushers=list(data["pushers"]),
        lasers=list(data["lasers"]),
        docks={int(k): v for k, v in data["docks"].items()},
        flags=[tuple(f) for f in data["flags"]],
        max_robots=data["max_robots"],
        rules=dict(data["rules"]),
        placements=list(data["placements"]),
    )


def chance_data(chance: Chance) -> dict:
    version, state, gauss = chance.rng.getstate()
    out = {"state": [version, list(state), gauss]}
    if isinstance(chance, ScriptedChance):
        out["decks"] = [list(d) for d in chance.decks]
    return out


def chance_from(data: dict) -> Chance:
    chance = ScriptedChance(data["decks"]) if "decks" in data else Chance(0)
    version, state, gauss = data["state"]
    chance.rng.setstate((version, tuple(state), gauss))
    return chance


def state_data(f: Factory) -> dict:
    """The whole state as JSON-compatible data (RR-API-08)."""
    return {
        "course": course_data(f.course),
        "config": _plain(f.config),
        "robots": [robot_data(r) for r in f.robots],
        "chance": chance_data(f.chance),
        "deck": list(f.deck),
        "discard": list(f.discard),
        "turn": f.turn,
        "register": f.register,
        "step": f.step,
        "events": [e.to_dict() for e in f.events],
        "destructions": f.destructions,
        "option_deck": list(f.option_deck),
        "option_discard": list(f.option_discard),
        "ended": f.ended,
        "winner": f.winner,
    }


def state_from(data: dict) -> Factory:
    """A state rebuilt from `state_data`; it shares nothing with the original."""
    return Factory(
        course=course_from(data["course"]),
        config=dict(data["config"]),
        robots=[robot_from(r) for r in data["robots"]],
        chance=chance_from(data["chance"]),
        deck=list(data["deck"]),
        discard=list(data["discard"]),
        turn=data["turn"],
        register=data["register"],
        step=data["step"],
        events=[
            Event(e["seq"], e["round"], e["type"], e["seat"], e["data"]) for e in data["events"]
        ],  # fmt: skip
        destructions=data["destructions"],
        option_deck=list(data["option_deck"]),
        option_discard=list(data["option_discard"]),
        ended=data["ended"],
        winner=data["winner"],
    )
