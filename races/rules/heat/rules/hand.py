"""A driver's cards on the move: drawing into the hand, reshuffling the discard pile, flipping
for a "+" and paying Heat from the engine (HEAT-B-031, HEAT-B-032, HEAT-B-ENG-10)."""

from __future__ import annotations

from ..chance import Chance
from ..state import Car, Emit
from .cards import card


def cards_drawn(emit: Emit, car: Car, cards: list[str], pile: str, reason: str) -> None:
    """Cards into the hand (HEAT-B-ENG-10 `CardsDrawn`; only their owner sees the ids while
    the race runs, HEAT-B-ENG-09)."""
    car.hand.extend(cards)
    emit("cards_drawn", car.seat, cards=cards, pile=pile, reason=reason)


def reshuffle(chance: Chance, emit: Emit, car: Car) -> bool:
    """Shuffle the discard pile into a new draw deck (HEAT-B-032); False if it is empty."""
    if not car.discard:
        return False
    stream = f"deck/{car.colour}"
    order, counter = chance.shuffle(stream, car.discard)
    car.deck = order + car.deck
    car.discard = []
    emit("deck_shuffled", car.seat, pile="discard", stream=stream, counter=counter, order=order)
    return True


def draw(chance: Chance, emit: Emit, car: Car, count: int, reason: str) -> list[str]:
    """Draw up to `count` cards; a draw that cannot be made is skipped (HEAT-B-032).

    HEAT-B-ENG-10: each run of draws is a `cards_drawn` event, in the order of the draws: a
    reshuffle in the middle splits the cards drawn before it from those drawn after."""
    deck = car.deck
    if 0 <= count <= len(deck):  # the usual draw: no reshuffle on the way, one run of cards
        drawn = deck[:count]
        del deck[:count]
        if drawn:
            cards_drawn(emit, car, drawn[:], "deck", reason)
        return drawn
    drawn: list[str] = []
    start = 0
    for _ in range(count):
        if not car.deck:
            if len(drawn) > start:
                cards_drawn(emit, car, drawn[start:], "deck", reason)
                start = len(drawn)
            if not reshuffle(chance, emit, car):
                break
        drawn.append(car.deck.pop(0))
    if len(drawn) > start:
        cards_drawn(emit, car, drawn[start:], "deck", reason)
    return drawn


def resolve_plus(chance: Chance, emit: Emit, car: Car, source: str) -> int:
    """Flip until a speed card appears; it joins the play area (HEAT-B-031).

    At most one reshuffle per "+"; a "+" that finds nothing is worth 0 (HEAT-B-032).
    """
    flipped = []
    reshuffled = False
    found = None
    while True:
        if not car.deck:
            if reshuffled or not reshuffle(chance, emit, car):
                break
            reshuffled = True
            continue
        top = car.deck.pop(0)
        if card(top).is_speed_card:
            found = top
            car.play.append(top)
            break
        car.discard.append(top)
        flipped.append(top)
    emit("plus_resolved", car.seat, source=source, flipped=flipped, found=found)
    return card(found).speed if found else 0


def pay_heat(emit: Emit, car: Car, amount: int, reason: str) -> int:
    """Move up to `amount` Heat from the engine to the discard pile; returns what was paid."""
    paid = min(amount, len(car.engine))
    for _ in range(paid):
        car.discard.append(car.engine.pop())
    if paid:
        car.heat_paid_total += paid
        emit("heat_paid", car.seat, amount=paid, reason=reason, engine=len(car.engine))
    return paid
