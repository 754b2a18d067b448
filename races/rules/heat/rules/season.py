"""Championship seasons 1961-1963: event cards, sponsorship cards and press corners
(HEAT-CHAMP-01, -05, -09..-18; section 12.7, 12.10).

A season race is named by the `season` and `season_race` options; the event card sets the
track, the sponsorship cards drawn, the press corners and a special rule.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from ...contract import ConfigError
from ..chance import Chance
from ..state import Car
from .cards import SPONSORSHIP, card, sponsorship_pool
from .hand import cards_drawn
from .track import DATA, Track

if TYPE_CHECKING:
    from ..race import HeatRace

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


class Sponsors:
    """The sponsorship deck of one race: the 35 cards minus those the players carry in
    (HEAT-CHAMP-05, -20), and the pile of used ones (HEAT-CHAMP-12, -14)."""

    def __init__(self, race: HeatRace) -> None:
        carried = {c for car in race.cars for c in car.sponsorships}
        self.deck, counter = race.chance.shuffle(
            "sponsorship", [c for c in sponsorship_pool(race.heavy_rain) if c not in carried]
        )
        race.emit(
            "deck_shuffled",
            None,
            pile="sponsorship",
            stream="sponsorship",
            counter=counter,
            order=list(self.deck),
        )
        self.used: list[str] = []

    def gain(self, race: HeatRace, car: Car, reason: str, count: int = 1) -> None:
        """HEAT-CHAMP-14: the top card into the hand; an empty deck reshuffles the used pile."""
        if car.legend:
            return  # Legends never gain sponsorship cards (HEAT-CHAMP-15)
        for _ in range(count):
            if not self.deck and self.used:
                self.deck, counter = race.chance.shuffle("sponsorship", self.used)
                self.used = []
                race.emit(
                    "deck_shuffled",
                    None,
                    pile="sponsorship",
                    stream="sponsorship",
                    counter=counter,
                    order=list(self.deck),
                )
            if not self.deck:
                return
            gained = self.deck.pop(0)
            cards_drawn(race, car, [gained], "sponsorship", reason)
            car.sponsorships.append(gained)
            race.emit("sponsorship_gained", car.seat, card=gained, reason=reason)

    def retire_used(self, race: HeatRace, car: Car) -> None:
        """HEAT-CHAMP-12: a sponsorship card played this turn leaves the race at step 9."""
        used = [c for c in car.play if card(c).kind == SPONSORSHIP]
        for c in used:
            car.play.remove(c)
            car.sponsorships.remove(c)
            self.used.append(c)
        if used:
            race.emit("sponsorships_used", car.seat, cards=used)


def press_award(race: HeatRace, car: Car, corner_id: int, q: int) -> None:
    """HEAT-CHAMP-15, -16: by slipstream, or Speed 2 above the limit with its road token
    (card adjustments excluded); one card per corner, one per chicane."""
    if corner_id not in race.press:
        return
    corner = race.track.lines[q % race.track.length]
    if q not in car.slip_crossings and car.speed < race.limit(corner) + 2:
        return
    key = corner.chicane[0] if corner.chicane else corner_id  # HEAT-RAIN-07
    if key in car.pressed:
        return
    car.pressed.append(key)
    reason = "slipstream" if q in car.slip_crossings else "overspeed"
    race.emit("press_award", car.seat, corner=corner_id, reason=reason)
    race.sponsors.gain(race, car, "press", race.event_rules.get("press_cards", 1))


def after_lap(race: HeatRace, car: Car) -> None:
    """Event 1961.1: the first three cars to complete lap 1 gain a card (Legends count)."""
    rule = race.event_rules.get("lap1_sponsors")
    if rule and car.laps_done == 1:
        race.lap1_done += 1
        if race.lap1_done <= rule:
            race.sponsors.gain(race, car, "event")


def after_speed(race: HeatRace, car: Car) -> None:
    """Event 1961.2: Speed 15 or more gains one card, at most once per turn."""
    rule = race.event_rules.get("speed_sponsor")
    if rule and car.speed >= rule and not car.speed_award:
        car.speed_award = True
        race.sponsors.gain(race, car, "event")


def after_turn(race: HeatRace, car: Car, ahead_before: set[str]) -> None:
    """Event 1963.2: overtaking 3 or more cars in one turn gains one card."""
    rule = race.event_rules.get("overtake_sponsor")
    if not rule:
        return
    key = (-car.p, not car.rl)
    passed = [s for s in ahead_before if (-race.by_seat[s].p, not race.by_seat[s].rl) > key]
    if len(passed) >= rule:
        race.sponsors.gain(race, car, "event")


def event_bonus(race: HeatRace, position: int, finished: bool) -> int:
    """Events 1961.3 (winner +2) and 1962.3 (first three +1)."""
    if not finished:
        return 0
    rules = race.event_rules
    return (rules.get("winner_bonus", 0) if position == 1 else 0) + (
        rules.get("podium_bonus", 0) if position <= 3 else 0
    )
