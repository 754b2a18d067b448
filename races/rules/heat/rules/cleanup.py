"""Steps 8 and 9: discard and replenish (HEAT-B-047, HEAT-B-048)."""

from __future__ import annotations

from itertools import filterfalse

from ..chance import Chance
from ..state import Car, Emit, RaceState
from .cards import is_stress, kept_in_hand
from .championship.sponsors import retire_used
from .hand import draw


def discardable(s: RaceState, car: Car) -> list[str]:
    """HEAT-B-047; event 1964.3 lets Heat cards be discarded too."""
    if s.event_rules.get("discard_heat"):
        return [c for c in car.hand if not is_stress(c)]
    return list(filterfalse(kept_in_hand, car.hand))


def discard(emit: Emit, car: Car, cards: list[str]) -> None:
    """Step 8 (HEAT-B-047)."""
    for c in cards:
        car.hand.remove(c)
        car.discard.append(c)
    emit("cards_discarded", car.seat, cards=list(cards), top=car.discard[-1])


def replenish(s: RaceState, chance: Chance, emit: Emit, car: Car) -> None:
    """Step 9 (HEAT-B-048): play area to discard in order, then draw up to hand size."""
    if s.sponsors:
        retire_used(s, emit, car)
    car.discard.extend(car.play)
    car.play = []
    short = s.hand_size - len(car.hand)
    drawn = draw(chance, emit, car, short, "replenish") if short > 0 else []
    emit("hand_replenished", car.seat, drawn=len(drawn))
