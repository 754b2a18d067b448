"""The pro bot, better than BasicBot by design:

- building: BasicBot's safe placements, weighted toward what the ship still
  lacks (engines first, then cabins and cannons) and toward what the round's
  cards will ask, read from the stacks it peeked (meteors want shields and
  cannons, open space and combat zones engines, slavers and epidemics crew,
  planets and stations holds); the best few placements are looked at once
  more for the room they leave (bots/room.py): a placement that walls off
  the last cell where a missing engine, cabin, cannon or battery could go
  costs what that tile is worth, and every cell still usable counts a
  little; it builds on through the hourglass's final
  run instead of finishing at once, and never reserves a tile: most
  reserved tiles find no safe cell later and are forfeited at a credit each
  (GT-TBB-10, GT-SCR-05), so a tile it cannot place now goes back face up;
- flight: planets and stations weighed in expected credits (sale value
  against what the days cost in arrival places), abandoned ships only when
  enough crew stays aboard.
"""

from __future__ import annotations

from ...contract import Action, Decision
from ..rules.cargo import gain
from ..rules.ship import Placed, Ship
from ..rules.tiles import (
    BATTERY,
    CABIN,
    CANNON,
    CANNONS,
    DOUBLE_CANNON,
    DOUBLE_ENGINE,
    ENGINE,
    ENGINES,
    HOLDS,
    SHIELD,
    TILES,
)
from .basic import BasicBot, own_ship
from .building import (
    TURNS_OF,
    WEIGHT,
    base_value,
    counts,
    open_spots,
    placed_value,
    ready,
    safe_turns,
)
from .room import room

# how many of the best-scored placements get the look-ahead
LOOKED_AT = 6
# what one more usable empty cell next to the ship is worth
OPENNESS = 0.15
# a tile of these kinds is itself what the ship missed
WANTED_BY = {
    ENGINE: (ENGINE,),
    CABIN: (CABIN,),
    CANNON: CANNONS,
    BATTERY: (BATTERY,),
}

# What a day lost costs in expected credits: about one arrival place per
# three days behind, and a place is worth the gap between two rewards.
DAY_COST = {1: 0.4, 2: 0.7, 3: 1.0}
# what each kind of card asks of a ship
NEEDS = {
    "meteor_swarm": ("shield", "cannon", "double_cannon"),
    "pirates": ("cannon", "double_cannon", "shield"),
    "smugglers": ("cannon", "double_cannon"),
    "slavers": ("cannon", "double_cannon", "cabin"),
    "open_space": ("engine", "double_engine", "battery"),
    "combat_zone": ("engine", "cannon", "cabin"),
    "epidemic": ("cabin",),
    "abandoned_ship": ("cabin",),
    "abandoned_station": ("cabin", "cargo"),
    "planets": ("cargo", "special_cargo"),
    "stardust": ("structure",),
}


class ProBot(BasicBot):
    def choose(self, view: dict, decision: Decision) -> Action:
        kind = decision.kind
        if kind in ("build_step", "resolve_tile"):
            self.weights = self.round_weights(view)
            self.wants = self.missing(
                own_ship(view, view.get("deciding_for") or self.seat), view["round"]
            )
            self.cache_key = None
            if kind == "build_step":
                return self.pro_step(view, decision.options)
            return self.resolve_tile(view, decision.options)
        if kind == "choose_planet":
            return self.planet(view, decision)
        if kind == "accept" and decision.options.get("offer") == "abandoned_ship":
            ship = own_ship(view, view.get("deciding_for") or self.seat)
            return decision.default if ship.crew() >= 5 else Action("decline")
        return decision.default

    def best(self, ship: Ship, tile: int, number: int):
        """BasicBot's safe placements (GT-BOT-02), the few best of them
        looked at once more: what room each leaves for the tiles the ship
        still misses."""
        home = ship.cells.get(ship.board.start)
        key = (number, ship.next_seq, len(ship.cells), home.tile if home else None)
        if self.cache_key != key:
            self.cache_key, self.cache, self.have = key, {}, counts(ship)
        definition = TILES[tile]
        shape = (definition.kind, definition.conn)
        if shape not in self.cache:
            self.cache[shape] = self.weigh_placements(ship, tile, number)
        return self.cache[shape]

    def weigh_placements(self, ship: Ship, tile: int, number: int):
        found = []
        base = base_value(TILES[tile].kind, number, self.have, self.weights)
        for cell, near in open_spots(ship):
            for rot, joints, opened in safe_turns(TURNS_OF[tile], near):
                value = placed_value(ship, tile, cell, rot, base, joints, opened, self.weights)
                found.append((-value, cell[1], cell[0], rot, cell))
        if not found:
            return None
        found.sort()
        best = None
        for minus, _row, _col, rot, cell in found[:LOOKED_AT]:
            value = -minus + self.outlook(ship, tile, cell, rot)
            if best is None or value > best[0]:
                best = (value, cell, rot)
        return best

    def outlook(self, ship: Ship, tile: int, cell, rot: int) -> float:
        """What a placement does to the room left for the missing kinds."""
        ship.cells[cell] = Placed(tile, rot, ship.next_seq)
        left = room(ship)
        del ship.cells[cell]
        kind = TILES[tile].kind
        value = OPENNESS * left["any"]
        for wanted, cost in self.wants.items():
            if kind not in WANTED_BY[wanted] and left[wanted] == 0:
                value -= cost
        return value

    def missing(self, ship: Ship, number: int) -> dict[str, float]:
        """The kinds a ship cannot fly well without, and what closing the
        last cell for one costs."""
        have = counts(ship)
        wants = {}
        if not have.get(ENGINE):
            wants[ENGINE] = 3.0 if not have.get(DOUBLE_ENGINE) else 1.5
        elif have.get(ENGINE) < 2:
            wants[ENGINE] = 1.0
        if have.get(CABIN, 0) < 1 + number:
            wants[CABIN] = 2.0
        if not have.get(CANNON) and not have.get(DOUBLE_CANNON):
            wants[CANNON] = 1.5
        if (have.get(DOUBLE_ENGINE) or have.get(DOUBLE_CANNON)) and not have.get(BATTERY):
            wants[BATTERY] = 1.5
        return wants

    def round_weights(self, view: dict) -> dict:
        ship = own_ship(view, view.get("deciding_for") or self.seat)
        have = counts(ship)
        number = view["round"]
        weights = {**WEIGHT, "flex": 0.4}
        engines = sum(have.get(k, 0) for k in ENGINES)
        if engines < 2:
            weights["engine"] += 3 - engines
            weights["double_engine"] += 2 - engines
        if have.get(CABIN, 0) < 1 + number:
            weights[CABIN] += 1
        if sum(have.get(k, 0) for k in CANNONS) < number + 1:
            weights["cannon"] += 1
        seen = [c["type"] for stack in view.get("peeked") or [] for c in stack["cards"]]
        for card in seen:
            for kind in NEEDS.get(card, ()):
                weights[kind] = weights.get(kind, 1) + 0.5
        if not any(have.get(k) for k in HOLDS):
            weights["cargo"] += 0.5
        if have.get(SHIELD, 0) >= 2:
            weights[SHIELD] -= 1
        return weights

    def pro_step(self, view: dict, options: dict) -> Action:
        ship = own_ship(view, view.get("deciding_for") or self.seat)
        number = view["round"]
        last_run = options["hourglass"] == "Start"
        if not ship.open_cells() or (ready(ship) and not options["reserved_buildable"]):
            return self.finish(options)
        for tile in options["reserved_buildable"]:
            found = self.best(ship, tile, number)
            if found and (found[0] >= 1 or last_run):
                return Action("take_reserved", {"tile": tile})
        if last_run and options["ticks_left"] <= 1:
            return self.finish(options)
        peeked = {p["stack"] for p in view.get("peeked") or []}
        wanted = [k for k in options["stacks"] if k <= min(number, 2) and k not in peeked]
        if wanted and len(ship.cells) >= 4 and not last_run:
            return Action("peek", {"stack": wanted[0]})
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

    def resolve_tile(self, view: dict, options: dict) -> Action:
        action = super().resolve_tile(view, options)
        if action.kind == "reserve":
            return Action("return")
        return action

    def planet(self, view: dict, decision: Decision) -> Action:
        ship = own_ship(view, view.get("deciding_for") or self.seat)
        days = decision.options["days"]
        cost = DAY_COST.get(view["round"], 1.0) * days
        best, worth = None, 0.0
        for planet in decision.options["planets"]:
            if not planet["free"]:
                continue
            value = gain(ship, planet["goods"]) - cost
            if value > worth:
                best, worth = planet["planet"], value
        return Action("land", {"planet": best}) if best else Action("stay")
