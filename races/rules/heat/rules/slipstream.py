"""Step 6, Slipstream (HEAT-B-041..043; sector bonuses HEAT-WEATHER-10, cards HEAT-GARAGE-16)."""

from __future__ import annotations

from ..chance import Chance
from ..state import Car, Emit, RaceState
from .cards import card
from .movement import move
from .weather import sector_effect


def slipstream_eligible(s: RaceState, car: Car) -> bool:
    """HEAT-B-041..043 (the source's reading; the flag gives [BGA]'s any-spot-ahead)."""
    if car.slipstreamed or car.p >= s.board.finish or car.p + 2 >= s.board.finish:
        return False
    if sector_effect(s, car) == "no_slipstream":
        return False  # HEAT-WEATHER-10: no slipstream may start here
    gears = s.event_rules.get("slipstream_gears")
    if gears and car.gear not in gears:
        return False  # event 1964.2
    board = s.board
    if not board.free(car.p, not car.rl):
        return True
    if s.config.get("slipstream_any_spot_ahead"):
        return not board.free(car.p + 1, True) or not board.free(car.p + 1, False)
    return not board.free(car.p + 1, car.rl)


def slipstream_bonus(s: RaceState, car: Car) -> int:
    """HEAT-WEATHER-10: extra slipstream spaces of the sector the car starts from."""
    cards = 0
    if s.garage or s.sponsors:  # HEAT-GARAGE-16, sponsorship cards
        cards = sum(card(c).slipstream_bonus for c in car.play if c not in car.converted)
    return cards + {"slipstream_plus_1": 1, "slipstream_plus_2": 2}.get(sector_effect(s, car), 0)


def slipstream(s: RaceState, chance: Chance, emit: Emit, car: Car, extra: bool = True) -> None:
    """HEAT-B-042: two spaces and the optional bonuses, not Speed; lines crossed are checked.

    HEAT-B-043: the bonus never takes the car across the final finish line."""
    bonus = slipstream_bonus(s, car) if extra else 0
    distance = min(2 + bonus, s.board.finish - 1 - car.p)
    car.slipstreamed = True
    move(s, chance, emit, car, distance, "slipstream")
