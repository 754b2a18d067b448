"""The Heat options: their schema and defaults (HEAT-B-ENG-02), and the checks of a config
and its seats that raise ConfigError before a race starts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import ConfigError, Seat
from ..options import Option, OptionSchema
from .bots import BOTS
from .rules.championship.championship import carried_upgrades
from .rules.championship.season import season_event
from .rules.track import track_ids

MAX_CARS = 6  # HEAT-B-001 with the base components
MAX_PLAYERS_WITH_LEGENDS = 3  # HEAT-LEGEND-01


OPTIONS = OptionSchema(
    (
        Option("track", "str", "usa", "track id (HEAT-B-010)", choices=tuple(track_ids())),
        Option(
            "laps",
            "int",
            None,
            "laps to race; empty = the track's",
            min=1,
            max=10,
            nullable=True,
        ),
        Option(
            "legends",
            "bool",
            False,
            "Legends module (HEAT-LEGEND): seats whose bot is 'legend' drive as Legend "
            "cars; a Legend seat switches it on",
        ),
        Option(
            "legend_bonus",
            "int",
            0,
            "added to every Legend helmet (HEAT-LEGEND-06)",
            min=0,
            max=20,
        ),
        Option("garage", "bool", False, "Garage module: upgrade cards (HEAT-GARAGE-01..18)"),
        Option(
            "garage_draft",
            "bool",
            True,
            "draft the upgrades (HEAT-GARAGE-03); false deals 3 each (HEAT-GARAGE-04)",
        ),
        Option(
            "upgrade_pool",
            "str",
            "basic",
            "upgrade cards used (HEAT-GARAGE-01)",
            choices=("basic", "basic_and_advanced", "advanced"),
        ),
        Option(
            "tournament",
            "bool",
            False,
            "tournament mode: no step 1; the number of cards played is the new gear "
            "(HEAT-B-TOURN-01..04)",
        ),
        Option(
            "season",
            "str",
            None,
            "a championship season race (HEAT-CHAMP-01, section 12.7): its event card sets "
            "the track, sponsorship cards, press corners and a special rule",
            choices=("1961", "1962", "1963", "1964", "custom"),
            nullable=True,
        ),
        Option("season_race", "int", 1, "which race of the season", min=1, max=4, season=False),
        Option(
            "season_seed",
            "str",
            None,
            "a custom season's seed: the same for every race of the season (HEAT-CHAMP-03)",
            nullable=True,
        ),
        Option(
            "heavy_rain",
            "bool",
            False,
            "Heavy Rain expansion: Air Intake upgrades and SP85 sponsorships (super-cool), "
            "a 7th car, aggressive Legends, the 1964 season (HEAT-RAIN-01..10)",
        ),
        Option(
            "championship",
            "bool",
            False,
            "championship race: the car design market instead of the draft; upgrades "
            "carry over through Seat.setup['carry_in'] (HEAT-CHAMP-08, -20)",
        ),
        Option(
            "grid",
            "list",
            None,
            "seat ids in grid order, slot 1 first; empty = random (HEAT-B-011, HEAT-CHAMP-06)",
            nullable=True,
            season=False,
        ),
        Option("weather", "bool", False, "Weather & Road Conditions module (HEAT-WEATHER-01..13)"),
        Option("hand_size", "int", 7, "cards in hand (HEAT-B-004)", min=1, max=12),
        Option(
            "slipstream_any_spot_ahead",
            "bool",
            False,
            "HEAT-B-041 alternative: slipstream behind either spot of the next space",
        ),
        Option(
            "max_rounds",
            "int",
            200,
            "stall guard (HEAT-B-ENG-04)",
            min=1,
            max=1000,
            season=False,
        ),
    )
)


def race_config(config: Mapping[str, Any], seats: list[Seat]) -> dict:
    """The checked config of a race: defaults filled in, a season race's event applied."""
    checked = OPTIONS.validate(config)
    event = season_event(checked)
    if event is not None:
        # A season race is a championship race on the event's track, with weather and
        # road conditions (HEAT-CHAMP-06, -07, -11).
        checked.update(track=event.track, championship=True, weather=True)
        if event.season == 1964 and checked["season"] == "1964":
            checked["heavy_rain"] = True  # HEAT-RAIN-01: the 1964 season
    check_seats(checked, seats)
    return checked


def check_seats(config: dict, seats: list[Seat]) -> None:
    if not seats:
        raise ConfigError("a race needs at least one car")
    most = MAX_CARS + 1 if config.get("heavy_rain") else MAX_CARS  # HEAT-B-001, HEAT-RAIN-01
    if len(seats) > most:
        raise ConfigError(f"at most {most} cars can race")
    ids = [s.id for s in seats]
    if len(set(ids)) != len(ids):
        raise ConfigError("seat ids must be unique")
    for s in seats:
        if s.bot is not None and s.bot not in BOTS:
            raise ConfigError(f"unknown bot {s.bot!r}; bots: {', '.join(BOTS)}")
    legends = [s for s in seats if s.bot == "legend"]
    if config.get("legends") and not legends:
        raise ConfigError("the Legends module needs at least one seat with bot 'legend'")
    players = len(seats) - len(legends)
    if legends and players > MAX_PLAYERS_WITH_LEGENDS:
        raise ConfigError(
            f"Legends race only with {MAX_PLAYERS_WITH_LEGENDS} or fewer players (HEAT-LEGEND-01)"
        )
    if legends:
        config["legends"] = True
    if config.get("grid") is not None and sorted(config["grid"]) != sorted(ids):
        raise ConfigError("the grid option must list every seat id once")
    carried = carried_upgrades(seats)
    if any(carried.values()) and not (config.get("garage") or config.get("championship")):
        raise ConfigError("carried-over upgrades need the garage or championship option")
