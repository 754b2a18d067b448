"""A scripted table for rule tests: ships written as in the spec's test
list (`tile@col,row/degrees`), positions, crew, batteries and goods set by
hand, dice forced through a scripted source, and the flow driven with
answers the test gives (the default of each decision otherwise)."""

from __future__ import annotations

from races.rules import Action, Event
from races.rules.galaxy_trucker import GAME
from races.rules.galaxy_trucker.cards import CARDS
from races.rules.galaxy_trucker.chance import ScriptedChance
from races.rules.galaxy_trucker.ship import Ship
from races.rules.galaxy_trucker.state import SUPPLY, Player
from races.rules.galaxy_trucker.tiles import BOARDS, COLOURS, START_CABIN_OF, TILES


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
    def __init__(self, ships: dict, positions=None, config=None, dice=None, number: int = 1):
        self.config = GAME.engine_config(config or {})
        self.events: list[Event] = []
        self.round = number
        self.chance = ScriptedChance("table", dice=dice)
        self.players = []
        for k, (pid, built) in enumerate(ships.items()):
            p = Player(pid, k, COLOURS[k], START_CABIN_OF[COLOURS[k]])
            p.ship = built
            p.pos = (positions or {}).get(pid)
            self.players.append(p)
        self.by = {p.id: p for p in self.players}
        self.supply = dict(SUPPLY)
        self.card_index = 1
        self.give_ups = 0
        self.used: set = set()
        self.asked: list = []

    def emit(self, event_type, seat, /, **data):
        self.events.append(Event(len(self.events) + 1, self.round, event_type, seat, data))

    def card(self, card_id):
        return CARDS[card_id]

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
