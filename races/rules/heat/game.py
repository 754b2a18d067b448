"""The Heat game object: options, tracks, bots and how a race starts (HEAT-B-ENG-02)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import ConfigError, Seat
from .bots import BOTS
from .options import OPTIONS, race_config
from .race import HeatRace
from .rules.track import load_track, track_ids


class HeatGame:
    key = "heat"
    name = "Heat: Pedal to the Metal"
    bot_names = ("legend", "rookie", "pro")
    options = OPTIONS

    def tracks(self) -> list[dict]:
        out = []
        for track_id in track_ids():
            t = load_track(track_id)
            out.append(
                {
                    "id": t.id,
                    "name": t.name,
                    "laps": t.laps,
                    "length": t.length,
                    "corners": len(t.corners),
                    "heat": t.heat,
                    "stress": t.stress,
                }
            )
        return out

    def bot(self, name: str, *, seed: int | str, seat: str) -> Any:
        if name not in BOTS:
            raise ConfigError(f"unknown bot {name!r}; bots: {', '.join(self.bot_names)}")
        return BOTS[name](seed, seat)

    def start(self, config: Mapping[str, Any], seats: list[Seat], seed: int | str) -> HeatRace:
        checked = race_config(config, seats)
        return HeatRace(checked, seats, seed, load_track(checked["track"]))
