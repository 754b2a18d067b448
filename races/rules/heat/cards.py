"""Card identities of the base game (HEAT-B-002, HEAT-B-CARD-01..03).

A card is named by a stable id `"{colour}.{code}"`: the canonical sort key for shuffles
(HEAT-B-ENG-07). The code says what the card is, so rules read a card from its id alone:
`S1`..`S4` speed cards (`S3.2` = second copy), `U0`, `U5`, `UH` the starting upgrades,
`H01`.. Heat cards from the reserve, `X01`.. Stress cards from the reserve.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from .track import DATA

SPEED = "SPEED"
HEAT = "HEAT"
STRESS = "STRESS"
STARTING_UPGRADE = "STARTING_UPGRADE"


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    speed: int | None  # None for Heat and Stress (HEAT-B-CARD-01)
    plus: int = 0  # "+" symbols: a Stress card has one (HEAT-B-009)

    @property
    def is_speed_card(self) -> bool:
        """Only the 12 basic 1-4 cards count when a "+" is resolved (HEAT-B-031)."""
        return self.kind == SPEED

    @property
    def no_discard(self) -> bool:
        return self.kind in (HEAT, STRESS)  # HEAT-B-008, HEAT-B-009

    @property
    def name(self) -> str:
        if self.kind == SPEED:
            return f"Speed {self.speed}"
        if self.kind == STARTING_UPGRADE:
            return f"Upgrade {self.speed}"
        return self.kind.capitalize()


@cache
def card(card_id: str) -> Card:
    code = card_id.split(".", 2)[1]
    if code[0] == "S" and code[1:].isdigit():
        return Card(card_id, SPEED, int(code[1:]))
    if code in ("U0", "U5"):
        return Card(card_id, STARTING_UPGRADE, int(code[1]))
    if code == "UH" or code[0] == "H":
        return Card(card_id, HEAT, None)
    if code[0] == "X":
        return Card(card_id, STRESS, None, plus=1)
    raise ValueError(f"unknown card {card_id!r}")


def is_heat(card_id: str) -> bool:
    return card(card_id).kind == HEAT


def is_stress(card_id: str) -> bool:
    return card(card_id).kind == STRESS


@cache
def card_view(card_id: str) -> dict:
    """What a panel shows of a card (shared, read-only)."""
    c = card(card_id)
    return {"id": card_id, "name": c.name, "kind": c.kind, "speed": c.speed, "plus": c.plus}


@cache
def _per_player() -> tuple[tuple[str, int], ...]:
    with open(DATA / "cards.json", encoding="utf-8") as handle:
        records = json.load(handle)["per_player_cards"]
    return tuple((r["code"], r["copies"]) for r in records)


def starting_cards(colour: str) -> list[str]:
    """The 12 speed cards and the 3 starting upgrades of one car (HEAT-B-002, HEAT-B-013).

    The starting Heat upgrade `UH` goes into the deck, not the engine (HEAT-GARAGE-10).
    """
    ids = []
    for code, copies in _per_player():
        if copies == 1:
            ids.append(f"{colour}.{code}")
        else:
            ids.extend(f"{colour}.{code}.{n}" for n in range(1, copies + 1))
    return ids


def heat_card(colour: str, n: int) -> str:
    return f"{colour}.H{n:02d}"


def stress_card(colour: str, n: int) -> str:
    return f"{colour}.X{n:02d}"
