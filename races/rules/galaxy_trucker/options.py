"""The Galaxy Trucker options (GT-DM-18): the tracks (a flight board with the
ship boards its rounds use), the option schema with its defaults, the engine
config a game starts from, and the checks of the seats at a table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..contract import ConfigError, Seat
from ..options import Option, OptionSchema
from ..speech import _
from .rules.tiles import BOARDS

# A "track" is the flight board with the ship boards its rounds use.
TRACKS = {
    "standard": {"name": "Standard flight (I, II, III)", "classes": ["I", "II", "III"]},
    "standard_iiia": {
        "name": "Flight with board IIIa (I, II, IIIa)",
        "classes": ["I", "II", "IIIa"],
    },
}

OPTIONS = OptionSchema(
    (
        Option("track", "str", "standard", "flight board and ship classes", choices=tuple(TRACKS)),
        Option(
            "laps",
            "int",
            None,
            "rounds to play, 1-3 (GT-VAR-01); empty = 3",
            min=1,
            max=3,
            nullable=True,
        ),
        Option(
            "build_mode",
            "str",
            "sequential",
            "GT-TBB-12: sequential, or simultaneous for people",
            choices=("sequential", "simultaneous"),
            season=False,  # the session decides: people build together
        ),
        Option("team_race", "bool", False, "GT-VAR-04: two teams of two, flying swapped"),
        Option("expert_teams", "bool", False, "GT-VAR-05: teammates swap at every flip"),
        Option("ticks_per_run", "int", 8, "ticks per hourglass run (GT-TBB-03)", min=2, max=40),
        Option(
            "hourglass_seconds",
            "int",
            0,
            "GT-TBB-03: seconds per hourglass run at a live table; 0 = in ticks",
            min=0,
            max=600,
            season=False,  # the session decides: people build against real sand
        ),
        Option("strict_build", "bool", False, "GT-TBB-06"),
        Option("start_spacing", "str", "source", "GT-AMB-03", choices=("source", "published")),
        Option("movement", "str", "skip", "GT-AMB-04", choices=("skip", "slide")),
        Option("epidemic_mode", "str", "per_cabin", "GT-AMB-06", choices=("per_cabin", "per_pair")),
        Option("shield_scope", "str", "ship", "GT-AMB-07", choices=("ship", "line")),
        Option("no_crew_rule", "str", "any_crew", "GT-AMB-09", choices=("any_crew", "no_humans")),
        Option("token_pick", "str", "lowest", "GT-AMB-11", choices=("lowest", "any")),
        Option("open_stacks", "bool", False, "GT-VAR-03"),
        Option("finite_goods", "bool", True, "GT-AMB-20"),
        Option("half_sale_rounding", "str", "up", "GT-AMB-13", choices=("up", "down")),
        Option("penalty_caps", "bool", True, "GT-AMB-14: caps I 5, II 10, III 15"),
    )
)


def engine_config(config: Mapping[str, Any]) -> dict:
    """The options checked and filled in, with what the rules read from them:
    the rounds played (GT-VAR-01, GT-AMB-29), the board of round 3
    (GT-VAR-02), the penalty caps (GT-AMB-14) and the credit floor."""
    checked = OPTIONS.validate(config)
    rounds = checked["laps"] or 3
    checked["rounds"] = list(range(1, rounds + 1))  # GT-VAR-01, GT-AMB-29
    checked["round3_class"] = TRACKS[checked["track"]]["classes"][2]
    caps = {b.name: b.penalty_cap for b in BOARDS.values()}
    checked["penalty_cap"] = caps if checked["penalty_caps"] else dict.fromkeys(caps)
    checked["credit_floor"] = 0
    if not checked["hourglass_seconds"]:
        del checked["hourglass_seconds"]  # the tick hourglass: the config as ever (GT-LOG-03)
    return checked


def check_seats(seats: Sequence[Seat]) -> None:
    """GT-CMP-14: 2 to 4 players, each seat once; a ConfigError otherwise."""
    if not 2 <= len(seats) <= 4:
        raise ConfigError(_("Galaxy Trucker is played by 2 to 4 players (GT-CMP-14)."))
    ids = [s.id for s in seats]
    if len(set(ids)) != len(ids):
        raise ConfigError("seat ids must be unique")
