"""`rookie` (RR-BOT-02): a uniformly random legal program from its own
generator; never powers down, keeps every other default."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...contract import Action, Decision


def own_robot(view: Mapping[str, Any]) -> Mapping[str, Any]:
    return next(c for c in view["cars"] if c["seat"] == view["me"])


def bot_random(seed: int | str, seat: str, turn: int) -> random.Random:
    """RR-RNG-04: bots never touch the race's generator."""
    return random.Random(f"roborally-bot|{seed}|{seat}|{turn}")


def defaults(decision: Decision) -> Action:
    if decision.default is not None:
        return decision.default
    return Action(decision.kind, {"answer": "no"})


class Rookie:
    def __init__(self, seed: int | str, seat: str):
        self.seed, self.seat = seed, seat

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        if decision.kind != "program":
            return defaults(decision)
        me = own_robot(view)
        hand = list(me["hand"])
        bot_random(self.seed, self.seat, view["turn"]).shuffle(hand)
        registers = [None] * 5
        for number in decision.options["open_registers"]:
            registers[number - 1] = hand.pop()
        return Action("program", {"registers": registers})
