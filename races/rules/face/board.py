"""A game's board as neutral drawing primitives (races/rules/face/drawing.py), and
the scene's state moved along the log without re-running the rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .drawing import place_tokens


class Board:
    """The board part of a presentation; a game overrides what its board
    and cars need."""

    def board_state(self, seats: Sequence[Mapping], config: Mapping) -> dict:
        """The scene's state before the first event: every car, no place."""
        return {
            "cars": {s["id"]: {"space": None, "status": "racing"} for s in seats},
            "round": 0,
        }

    def fold(self, state: dict, event: Mapping) -> dict:
        """Move the scene's state along one event (without re-running rules)."""
        return state

    def drawing(self, config: Mapping) -> dict | None:
        """The board of this session as neutral drawing primitives, without
        the cars; None if the game has no board."""
        return None

    def anchor_of(self, config: Mapping, place: str) -> str | None:
        """The board's anchor for a place it does not draw (none by default)."""
        return None

    def scene(
        self,
        config: Mapping,
        state: Mapping,
        people: Mapping[str, Mapping[str, str]],
        active: str | None = None,
    ) -> dict | None:
        """The board with every car placed where the state has it. `people`
        maps a seat to its driver's `name`, a short `label` (the car number)
        and a `colour`."""
        board = self.drawing(config)
        if board is None:
            return None
        cars = [
            {
                "seat": seat,
                "place": car.get("space"),
                "active": seat == active,
                "out": car.get("status") == "out",
                **people[seat],
            }
            for seat, car in state["cars"].items()
            if seat in people
        ]
        return place_tokens(board, cars, lambda place: self.anchor_of(config, place))

    def car_facts(self, car: Mapping) -> list[tuple[str, str]]:
        """A car's public state (from the scene's state) as labelled facts."""
        return []
