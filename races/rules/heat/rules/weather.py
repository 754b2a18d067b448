"""Weather & Road Conditions (HEAT-WEATHER-01..13; tokens in section 12.8 and 12.9).

One weather token for the race changes every player's starting cards; one road token per
corner (one per chicane) changes that corner's limit or the sector after it.
"""

from __future__ import annotations

import json
from functools import cache

from ..chance import Chance
from ..state import Car, Conditions, Emit, RaceState
from .track import DATA

# Setup effect of each weather token (section 12.8): (Heat, Stress, Heat to the discard pile,
# Heat shuffled into the deck).
WEATHER_SETUP = {
    "sunny": (0, 0, 3, 0),
    "cloudy": (0, -1, 0, 0),
    "rain": (0, 0, 0, 3),
    "heavy_rain": (0, 1, 0, 0),
    "freezing": (-1, 0, 0, 0),
    "fog": (1, 0, 0, 0),
}
CORNER_LIMIT = {"corner_plus1": 1, "corner_minus1": -1}


@cache
def _tokens() -> tuple[dict[str, str], tuple[str, ...]]:
    with open(DATA / "cards.json", encoding="utf-8") as handle:
        data = json.load(handle)
    weather = {w["id"]: w["sector_effect"] for w in data["weather_tokens"]}
    road = tuple(
        f"{t['id']}.{n}"
        for t in data["road_condition_tokens"]["tokens"]
        for n in range(1, t["copies"] + 1)
    )
    return weather, road


def road_effect(kind: str, weather: str) -> str:
    if kind == "sector_weather":
        return _tokens()[0][weather]  # HEAT-WEATHER-06
    return {"sector_slipstream": "slipstream_plus_1", "sector_free_boost": "free_boost"}[kind]


def set_up_conditions(s: RaceState, chance: Chance, emit: Emit) -> Conditions:
    """HEAT-WEATHER-02, -04, -05, HEAT-RAIN-05: draw the weather, place the road tokens."""
    weather_effects, road = _tokens()
    fixed = s.event_rules.get("weather")  # the 1964 races (section 12.7)
    if fixed:
        drawn, counter = [fixed], None
    else:
        drawn, counter = chance.shuffle("weather", weather_effects)
    conditions = Conditions(weather=drawn[0])
    emit(
        "weather_drawn",
        None,
        token=drawn[0],
        counter=counter,
        sector_effect=weather_effects[drawn[0]],
    )
    tokens, counter = chance.shuffle("road", road)
    placements = [c for c in s.track.corners if not c.chicane or c.chicane[0] == c.id]
    for corner, token in zip(placements, tokens, strict=False):
        kind = token.split(".")[0]
        covered = list(corner.chicane) if corner.chicane else [corner.id]
        if kind.startswith("corner_"):
            for cid in covered:
                if kind == "corner_overheat":
                    conditions.overheat.add(cid)
                else:
                    conditions.limit_change[cid] = CORNER_LIMIT[kind]
            target = {"corners": covered}
        else:
            sector = covered[-1]  # a chicane's sector token applies after its second corner
            conditions.sectors[sector] = road_effect(kind, conditions.weather)
            target = {"sector": sector, "effect": conditions.sectors[sector]}
        emit("road_token_placed", None, corner=corner.id, token=kind, **target)
    return conditions


def starting_heat_and_stress(conditions: Conditions | None, heat: int, stress: int):
    """HEAT-WEATHER-03: (engine Heat, Stress, Heat to the discard, Heat into the deck)."""
    if conditions is None:
        return heat, stress, 0, 0
    more_heat, more_stress, to_discard, to_deck = WEATHER_SETUP[conditions.weather]
    heat = max(0, heat + more_heat)
    to_discard = min(to_discard, heat)
    to_deck = min(to_deck, heat)
    return heat - to_discard - to_deck, max(0, stress + more_stress), to_discard, to_deck


def sector_effect(s: RaceState, car: Car) -> str | None:
    """The weather or road effect of the car's sector, read at the moment of use
    (HEAT-WEATHER-08)."""
    if s.conditions is None:
        return None
    return s.conditions.sector_effect(s.track, car.p)
