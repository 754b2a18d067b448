"""What Heat runs under a season's rules: seats, bots, statuses and the columns of the
results and the live table (races/rules/face/capabilities.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...face.capabilities import (
    DID_NOT_START,
    ELIMINATED,
    FINISHED,
    Capabilities,
    Column,
    GameCapabilities,
)
from ...speech import _
from ..option_words import OPTION_TEXTS
from ..options import MAX_CARS


def _count(value: Any) -> str:
    return "" if value is None else str(value)


def _some(value: Any) -> str:
    return str(value) if value else ""


class HeatCapabilities(GameCapabilities):
    option_texts = OPTION_TEXTS

    def capabilities(self, rules: Mapping[str, Any]) -> Capabilities:
        return Capabilities(
            min_seats=2,
            # HEAT-B-001; Heavy Rain adds a seventh car (HEAT-RAIN-01).
            max_seats=MAX_CARS + (1 if rules.get("heavy_rain") else 0),
            modes=("race",),
            bots=(
                ("rookie", _("Rookie")),
                ("pro", _("Pro")),
                ("legend", _("Legend (Legends module)")),
            ),
            # A Legend is a module's own car (HEAT-LEGEND), not a driver's stand-in.
            autopilots=(("rookie", _("Rookie")), ("pro", _("Pro"))),
            statuses=(FINISHED, ELIMINATED, DID_NOT_START),
            result_columns=(
                Column("laps", _("Laps"), _count),
                Column("spinouts", _("Spin-outs"), _some),
                Column("heat_paid_total", _("Heat paid"), _count),
            ),
            live_columns=(
                Column("gear", _("Gear"), _count),
                Column("engine", _("Heat in engine"), _count),
                Column("spinouts", _("Spin-outs"), _some),
            ),
        )
