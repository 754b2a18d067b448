"""The documented options of a Formula D session (FD-O-1, FD-O-2), in one place."""

from __future__ import annotations

from ..contract import ConfigError
from ..options import Option, OptionSchema
from .rules.setup import build_error
from .rules.track import load_track, track_ids
from .rules.variants.abilities import DRIVERS


def _check(config: dict) -> None:
    if config.get("track") is None:
        raise ConfigError("option 'track' is required")
    track = load_track(config["track"])
    advanced = config["level"] == "advanced"
    for key in ("weather", "tire_choice", "technical_pit_stops", "build_your_car"):
        if config[key] and not advanced:
            raise ConfigError(f"option {key!r} needs level = advanced (FD-O-2)")
    published = config["ruleset"] == "published"
    if config["street"] is None:
        config["street"] = track.kind == "street"
    street = config["street"] and published
    if config["nitro"] is None:
        config["nitro"] = street if published else False
    elif published and config["nitro"] != street:
        raise ConfigError("under the published rules nitro comes with street races only (FD-V-9)")
    if config["laps"] is None:
        config["laps"] = 2 if advanced and not street else 1  # FD-B-1.2, FD-A-1.2, FD-V-10.3
    if street and config["laps"] > 2:
        raise ConfigError("published street races are 1 or 2 laps (FD-O-2)")
    if config["special_drivers"] is None:
        config["special_drivers"] = street and advanced
    elif config["special_drivers"] and not (street and advanced):
        raise ConfigError(
            "special_drivers needs a street race, level = advanced and ruleset = published"
            " (FD-O-2, FD-BGA-16)"
        )


OPTIONS = OptionSchema(
    options=(
        Option("track", "str", None, "track id: " + ", ".join(track_ids()), nullable=True),
        Option("mode", "str", "race", "session kind", choices=("race", "qualifying")),
        Option(
            "level",
            "str",
            "basic",
            "basic (18 WP) or advanced (six parts)",
            choices=("basic", "advanced"),
        ),
        Option(
            "ruleset",
            "str",
            "published",
            "which side of every FD-BGA switch applies",
            choices=("published", "bga"),
        ),
        Option(
            "laps", "int", None, "1..5; default basic 1, advanced 2", min=1, max=5, nullable=True
        ),
        Option("weather", "bool", False, "FD-V-6 weather (advanced)"),
        Option("tire_choice", "bool", False, "FD-V-7 tyre choice (advanced)"),
        Option("technical_pit_stops", "bool", False, "FD-V-8 technical stops (advanced)"),
        Option("build_your_car", "bool", False, "FD-V-3 build your car (advanced)"),
        Option("team_race", "bool", False, "FD-V-5 team race"),
        Option(
            "street",
            "bool",
            None,
            "street race rules (FD-V-10); default: the track's kind",
            nullable=True,
        ),
        Option(
            "nitro",
            "bool",
            None,
            "FD-V-9 nitro; published: equal to street; bga: an option",
            nullable=True,
        ),
        Option(
            "special_drivers",
            "bool",
            None,
            "FD-V-12; default: on in advanced published street races",
            nullable=True,
        ),
        Option(
            "grid",
            "list",
            None,
            "race grid, pole first; default a roll-off",
            nullable=True,
            season=False,
        ),
        Option(
            "qualifying_weather",
            "str",
            None,
            "surface of the preceding qualifying",
            choices=("dry", "wet"),
            nullable=True,
            season=False,
        ),
        Option(
            "qualifying_ranks",
            "dict",
            None,
            "seat -> rank from the preceding qualifying",
            nullable=True,
            season=False,
        ),
        Option(
            "qualifying_seconds_per_turn",
            "int",
            30,
            "modelled seconds per qualifying turn when the host reports none",
            min=1,
            max=600,
        ),
        Option(
            "bga_eliminated_neighbour",
            "str",
            "auto_fail",
            "FD-BGA-5 only",
            choices=("auto_fail", "skip"),
        ),
    ),
    checks=(_check,),
)


def check_seats(config: dict, seats) -> None:
    """FD-O-2 rules that need the seat list."""
    if not 2 <= len(seats) <= 10:
        raise ConfigError("Formula D needs 2 to 10 cars")
    ids = [s.id for s in seats]
    if len(set(ids)) != len(ids):
        raise ConfigError("seat ids must be distinct")
    if config["team_race"]:
        teams: dict = {}
        for s in seats:
            teams[s.team] = teams.get(s.team, 0) + 1
        if len(seats) < 4 or len(seats) % 2 or None in teams or set(teams.values()) != {2}:
            raise ConfigError("a team race needs an even number of cars (4+), two per team")
    grid = config.get("grid")
    if grid is not None and sorted(grid) != sorted(ids):
        raise ConfigError("grid must list every seat exactly once")
    drivers = [s.setup.get("driver") for s in seats if s.setup.get("driver")]
    if drivers:
        if not config["special_drivers"]:
            raise ConfigError("setup.driver needs special_drivers (FD-V-12)")
        unknown = [d for d in drivers if d not in DRIVERS]
        if unknown:
            raise ConfigError(f"unknown driver {unknown[0]!r}; drivers: {', '.join(DRIVERS)}")
        if len(set(drivers)) != len(drivers):
            raise ConfigError("each seat drives a different special driver (FD-O-2)")
    for s in seats:
        if s.setup.get("build") is not None and not config["build_your_car"]:
            raise ConfigError(f"seat {s.id}: setup.build needs build_your_car")
        if s.setup.get("tires") not in (None, "hard", "soft", "rain"):
            raise ConfigError(f"seat {s.id}: tyres are hard, soft or rain")
    if config["build_your_car"]:  # FD-V-3
        for s in seats:
            if s.setup.get("build") is not None:
                error = build_error(config, dict(s.setup["build"]))
                if error:
                    raise ConfigError(f"seat {s.id}: {error}")
