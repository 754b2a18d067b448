"""The Heat game object: options, tracks, bots, how a race starts (HEAT-B-ENG-02) and what
the rules add to a hosted session's config (HEAT-CHAMP-01, -03, -06)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import ConfigError, Seat, SessionFacts, SessionRules
from .bots import BOTS
from .options import OPTIONS, race_config
from .race import HeatRace
from .rules.track import load_track, track_ids


class HeatGame(SessionRules):
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

    def session_config(
        self,
        rules: Mapping[str, Any],
        round_options: Mapping[str, Any],
        *,
        track: str,
        laps: int | None,
        facts: SessionFacts,
    ) -> dict:
        config = super().session_config(rules, round_options, track=track, laps=laps, facts=facts)
        if rules.get("season"):
            config["season_race"] = facts.round_number  # HEAT-CHAMP-01: race N of the season
        if rules.get("season") == "custom" and facts.season_key:
            config.setdefault("season_seed", facts.season_key)
        if facts.kind == "race" and facts.grid:
            config["grid"] = list(facts.grid)
        return config
