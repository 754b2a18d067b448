"""The pro bot: BasicBot's safe building with weights for what the round
needs (more engines and cannons for longer flights, fewer open connectors),
and flight choices weighed in expected credits: a planet or a station is
worth its goods' sale value against the days it costs, and a ship that can
no longer move gives up while it still has goods to sell."""

from __future__ import annotations

from ...contract import Action, Decision
from ..cargo import gain
from ..state import ARRIVAL
from .basic import BasicBot, own_ship
from .building import WEIGHT

# What a day lost costs in expected credits: about one arrival place per
# three days behind, and a place is worth the gap between two rewards.
DAY_COST = {1: 0.4, 2: 0.7, 3: 1.0}


class ProBot(BasicBot):
    def choose(self, view: dict, decision: Decision) -> Action:
        kind = decision.kind
        if kind in ("build_step", "resolve_tile"):
            number = view["round"]
            self.weights = {
                **WEIGHT,
                "engine": WEIGHT["engine"] + 0.5,
                "double_engine": WEIGHT["double_engine"] + 0.25 * number,
                "double_cannon": WEIGHT["double_cannon"] + 0.25 * number,
                "shield": WEIGHT["shield"] + 0.25 * number,
                "cargo": WEIGHT["cargo"] + 0.5,
            }
            return super().choose(view, decision)
        if kind == "choose_planet":
            return self.planet(view, decision)
        if kind == "accept" and decision.options.get("offer") == "abandoned_ship":
            return decision.default
        if kind == "give_up":
            return self.give_up(view, decision)
        return decision.default

    def planet(self, view: dict, decision: Decision) -> Action:
        ship = own_ship(view, self.seat)
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

    def give_up(self, view: dict, decision: Decision) -> Action:
        """Give up when the ship cannot move any more in Open Space and is
        about to be lapped anyway, keeping half its cargo's value."""
        me = next(c for c in view["cars"] if c["seat"] == self.seat)
        leader = max((c["pos"] for c in view["cars"] if c["pos"] is not None), default=0)
        behind = leader - (me["pos"] or 0)
        left = view["cards_in_deck"] - view["card_index"]
        reward = ARRIVAL[view["round"]][-1]
        if behind > 34 and left > 2 and me["crew"] and reward < 2:
            return Action("give_up")
        return Action("fly_on")
