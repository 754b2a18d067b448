"""The RoboRally game object: options, courses, bots and how a race starts
(RR-API-01, RR-CFG-01)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import ConfigError, Seat
from .bots import BOTS
from .options import check_seats, option_schema, race_config
from .race import RoboRallyRace
from .rules.course import course_file, course_ids
from .rules.validate import load_course


class RoboRallyGame:
    key = "roborally"
    name = "RoboRally"
    bot_names = ("rookie", "greedy", "pro")

    def __init__(self) -> None:
        self.options = option_schema()

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
        return race_config(self.options, config)

    def start(self, config: Mapping[str, Any], seats: list[Seat], seed: int | str) -> RoboRallyRace:
        checked = self.config(config)
        course = load_course(checked["track"])
        check_seats(seats, course, self.bot_names)
        return RoboRallyRace(checked, seats, seed, course)
