"""Cards reaching a driver's hand, from the deck or the sponsorship pile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import Car

if TYPE_CHECKING:
    from ..race import HeatRace


def cards_drawn(race: HeatRace, car: Car, cards: list[str], pile: str, reason: str) -> None:
    """Cards into the hand (HEAT-B-ENG-10 `CardsDrawn`; only their owner sees the ids while
    the race runs, HEAT-B-ENG-09)."""
    car.hand.extend(cards)
    race.emit("cards_drawn", car.seat, cards=cards, pile=pile, reason=reason)
