"""BasicBot (GT-BOT-02, GT-BOT-03). Flight decisions are the engine's
defaults, which are BasicBot's choices computed from the player's own ship
(GT-API-03)."""

from __future__ import annotations

from ...contract import Action, Decision
from ..rules.ship import Ship
from ..rules.tiles import TILES
from .building import KEEPERS, WEIGHT, best_placement, counts, ready


def own_ship(view: dict, seat: str) -> Ship:
    car = next(c for c in view["cars"] if c["seat"] == seat)
    return Ship.from_view(car["ship_class"], car["ship"], car["reserved"])


class BasicBot:
    weights = None

    def __init__(self, seed, seat: str):
        self.seat = seat
        self.cache_key = None
        self.cache: dict = {}
        self.have: dict = {}

    def choose(self, view: dict, decision: Decision) -> Action:
        if decision.kind == "build_step":
            return self.build_step(view, decision.options)
        if decision.kind == "resolve_tile":
            return self.resolve_tile(view, decision.options)
        return decision.default

    def best(self, ship: Ship, tile: int, number: int):
        """The best safe placement; remembered while the ship is unchanged,
        for every tile of the same kind and connectors."""
        home = ship.cells.get(ship.board.start)  # whose ship: its starting cabin
        key = (number, ship.next_seq, len(ship.cells), home.tile if home else None)
        if self.cache_key != key:
            self.cache_key, self.cache, self.have = key, {}, counts(ship)
        definition = TILES[tile]
        kind = (definition.kind, definition.conn)
        if kind not in self.cache:
            weights = self.weights or WEIGHT
            found = best_placement(ship, tile, number, weights, self.have)
            self.cache[kind] = found
        return self.cache[kind]

    def build_step(self, view: dict, options: dict) -> Action:
        ship = own_ship(view, view.get("deciding_for") or self.seat)
        number = view["round"]
        if options["hourglass"] == "Start" or not ship.open_cells() or ready(ship):
            return self.finish(options)
        for tile in options["reserved_buildable"]:
            found = self.best(ship, tile, number)
            if found and found[0] >= 2:
                return Action("take_reserved", {"tile": tile})
        choice = None
        for tile in sorted(options["face_up"]):
            found = self.best(ship, tile, number)
            if found and found[0] >= 3.5 and (choice is None or found[0] > choice[0]):
                choice = (found[0], tile)
        if choice:
            return Action("take_face_up", {"tile": choice[1]})
        if options["face_down"]:
            return Action("draw")
        return self.finish(options)

    @staticmethod
    def finish(options: dict) -> Action:
        if options.get("token_pick") == "any":
            return Action("finish", {"token": options["tokens"][0]})
        return Action("finish")

    def resolve_tile(self, view: dict, options: dict) -> Action:
        ship = own_ship(view, view.get("deciding_for") or self.seat)
        tile = options["tile"]
        found = self.best(ship, tile, view["round"])
        if found and (found[0] >= 1 or options["from"] == "reserve"):
            return Action("place", {"cell": list(found[1]), "rot": found[2]})
        if options["from"] == "reserve":
            c, r, rot = options["placements"][0]
            return Action("place", {"cell": [c, r], "rot": rot})
        if options["can_reserve"] and TILES[tile].kind in KEEPERS:
            return Action("reserve")
        return Action("return")
