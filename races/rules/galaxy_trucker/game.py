"""The Galaxy Trucker game object: its options (options.py), tracks, bots
and how a game starts (GT-DM-18)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import ConfigError, Seat
from .bots import BOTS
from .options import OPTIONS, TRACKS, check_seats, engine_config
from .race import GalaxyTruckerRace
from .rules.tiles import BOARDS


class GalaxyTruckerGame:
    key = "galaxy_trucker"
    name = "Galaxy Trucker"
    bot_names = ("random", "rookie", "pro")

    def __init__(self) -> None:
        self.options = OPTIONS

    def tracks(self) -> list[dict]:
        return [
            {
                "id": key,
                "name": t["name"],
                "track_spaces": 40,
                "ship_classes": ", ".join(t["classes"]),
                "cells": "/".join(str(len(BOARDS[c].cells)) for c in t["classes"]),
            }
            for key, t in TRACKS.items()
        ]

    def bot(self, name: str, *, seed: int | str, seat: str) -> Any:
        if name not in BOTS:
            raise ConfigError(f"unknown bot {name!r}; bots: {', '.join(self.bot_names)}")
        return BOTS[name](seed, seat)

    def start(
        self, config: Mapping[str, Any], seats: list[Seat], seed: int | str, chance=None
    ) -> GalaxyTruckerRace:
        check_seats(seats)
        for s in seats:
            if s.kind == "bot" and s.bot is not None and s.bot not in BOTS:
                raise ConfigError(f"unknown bot {s.bot!r}; bots: {', '.join(self.bot_names)}")
        return GalaxyTruckerRace(engine_config(config), seats, seed, chance)
