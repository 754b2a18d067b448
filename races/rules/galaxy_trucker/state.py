"""The state of a game of Galaxy Trucker as plain data: the table
(`GameState`), a player (GT-DM-17) and a question the game asks (a decision
point of GT-API-02). The rules (rules/) read and change it; the flow
(flow.py) drives them; the race (race.py) only holds it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..contract import Action
from .rules.ship import Ship

SUPPLY = {"R": 12, "Y": 17, "G": 13, "B": 14}  # GT-CMP-10: the goods at the start


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
class GameState:
    """Everything on the table: the engine config (options.engine_config),
    the players in seat order, each seat's teammate (GT-VAR-04, {} without
    team play), the round and its phase, the building pool and hourglass,
    the stacks and the deck of the flight, the goods supply, and at the end
    the finishing order with its tie-breaks and the team accounts."""

    config: dict
    players: list[Player]
    mates: dict[str, str] = field(default_factory=dict)
    round: int = 0
    phase: str = "setup"
    tick: int = 0
    hourglass: dict = field(
        default_factory=lambda: {"pos": 0, "ticks_left": 0, "waiting": False, "waited": 0}
    )
    tokens_left: list[int] = field(default_factory=list)
    face_down: list[int] = field(default_factory=list)
    face_up: list[int] = field(default_factory=list)
    stacks: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    deck: list[str] = field(default_factory=list)
    card_index: int = 0
    current_card: str | None = None
    used: set[str] = field(default_factory=set)
    supply: dict[str, int] = field(default_factory=lambda: dict(SUPPLY))
    give_ups: int = 0
    standing: list[str] = field(default_factory=list)
    tie_breaks: list[dict] = field(default_factory=list)
    accounts: dict[str, int] = field(default_factory=dict)
    by_id: dict[str, Player] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.by_id = {p.id: p for p in self.players}


@dataclass
class Ask:
    """One decision the game waits for: who, what kind, the words and the
    options a panel draws, the legal actions when they can be listed, the
    check of any action, and the default of GT-API-03."""

    seat: str
    kind: str
    prompt: str
    options: dict[str, Any]
    actions: list[Action] | Callable[[], list[Action]] | None  # a callable lists them when asked
    check: Callable[[Action], str | None]
    default: Action
    ship: str | None = None  # whose ship it is, when a teammate decides (GT-VAR-04)
    decision_id: int = 0  # GT-LOG-02: numbered 1, 2, ... in the order asked


class Together(list):
    """Asks the game issues at once (GT-API-04: the phases of simultaneous
    building); the flow is sent back a dict of every seat's action."""


# what the rules log through: emit(event_type, seat, **data)
Emit = Callable[..., None]
