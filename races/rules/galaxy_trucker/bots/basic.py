"""BasicBot (GT-BOT-02, GT-BOT-03). Flight decisions are the engine's
defaults, which are BasicBot's choices computed from the player's own ship
(GT-API-03)."""

from __future__ import annotations

from ...contract import Action, Decision
from ..rules.ship import Ship
from ..rules.tiles import TILES
from .building import KEEPERS, WEIGHT, best_placement, counts, open_spots, ready


def own_ship(view: dict, seat: str) -> Ship:
    car = next(c for c in view["cars"] if c["seat"] == seat)
    return Ship.from_view(car["ship_class"], car["ship"], car["reserved"])


# a tile's kind and connectors: what its best placement depends on
LOOKS = {tile: (definition.kind, definition.conn) for tile, definition in TILES.items()}


class BasicBot:
    weights = None

    def __init__(self, seed, seat: str):
        self.seat = seat
        self.cache_key = None
        self.cache: dict = {}
        self.have: dict = {}
        self.open: list = []  # the open spots of the ship the cache is for
        self.car: dict | None = None  # the public picture `ship` was read from
        self.ship: Ship | None = None

    def choose(self, view: dict, decision: Decision) -> Action:
        if decision.kind == "build_step":
            return self.build_step(view, decision.options)
        if decision.kind == "resolve_tile":
            return self.resolve_tile(view, decision.options)
        return decision.default

    def own_ship(self, view: dict) -> Ship:
        """The ship the bot decides for, read again only from a new public
        picture: the race hands the same picture until an event changes it.
        The bot leaves the ship as it read it (ProBot's look-ahead puts a
        tile on and takes it off again)."""
        seat = view.get("deciding_for") or self.seat
        car = next(c for c in view["cars"] if c["seat"] == seat)
        if car is not self.car:
            self.car = car
            self.ship = Ship.from_view(car["ship_class"], car["ship"], car["reserved"])
        return self.ship

    def survey(self, ship: Ship, number: int) -> None:
        """What the ship holds and where it is open, worked out again only
        when the ship changed."""
        home = ship.cells.get(ship.board.start)  # whose ship: its starting cabin
        key = (number, ship.next_seq, len(ship.cells), home.tile if home else None)
        if self.cache_key != key:
            self.cache_key, self.cache, self.have = key, {}, counts(ship)
            self.open = open_spots(ship)

    def best(self, ship: Ship, tile: int, number: int):
        """The best safe placement; remembered while the ship is unchanged,
        for every tile of the same kind and connectors."""
        self.survey(ship, number)
        return self.surveyed_best(ship, tile, number)

    def surveyed_best(self, ship: Ship, tile: int, number: int):
        """`best` once the ship is surveyed."""
        kind = LOOKS[tile]
        found = self.cache.get(kind, self)  # the bot itself: not worked out yet
        if found is self:
            weights = self.weights or WEIGHT
            found = best_placement(ship, tile, number, weights, self.have, self.open)
            self.cache[kind] = found
        return found

    def build_step(self, view: dict, options: dict) -> Action:
        ship = self.own_ship(view)
        number = view["round"]
        if options["hourglass"] == "Start":
            return self.finish(options)
        self.survey(ship, number)
        if not self.open or ready(ship, self.have):
            return self.finish(options)
        for tile in options["reserved_buildable"]:
            found = self.surveyed_best(ship, tile, number)
            if found and found[0] >= 2:
                return Action("take_reserved", {"tile": tile})
        choice = None
        for tile in sorted(options["face_up"]):
            found = self.surveyed_best(ship, tile, number)
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
        ship = self.own_ship(view)
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
