"""Test hooks (RR-API-09, not used by the product): a course built on the
blank board, robots placed anywhere, a scripted deck, and a register phase
or a single step run on its own."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from races.rules.contract import Action, Seat
from races.rules.roborally.chance import Chance, ScriptedChance
from races.rules.roborally.game import RoboRallyGame
from races.rules.roborally.race import RoboRallyRace
from races.rules.roborally.rules.course import Course, board_data, compose
from races.rules.roborally.state import REGISTERS, Factory, Flow, Robot


def blank_course(
    flags: Iterable = (),
    squares: Iterable[Mapping] = (),
    walls: Iterable[Mapping] = (),
    pushers: Iterable[Mapping] = (),
    lasers: Iterable[Mapping] = (),
) -> Course:
    """The `blank` board (RR-DEMO-07) with the test's own features and flags."""
    board = {
        **board_data("blank"),
        "squares": list(squares),
        "walls": list(walls),
        "pushers": list(pushers),
        "lasers": list(lasers),
    }
    data = {
        "id": "blank",
        "name": "Blank",
        "width": 12,
        "height": 12,
        "placements": [{"board": "blank", "x": 0, "y": 0, "rotation": 0}],
        "flags": [{"number": i, "x": x, "y": y} for i, (x, y) in enumerate(flags, start=1)],
    }
    return compose(data, {"blank": board})


def settle(flow: Flow, answers: Iterable[Action] = ()) -> Any:
    """Run a rule that may wait for decisions (a Flow), answering each with
    the next of `answers` (the asking seat's); returns the rule's value.
    More questions than answers is an error."""
    answers = list(answers)
    try:
        decisions = next(flow)
        while True:
            if not answers:
                raise AssertionError(f"unanswered decision: {decisions}")
            decisions = flow.send((decisions[0].seat, answers.pop(0)))
    except StopIteration as stop:
        return stop.value


def config(**overrides: Any) -> dict:
    return RoboRallyGame().options.validate({"track": "shakedown", **overrides})


def robot(seat: str, square, facing: str = "N", dock: int | None = None, **fields: Any) -> Robot:
    """A robot for a scenario; `registers` may list up to five cards."""
    registers = list(fields.pop("registers", []))
    registers += [None] * (REGISTERS - len(registers))
    square = tuple(square) if square is not None else None
    archive = tuple(fields.pop("archive", square) or (0, 0))
    return Robot(
        seat=seat,
        dock=dock or 0,
        square=square,
        facing=facing,
        archive=archive,
        lives=fields.pop("lives", 3),
        registers=registers,
        **fields,
    )


def _docked(robots: list[Robot]) -> list[Robot]:
    for number, r in enumerate(robots, start=1):
        r.dock = r.dock or number
    return sorted(robots, key=lambda r: r.dock)


def factory(course: Course, robots: list[Robot], decks=None, **overrides: Any) -> Factory:
    """A floor with the robots on it, in the middle of turn 1."""
    f = Factory(course, config(**overrides), _docked(robots), ScriptedChance(decks))
    f.turn = 1
    return f


def race(
    course: Course,
    robots: list[Robot],
    decks=None,
    seed: int | str | None = None,
    **overrides: Any,
) -> RoboRallyRace:
    """A race from the scenario's robots, started: turn 1 is dealt. With a
    seed the deck is shuffled by the rules, else `decks` lays it."""
    robots = _docked(robots)
    seats = [Seat(id=r.seat, name=r.seat.title(), kind="bot", bot="greedy") for r in robots]
    chance = Chance(seed) if seed is not None else ScriptedChance(decks)
    return RoboRallyRace(config(**overrides), seats, seed or 0, course, chance, robots)
