"""The 60 adventure cards (GT-DM-15/16), loaded from data/cards.json."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TYPE_NAMES = {
    "open_space": "Open Space",
    "planets": "Planets",
    "abandoned_ship": "Abandoned Ship",
    "abandoned_station": "Abandoned Station",
    "meteor_swarm": "Meteor Swarm",
    "combat_zone": "Combat Zone",
    "smugglers": "Smugglers",
    "slavers": "Slavers",
    "pirates": "Pirates",
    "stardust": "Stardust",
    "epidemic": "Epidemic",
    "sabotage": "Sabotage",
}


@dataclass(frozen=True)
class Card:
    id: str
    level: int
    type: str
    params: dict[str, Any]

    @property
    def name(self) -> str:
        return TYPE_NAMES[self.type]


def _load() -> dict[str, Card]:
    rows = json.loads((Path(__file__).with_name("data") / "cards.json").read_text())
    return {r["id"]: Card(r["id"], r["level"], r["type"], r["params"]) for r in rows}


CARDS = _load()
