"""The documented options of a RoboRally race (RR-CFG-01), in one place:
the schema a season's rules and a race's config are checked against, and
how a race's config is completed (defaults, then the course's own rules,
then the race's)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..contract import ConfigError, Seat
from ..options import Option, OptionSchema
from .rules.course import Course, course_file, course_ids

MIN_ROBOTS, MAX_ROBOTS = 2, 8  # RR-COMP-03


def option_schema() -> OptionSchema:
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


def race_config(schema: OptionSchema, config: Mapping[str, Any]) -> dict:
    """Defaults, then the course's own rules, then the race's (RR-CFG-01).
    A race has no laps: a `laps` given is left out."""
    given = {k: v for k, v in dict(config).items() if k != "laps"}
    checked = schema.validate(given)
    course_rules = course_file(checked["track"]).get("rules") or {}
    return schema.validate({**course_rules, **given})


def check_seats(seats: Sequence[Seat], course: Course, bot_names: Sequence[str]) -> None:
    """RR-COMP-03: 2 to 8 robots, no more than the course docks; each seat
    once; a bot seat names a known bot."""
    if not MIN_ROBOTS <= len(seats) <= min(MAX_ROBOTS, course.max_robots):
        raise ConfigError(
            f"a race on {course.name} takes {MIN_ROBOTS} to "
            f"{min(MAX_ROBOTS, course.max_robots)} robots, not {len(seats)}"
        )
    ids = [s.id for s in seats]
    if len(set(ids)) != len(ids):
        raise ConfigError("seat ids must be unique")
    for s in seats:
        if s.bot is not None and s.bot not in bot_names:
            raise ConfigError(f"unknown bot {s.bot!r}; bots: {', '.join(bot_names)}")
