"""Championship seasons 1961-1964 and custom ones: the event cards, their special rules and
press corners, and the points they add (HEAT-CHAMP-01, -03, -10, -18; section 12.7).

A season race is named by the `season` and `season_race` options; the event card sets the
track, the sponsorship cards drawn (sponsors.py), the press corners and a special rule.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache

from ....contract import ConfigError
from ...chance import Chance
from ..track import DATA, Track

TRACK_IDS = {
    "gb": "gbr",
    "usa": "usa",
    "italia": "italy",
    "france": "france",
    "japan": "japan",
    "mexico": "mexico",
}

# Section 12.7, "Effect (engine rule)", by event number.
EVENT_RULES: dict[int, dict] = {
    1: {"lap1_sponsors": 3},  # New grandstand inauguration
    2: {"speed_sponsor": 15},  # New speed record!
    3: {"laps": -1, "winner_bonus": 2},  # Drivers' strike
    4: {"heat": 1},  # Engine restrictions lifted
    5: {"laps": 1, "hand_size": 8},  # Record crowds
    6: {"podium_bonus": 1},  # Corruption in rules committee
    7: {},  # New title sponsor
    8: {"overtake_sponsor": 3},  # First live televised race
    9: {"heat": -2, "stress": -1, "hand_size": 6},  # New safety regulations
    10: {"stress": 1, "spin_eliminates": True},  # Title sponsor withdraws future unknown
    11: {"press_cards": 2, "weather": "rain"},  # Going global
    12: {"slipstream_gears": (3, 4), "weather": "cloudy"},  # Turbulent winds
    13: {"discard_heat": True},  # Chicanes for increased safety
    14: {"no_adrenaline": True, "weather": "heavy_rain"},  # Sudden heavy rain delays race
}


@dataclass(frozen=True)
class Event:
    number: int
    name: str
    season: int
    race: int
    track: str
    sponsors: int
    press: tuple[str, ...]
    rules: dict = field(default_factory=dict, hash=False, compare=False)


@cache
def events() -> dict[tuple[int, int], Event]:
    with open(DATA / "cards.json", encoding="utf-8") as handle:
        records = json.load(handle)["championship"]["events"]
    return {
        (e["season"], e["race"]): Event(
            e["number"],
            e["name"],
            e["season"],
            e["race"],
            TRACK_IDS[e["track"]],
            e["sponsorship_cards"],
            tuple(e["press_letters"]),
            EVENT_RULES[e["number"]],
        )
        for e in records
    }


CUSTOM_TRACKS = ("usa", "italy", "gbr", "france")  # the 4 track cards of the base game


def custom_event(config: dict) -> Event:
    """HEAT-CHAMP-03: a season of 4 races on the shuffled track cards, each with a random
    event card (streams `champ_tracks`, `champ_events` of the season's own seed, so every
    race of the season agrees). Events are drawn without replacement from the base events
    (and the 1964 ones with Heavy Rain); the event's own track is not used."""
    seed = config.get("season_seed")
    if seed is None:
        raise ConfigError("a custom season needs the season_seed option")
    number = config.get("season_race") or 1
    chance = Chance(seed)
    tracks, _ = chance.shuffle("champ_tracks", CUSTOM_TRACKS)
    pool = [
        f"{e.season}.{e.race}"
        for e in events().values()
        if e.season < 1964 or config.get("heavy_rain")
    ]
    drawn, _ = chance.shuffle("champ_events", pool)
    season, race = (int(part) for part in drawn[number - 1].split("."))
    event = events()[(season, race)]
    return Event(
        event.number,
        event.name,
        event.season,
        event.race,
        tracks[number - 1],
        event.sponsors,
        event.press,
        event.rules,
    )


def season_event(config: dict) -> Event | None:
    season = config.get("season")
    if season is None:
        return None
    if season == "custom":
        return custom_event(config)
    key = (int(season), config.get("season_race") or 1)
    if key not in events():
        raise ConfigError(f"season {season} has no race {key[1]}")
    return events()[key]


def press_corners(track: Track, event: Event) -> set[int]:
    """HEAT-CHAMP-10, HEAT-B-TRK-10: the corners the event's letters name on this track."""
    letters = dict(track.press_letters)
    return {cid for letter in event.press for cid in letters.get(letter, ())}


def event_bonus(rules: dict, position: int, finished: bool) -> int:
    """Events 1961.3 (winner +2) and 1962.3 (first three +1)."""
    if not finished:
        return 0
    return (rules.get("winner_bonus", 0) if position == 1 else 0) + (
        rules.get("podium_bonus", 0) if position <= 3 else 0
    )
