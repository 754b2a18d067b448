"""What Formula D can run, for the forms that set a season and a round up:
seats, modes, bots, statuses, the result and live-table columns, the car
build a driver sets when joining (FD-V-3), and the options in words."""

from __future__ import annotations

from ...contract import ConfigError
from ...face.capabilities import (
    DID_NOT_START,
    ELIMINATED,
    FINISHED,
    Capabilities,
    Column,
    GameCapabilities,
    SetupField,
    SetupSchema,
    whole,
)
from ...speech import _
from ..option_words import OPTION_TEXTS
from .parts import part, wear_left

# FD-V-3.1: a build spreads 20 points over the six parts, within these ranges.
BUILD_RANGES = {"T": (1, 14), "Br": (1, 7), "Gb": (1, 7), "Bo": (1, 7), "En": (1, 7), "Su": (1, 7)}
BUILD_TOTAL = 20


def _build_check(values: dict[str, int]) -> dict:
    total = sum(values.values())
    if total != BUILD_TOTAL:
        raise ConfigError(
            _("a build spreads exactly %(total)s points; this one has %(given)s")
            % {"total": BUILD_TOTAL, "given": total}
        )
    return {"build": dict(values)}


def build_schema() -> SetupSchema:
    """The car build a driver sets when joining (FD-V-3), in the reader's words."""
    return SetupSchema(
        fields=tuple(
            SetupField(key, _("Build: %(part)s") % {"part": part(key)}, low, high)
            for key, (low, high) in BUILD_RANGES.items()
        ),
        help=_(
            "Car setup (FD-V-3): spread 20 points over the six parts, "
            "or leave all blank for the standard car."
        ),
        check=_build_check,
    )


def result_columns() -> tuple[Column, ...]:
    return (
        Column("laps", _("Laps"), whole),
        Column("wear", _("Left at the end"), wear_left),
        Column("pit_stops", _("Pit stops"), lambda v: str(v) if v else ""),
        Column("qualifying_score", _("Qualifying score"), whole),
    )


def live_columns() -> tuple[Column, ...]:
    return (
        Column("gear", _("Gear"), whole),
        Column("wear", _("Wear"), wear_left),
        Column("lap", _("Lap"), whole),
    )


class FormulaDCapabilities(GameCapabilities):
    option_texts = OPTION_TEXTS

    def capabilities(self, rules):
        return Capabilities(
            min_seats=2,  # FD-O-2
            max_seats=10,
            modes=("race", "qualifying"),
            bots=(("rookie", _("Rookie")), ("pro", _("Pro"))),
            statuses=(FINISHED, ELIMINATED, DID_NOT_START),
            result_columns=result_columns(),
            live_columns=live_columns(),
            team_race_option="team_race",
        )

    def setup_schema(self, rules):
        # FD-V-3: a car build only in an advanced season that plays the variant.
        if rules.get("level") == "advanced" and rules.get("build_your_car"):
            return build_schema()
        return None
