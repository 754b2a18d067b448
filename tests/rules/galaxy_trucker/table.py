"""A scripted table for rule tests: ships written as in the spec's test
list (`tile@col,row/degrees`), positions, crew, batteries and goods set by
hand, dice forced through a scripted source, and the flow driven with
answers the test gives (the default of each decision otherwise)."""

from __future__ import annotations

from races.rules import Action, Event
from races.rules.galaxy_trucker.chance import ScriptedChance
from races.rules.galaxy_trucker.options import engine_config
from races.rules.galaxy_trucker.rules.ship import Ship
from races.rules.galaxy_trucker.rules.tiles import BOARDS, COLOURS, START_CABIN_OF, TILES
from races.rules.galaxy_trucker.state import GameState, Player


def ship(spec: str = "", ship_class: str = "I", start: int = 34, crew: bool = True) -> Ship:
    """`spec` lists `tile@col,row/degrees` items; the starting cabin is at (7,7)."""
    built = Ship(BOARDS[ship_class], start)
    for item in spec.split():
        tile, _, where = item.partition("@")
        cell, _, rot = where.partition("/")
        col, row = (int(v) for v in cell.split(","))
        built.place(int(tile), (col, row), int(rot or 0) // 90)
    if crew:
        for placed in built.cells.values():
            if placed.kind in ("start_cabin", "cabin"):
                placed.humans = 2
            if placed.kind == "battery":
                placed.batteries = TILES[placed.tile].capacity
    return built


class Table:
    """The state of round `number` with the ships and positions given, the
    first card revealed; a scripted chance (`dice` forced) and an emitter
    that logs into `events`: what a rule takes."""

    def __init__(self, ships: dict, positions=None, config=None, dice=None, number: int = 1):
        players = []
        for k, (pid, built) in enumerate(ships.items()):
            p = Player(pid, k, COLOURS[k], START_CABIN_OF[COLOURS[k]])
            p.ship = built
            p.pos = (positions or {}).get(pid)
            players.append(p)
        self.state = GameState(engine_config(config or {}), players, round=number, card_index=1)
        self.chance = ScriptedChance("table", dice=dice)
        self.events: list[Event] = []
        self.asked: list = []

    @property
    def players(self) -> list[Player]:
        return self.state.players

    @property
    def by(self) -> dict[str, Player]:
        return self.state.by_id

    def emit(self, event_type, seat, /, **data):
        self.events.append(Event(len(self.events) + 1, self.state.round, event_type, seat, data))

    def run(self, flow, answers=None):
        """Drive a flow; `answers(ask)` returns an Action or None (the default)."""
        try:
            ask = next(flow)
            while True:
                self.asked.append(ask)
                action = (answers(ask) if answers else None) or ask.default
                problem = ask.check(action)
                assert problem is None, (ask.kind, action, problem)
                ask = flow.send(action)
        except StopIteration as stop:
            return stop.value

    def of(self, kind: str, seat: str | None = None) -> list[dict]:
        return [
            dict(e.data) | {"seat": e.seat}
            for e in self.events
            if e.type == kind and (seat is None or e.seat == seat)
        ]


def declare(cells=(), pay=()) -> Action:
    return Action("declare", {"activate": [list(c) for c in cells], "pay": [list(c) for c in pay]})
