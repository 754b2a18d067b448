"""Sponsorship cards in a season race: the deck, gaining and using them, the press corners
and the event rules that award them (HEAT-CHAMP-05, -09, -12..-16; section 12.7, 12.10)."""

from __future__ import annotations

from ...chance import Chance
from ...state import Car, Emit, RaceState, SponsorDeck
from ..cards import SPONSORSHIP, card, sponsorship_pool
from ..hand import cards_drawn


def new_sponsor_deck(s: RaceState, chance: Chance, emit: Emit) -> SponsorDeck:
    """The 35 cards minus those the players carry in (HEAT-CHAMP-05, -20), shuffled."""
    carried = {c for car in s.cars for c in car.sponsorships}
    deck, counter = chance.shuffle(
        "sponsorship", [c for c in sponsorship_pool(s.heavy_rain) if c not in carried]
    )
    emit(
        "deck_shuffled",
        None,
        pile="sponsorship",
        stream="sponsorship",
        counter=counter,
        order=list(deck),
    )
    return SponsorDeck(deck)


def gain(s: RaceState, chance: Chance, emit: Emit, car: Car, reason: str, count: int = 1) -> None:
    """HEAT-CHAMP-14: the top card into the hand; an empty deck reshuffles the used pile."""
    if car.legend:
        return  # Legends never gain sponsorship cards (HEAT-CHAMP-15)
    sponsors = s.sponsors
    for _ in range(count):
        if not sponsors.deck and sponsors.used:
            sponsors.deck, counter = chance.shuffle("sponsorship", sponsors.used)
            sponsors.used = []
            emit(
                "deck_shuffled",
                None,
                pile="sponsorship",
                stream="sponsorship",
                counter=counter,
                order=list(sponsors.deck),
            )
        if not sponsors.deck:
            return
        gained = sponsors.deck.pop(0)
        cards_drawn(emit, car, [gained], "sponsorship", reason)
        car.sponsorships.append(gained)
        emit("sponsorship_gained", car.seat, card=gained, reason=reason)


def retire_used(s: RaceState, emit: Emit, car: Car) -> None:
    """HEAT-CHAMP-12: a sponsorship card played this turn leaves the race at step 9."""
    used = [c for c in car.play if card(c).kind == SPONSORSHIP]
    for c in used:
        car.play.remove(c)
        car.sponsorships.remove(c)
        s.sponsors.used.append(c)
    if used:
        emit("sponsorships_used", car.seat, cards=used)


def press_award(s: RaceState, chance: Chance, emit: Emit, car: Car, corner_id: int, q: int) -> None:
    """HEAT-CHAMP-15, -16: by slipstream, or Speed 2 above the limit with its road token
    (card adjustments excluded); one card per corner, one per chicane."""
    if corner_id not in s.press:
        return
    corner = s.track.lines[q % s.track.length]
    if q not in car.slip_crossings and car.speed < s.limit(corner) + 2:
        return
    key = corner.chicane[0] if corner.chicane else corner_id  # HEAT-RAIN-07
    if key in car.pressed:
        return
    car.pressed.append(key)
    reason = "slipstream" if q in car.slip_crossings else "overspeed"
    emit("press_award", car.seat, corner=corner_id, reason=reason)
    gain(s, chance, emit, car, "press", s.event_rules.get("press_cards", 1))


def after_lap(s: RaceState, chance: Chance, emit: Emit, car: Car) -> None:
    """Event 1961.1: the first three cars to complete lap 1 gain a card (Legends count)."""
    rule = s.event_rules.get("lap1_sponsors")
    if rule and car.laps_done == 1:
        s.lap1_done += 1
        if s.lap1_done <= rule:
            gain(s, chance, emit, car, "event")


def after_speed(s: RaceState, chance: Chance, emit: Emit, car: Car) -> None:
    """Event 1961.2: Speed 15 or more gains one card, at most once per turn."""
    rule = s.event_rules.get("speed_sponsor")
    if rule and car.speed >= rule and not car.speed_award:
        car.speed_award = True
        gain(s, chance, emit, car, "event")


def after_turn(s: RaceState, chance: Chance, emit: Emit, car: Car, ahead_before: set[str]) -> None:
    """Event 1963.2: overtaking 3 or more cars in one turn gains one card."""
    rule = s.event_rules.get("overtake_sponsor")
    if not rule:
        return
    key = (-car.p, not car.rl)
    passed = [x for x in ahead_before if (-s.by_seat[x].p, not s.by_seat[x].rl) > key]
    if len(passed) >= rule:
        gain(s, chance, emit, car, "event")
