"""The Galaxy Trucker game object: its options (options.py), tracks, bots,
how a game starts (GT-DM-18) and what the rules decide about a hosted
session (the build mode, GT-TBB-12; the default on a missed deadline,
GT-API-03)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import Action, ConfigError, Decision, Seat, SessionFacts, SessionRules, TableTimer
from .bots import BOTS
from .options import OPTIONS, TRACKS, check_seats, engine_config
from .race import GalaxyTruckerRace
from .rules.sand import timer_action
from .rules.tiles import BOARDS

HOURGLASS_SECONDS = 90  # one run of the hourglass at a live table (GT-TBB-03, §5.3)


class GalaxyTruckerGame(SessionRules):
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

    # --- what the rules decide about a hosted session ---------------------

    def session_config(
        self,
        rules: Mapping[str, Any],
        round_options: Mapping[str, Any],
        *,
        track: str,
        laps: int | None,
        facts: SessionFacts,
    ) -> dict:
        config = {**rules, **round_options, "track": track if track in TRACKS else "standard"}
        if laps and 1 <= laps <= 3:
            config["laps"] = laps  # GT-VAR-01: a short game of 1 or 2 rounds
        # GT-TBB-12: people build together, so nobody waits tile by tile for
        # the other builders; bots alone build one after the other
        config["build_mode"] = "simultaneous" if facts.people else "sequential"
        if facts.people:  # GT-BLD-07 mapping: the sand runs ≈ 90 s, in real seconds
            config["hourglass_seconds"] = HOURGLASS_SECONDS
        return config

    def missed_deadline(self, decision: Decision, view: Mapping) -> Action | None:
        """GT-API-03: a missed deadline applies the decision's default (PASS
        for a building step, BasicBot's choice in flight), logged as defaulted."""
        if decision.default is None:
            return None
        return Action(decision.default.kind, {**decision.default.params, "defaulted": True})

    def table_timer(self, decision: Decision) -> TableTimer | None:
        """GT-TBB-03 in real seconds: the hourglass runs for every builder
        at once. GT-BLD-07/08: when its sand runs out the builder's step is
        its default (PASS, or RETURN for a tile in hand), marked so the engine
        turns the hourglass (or ends building) at the end of the tick."""
        seconds = decision.options.get("hourglass_seconds")
        if not isinstance(seconds, int) or seconds <= 0:
            return None
        run = str(decision.options.get("hourglass_run", ""))
        return TableTimer(run, seconds, timer_action(decision.default))
