"""The RoboRally game object: options, courses, bots, how a race starts
(RR-API-01, RR-CFG-01) and what the rules decide about a hosted session
(its config, a posted program's cards, a missed deadline, the programming
timer)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import Action, ConfigError, Decision, Seat, SessionFacts, SessionRules
from .bots import BOTS
from .options import check_seats, option_schema, race_config
from .race import RoboRallyRace
from .rules.course import course_file, course_ids
from .rules.validate import load_course


class RoboRallyGame(SessionRules):
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

    def _config(self, config: Mapping[str, Any]) -> dict:
        """Defaults, then the course's own rules, then the race's (RR-CFG-01)."""
        return race_config(self.options, config)

    def start(self, config: Mapping[str, Any], seats: list[Seat], seed: int | str) -> RoboRallyRace:
        checked = self._config(config)
        course = load_course(checked["track"])
        check_seats(seats, course, self.bot_names)
        return RoboRallyRace(checked, seats, seed, course)

    # --- what the rules decide about a hosted session ---------------------

    def session_config(
        self,
        rules: Mapping[str, Any],
        round_options: Mapping[str, Any],
        *,
        track: str,
        laps: int | None,
        facts: SessionFacts,
    ) -> dict:
        """A race has no laps: the round's lap count is not passed on."""
        return {**rules, **round_options, "track": track}

    def timed_action(self, action: Action, config: Mapping, seconds: int) -> Action:
        """A program posted by the table's form names its cards as text:
        each becomes the card's priority, an empty register nothing; what
        is not a card stays as posted, for the engine to refuse."""
        registers = action.params.get("registers")
        if action.kind not in ("program", "place") or not isinstance(registers, list):
            return action
        cards = [
            [_card(v) for v in value] if isinstance(value, list) else _card(value)
            for value in registers
        ]
        asides = {
            k: _card(action.params[k]) for k in ("conditional", "flywheel") if k in action.params
        }
        return Action(action.kind, {**action.params, "registers": cards, **asides})

    def missed_deadline(self, decision: Decision, view: Mapping) -> Action | None:
        """RR-DEC-13: the decision's default (the timer's random fill,
        RR-PROG-07, once the timer runs; "no"; RR-RESPAWN-07); a program
        whose timer has not started has none, so the autopilot decides."""
        return decision.default

    def decision_seconds(self, decision: Decision) -> int | None:
        """RR-PROG-05/06: once the timer runs for the last robot still
        programming, it has `program_timer_seconds` left to submit."""
        if decision.kind != "program" or not decision.options.get("timer"):
            return None
        seconds = decision.options.get("timer_seconds")
        return seconds if isinstance(seconds, int) and seconds > 0 else None


def _card(value: Any) -> Any:
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        return int(text) if text.isdigit() and len(text) <= 4 else text
    return value
