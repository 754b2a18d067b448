"""Plain game data: a player (GT-DM-17), a question the game asks (a
decision point of GT-API-02) and the fixed tables of the rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..contract import Action
from .ship import Ship

# GT-SCR-02: arrival rewards by round, and the best-looking bonus
ARRIVAL = {1: (4, 3, 2, 1), 2: (8, 6, 4, 2), 3: (12, 9, 6, 3)}
BEST_LOOKING = {1: 2, 2: 4, 3: 6}
SHIP_CLASS = {1: "I", 2: "II", 3: "III"}  # GT-SET-02
# GT-SET-07: cards per stack of each level, by round
PER_STACK = {1: {1: 2}, 2: {1: 1, 2: 2}, 3: {1: 1, 2: 1, 3: 2}}
VALUE = {"R": 4, "Y": 3, "G": 2, "B": 1}  # GT-CGO-05
GOODS_ORDER = ("R", "Y", "G", "B")  # most valuable first (GT-CGO-04)
SUPPLY = {"R": 12, "Y": 17, "G": 13, "B": 14}  # GT-CMP-10
TRACK = 40  # GT-DM-14


@dataclass
class Player:
    id: str
    seat: int
    colour: str
    start_tile: int
    credits: int = 0
    ship: Ship | None = None
    pos: int | None = None
    gave_up: dict | None = None
    token: int | None = None
    finished_building: bool = False
    peeked: dict[int, list[str]] = field(default_factory=dict)
    rounds: list[dict] = field(default_factory=list)
    card_credits: int = 0
    credits_before: int = 0

    @property
    def in_flight(self) -> bool:
        return self.pos is not None


@dataclass
class Ask:
    """One decision the game waits for: who, what kind, the words and the
    options a panel draws, the legal actions when they can be listed, the
    check of any action, and the default of GT-API-03."""

    seat: str
    kind: str
    prompt: str
    options: dict[str, Any]
    actions: list[Action] | None
    check: Callable[[Action], str | None]
    default: Action
    ship: str | None = None  # whose ship it is, when a teammate decides (GT-VAR-04)


class Together(list):
    """Asks the game issues at once (GT-API-04: the phases of simultaneous
    building); the flow is sent back a dict of every seat's action."""


def cell_of(value: Any) -> tuple[int, int] | None:
    """A cell given as [col, row] by a person or a bot, or None if malformed."""
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    return None
