"""The RoboRally game object: options, courses, bots and how a race starts
(RR-API-01, RR-CFG-01)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import ConfigError, Seat
from ..options import Option, OptionSchema
from .bots import BOTS
from .race import RoboRallyRace
from .rules.course import course_file, course_ids
from .rules.validate import load_course

MIN_ROBOTS, MAX_ROBOTS = 2, 8  # RR-COMP-03


def _options() -> OptionSchema:
    return OptionSchema(
        (
            Option(
                "track", "str", "shakedown", "course id (RR-SETUP-01)", choices=tuple(course_ids())
            ),  # fmt: skip
            Option("mode", "str", "race", "only races (RR-SCOPE-03)", choices=("race",)),
            Option("lives", "int", 3, "starting lives (RR-SETUP-02)", min=1, max=9),
            Option("max_turns", "int", 50, "turn limit (RR-END-03)", min=1, max=500),
            Option("push_damage", "bool", True, "a pushed robot takes 1 damage (RR-PUSH-06)"),
            Option(
                "options",
                "bool",
                True,
                "option cards on upgrade sites (section 16); off, an upgrade site only repairs",
            ),
            Option("flags_repair", "bool", False, "flags repair like a wrench (RR-CLEAN-04)"),
            Option(
                "program_timer_seconds",
                "int",
                30,
                "seconds the last robot programming has once its timer starts (RR-PROG-06)",
                min=5,
                max=72 * 3600,
            ),  # fmt: skip
        )
    )


class RoboRallyGame:
    key = "roborally"
    name = "RoboRally"
    bot_names = ("rookie", "greedy", "pro")

    def __init__(self) -> None:
        self.options = _options()

    def tracks(self) -> list[dict]:
        out = []
        for course_id in course_ids():
            data = course_file(course_id)
            out.append(
                {
                    "id": course_id,
                    "name": data["name"],
                    "size": f"{data['width']}x{data['height']}",
                    "flags": len(data["flags"]),
                    "robots": data.get("max_robots", 8),
                }
            )
        return out

    def bot(self, name: str, *, seed: int | str, seat: str) -> Any:
        if name not in BOTS:
            raise ConfigError(f"unknown bot {name!r}; bots: {', '.join(self.bot_names)}")
        return BOTS[name](seed, seat)

    def config(self, config: Mapping[str, Any]) -> dict:
        """Defaults, then the course's own rules, then the race's (RR-CFG-01)."""
        given = {k: v for k, v in dict(config).items() if k != "laps"}  # races have no laps
        checked = self.options.validate(given)
        course_rules = course_file(checked["track"]).get("rules") or {}
        return self.options.validate({**course_rules, **given})

    def start(self, config: Mapping[str, Any], seats: list[Seat], seed: int | str) -> RoboRallyRace:
        checked = self.config(config)
        course = load_course(checked["track"])
        if not MIN_ROBOTS <= len(seats) <= min(MAX_ROBOTS, course.max_robots):
            raise ConfigError(
                f"a race on {course.name} takes {MIN_ROBOTS} to "
                f"{min(MAX_ROBOTS, course.max_robots)} robots, not {len(seats)}"
            )
        ids = [s.id for s in seats]
        if len(set(ids)) != len(ids):
            raise ConfigError("seat ids must be unique")
        for s in seats:
            if s.bot is not None and s.bot not in BOTS:
                raise ConfigError(f"unknown bot {s.bot!r}; bots: {', '.join(self.bot_names)}")
        return RoboRallyRace(checked, seats, seed, course)
