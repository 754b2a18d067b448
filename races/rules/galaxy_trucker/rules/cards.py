"""The 60 adventure cards (GT-DM-15/16), loaded from data/cards.json."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...speech import N_

TYPE_NAMES = {
    "open_space": N_("Open Space"),
    "planets": N_("Planets"),
    "abandoned_ship": N_("Abandoned Ship"),
    "abandoned_station": N_("Abandoned Station"),
    "meteor_swarm": N_("Meteor Swarm"),
    "combat_zone": N_("Combat Zone"),
    "smugglers": N_("Smugglers"),
    "slavers": N_("Slavers"),
    "pirates": N_("Pirates"),
    "stardust": N_("Stardust"),
    "epidemic": N_("Epidemic"),
    "sabotage": N_("Sabotage"),
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
    rows = json.loads((Path(__file__).parent.parent / "data" / "cards.json").read_text())
    return {r["id"]: Card(r["id"], r["level"], r["type"], r["params"]) for r in rows}


CARDS = _load()
