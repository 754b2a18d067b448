"""The race's state as plain data: robots, decks, the turn and the log.

Rules (rules/) are functions over a `Factory` (the floor and everything on
it), which carries the race's chance (`chance`, chance.py) and its emitter
(`emit`, which appends an event to the log); flow.py runs the turn over
them and the race object (race.py) only asks for decisions and applies them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from ..contract import Event
from ..log import keep_line
from .chance import Chance
from .rules.cards import cards_in
from .rules.course import Course, Square
from .rules.lines import DATA_LINES, quote

REGISTERS = 5
# A rule that may wait for decisions: it yields the decisions it needs and
# receives each answer as (seat, action) (flow.py drives it).
Flow = Generator[list, tuple, Any]


@dataclass
class Robot:
    seat: str
    dock: int
    square: Square | None
    facing: str
    archive: Square
    lives: int
    damage: int = 0
    flags: int = 0
    registers: list = field(default_factory=lambda: [None] * REGISTERS)
    hand: list[int] = field(default_factory=list)
    placed: list = field(default_factory=lambda: [None] * REGISTERS)  # provisional (RR-PROG-03)
    shown: set = field(default_factory=set)  # registers whose card is face up
    submitted: bool = False
    timer: bool = False
    powered_down: bool = False
    power_down_next: bool = False
    destroyed: bool = False
    eliminated: bool = False
    destroyed_this_turn: bool = False
    respawned_this_turn: bool = False
    destructions: int = 0
    destruction_number: int = 0
    last_flag_at: tuple[int, int] | None = None
    finished_at: tuple[int, int] | None = None
    finish_priority: int | None = None
    eliminated_at: tuple[int, int, str | None] | None = None
    options: list[str] = field(default_factory=list)  # face up, in the order drawn
    ablative: int = 0  # points the Ablative Coat has absorbed
    howitzer_shots: int = 0
    gyroscope: bool = False  # Gyroscopic Stabilizer active this turn
    shielded: set = field(default_factory=set)  # (turn, register, side) the shield took
    extra_locks: dict = field(default_factory=dict)  # Fire Control: register -> wipes left
    conditional: int | None = None  # the card face down on Conditional Program
    flywheel: int | None = None  # the card face down on the Flywheel
    aborted: bool = False  # Abort Switch used this turn
    recompiled: bool = False  # Recompile used this turn
    radio: dict = field(default_factory=dict)  # Radio Control: register -> shooter's seat
    executed: int | None = None  # the priority it executes in this register

    @property
    def on_board(self) -> bool:
        return self.square is not None

    @property
    def active(self) -> bool:
        """On the board and not powered down (RR-GEO-08)."""
        return self.square is not None and not self.powered_down

    def locked(self, register: int) -> bool:
        """RR-DMG-02: with damage d >= 5, registers 10 - d to 5 are locked;
        so is a register under a Fire Control extra lock (RR-LOCK-05)."""
        return self.damage >= 10 - register or register in self.extra_locks

    def cards(self) -> list[int]:
        """Every program card the robot holds: hand, registers, and the cards
        on Conditional Program and the Flywheel (RR-TEST-46)."""
        held = list(self.hand)
        for entry in self.registers:
            held += cards_in(entry)
        return held + [c for c in (self.conditional, self.flywheel) if c is not None]

    def open_registers(self) -> list[int]:
        if self.damage < 5 and not self.extra_locks:  # RR-DMG-02: none locked yet
            return list(range(1, REGISTERS + 1))
        return [r for r in range(1, REGISTERS + 1) if not self.locked(r)]

    def locked_registers(self) -> list[int]:
        if self.damage < 5 and not self.extra_locks:  # RR-DMG-02: none locked yet
            return []
        return [r for r in range(1, REGISTERS + 1) if self.locked(r)]


@dataclass
class Factory:
    course: Course
    config: dict
    robots: list[Robot]  # in dock order
    chance: Chance
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    turn: int = 0
    register: int | None = None
    step: str | None = None
    events: list[Event] = field(default_factory=list)
    destructions: int = 0
    option_deck: list[str] = field(default_factory=list)
    option_discard: list[str] = field(default_factory=list)
    ended: str | None = None
    winner: str | None = None

    def emit(self, type_: str, seat: str | None = None, **data) -> Event:
        data.setdefault("register", self.register)
        data.setdefault("step", self.step)
        event = Event(len(self.events) + 1, self.turn, type_, seat, data)
        self.events.append(event)
        write = DATA_LINES.get((type_, tuple(data)))
        if write is not None and type(self.turn) is int and (seat is None or type(seat) is str):
            text = write(data)
            if text is not None:  # the line the log's encoder would write (rules/lines.py)
                who = "null" if seat is None else quote(seat)
                keep_line(
                    event,
                    f'{{"data":{text},"round":{self.turn},"seat":{who},'
                    f'"seq":{event.seq},"type":"{type_}"}}',
                )
        return event

    def robot(self, seat: str) -> Robot:
        for robot in self.robots:
            if robot.seat == seat:
                return robot
        raise StopIteration  # as next() over no robot raised

    def at(self, square: Square) -> Robot | None:
        for robot in self.robots:
            if robot.square == square:
                return robot
        return None

    def racing(self) -> list[Robot]:
        """Robots not eliminated, in dock order (RR-PRIO-05)."""
        return [r for r in self.robots if not r.eliminated]

    def draw(self) -> int | None:
        """The top card of the deck; an empty deck is first refilled from the
        discard pile (RR-RNG-02 item 4)."""
        if not self.deck and self.discard:
            self.deck = self.chance.shuffle(sorted(self.discard))
            self.discard = []
            self.emit_shuffle()
        return self.deck.pop(0) if self.deck else None

    def emit_shuffle(self) -> None:
        self.emit("deck_shuffled", count=len(self.deck), sha256=json_order(self.deck))


def json_order(cards: list[int]) -> str:
    """RR-EVT-05: sha256 of the deck order as compact JSON, top first."""
    text = json.dumps(list(cards), separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
