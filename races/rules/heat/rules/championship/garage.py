"""The Garage module: the upgrade draft and the upgrade symbols (HEAT-GARAGE-01..18).

Symbols act at step 3 ("+", speed choices, the Heat-cost check), step 5 (cooldown, Heat cost,
scrap, reduce stress, salvage, accelerate, direct play), step 6 (slipstream bonus), step 7
(adjust limit) and step 9 (refresh).
"""

from __future__ import annotations

from ...chance import Chance
from ...state import Car, Draft, Emit, RaceState
from ..cards import (
    Card,
    card,
    is_heat,
    is_stress,
    is_upgrade,
    plus_of,
    printed_speed,
    upgrade_pool,
)
from ..hand import pay_heat, reshuffle, resolve_plus
from ..movement import move
from ..react import GEAR_COOLDOWN, cooldown_allowance, heat_in_hand
from ..weather import sector_effect

PICKS = 3  # HEAT-GARAGE-03: three rows, each player ends with 3 upgrades


def new_draft(s: RaceState, chance: Chance, emit: Emit, players: list[Car]) -> Draft:
    """HEAT-GARAGE-03: rows of P+3 cards; reverse grid order, grid order, reverse again."""
    pool, counter = chance.shuffle("upgrades", upgrade_pool(s.upgrade_pool, s.heavy_rain))
    draft = Draft(players, pool)
    emit(
        "deck_shuffled",
        None,
        pile="upgrades",
        stream="upgrades",
        counter=counter,
        order=list(draft.pool),
    )
    _next_row(emit, draft)
    return draft


def _next_row(emit: Emit, draft: Draft) -> None:
    if draft.row:
        emit("upgrade_row_discarded", None, cards=list(draft.row))
    draft.pick += 1
    if draft.pick > PICKS:
        draft.queue = []
        return
    size = len(draft.players) + 3
    draft.row, draft.pool = draft.pool[:size], draft.pool[size:]
    forward = draft.pick % 2 == 0
    draft.queue = list(draft.players) if forward else list(reversed(draft.players))
    emit("upgrade_row_revealed", None, pick=draft.pick, cards=list(draft.row))


def draft_take(emit: Emit, draft: Draft, car: Car, card_id: str) -> None:
    draft.row.remove(card_id)
    car.upgrades.append(card_id)
    draft.queue.pop(0)
    emit("upgrade_picked", car.seat, card=card_id, pick=draft.pick)
    if not draft.queue:
        _next_row(emit, draft)


def quick_deal(s: RaceState, chance: Chance, emit: Emit, players: list[Car]) -> None:
    """HEAT-GARAGE-04: shuffle the pool and deal 3 cards each, one at a time, grid order."""
    pool, counter = chance.shuffle("upgrades", upgrade_pool(s.upgrade_pool, s.heavy_rain))
    emit(
        "deck_shuffled", None, pile="upgrades", stream="upgrades", counter=counter, order=list(pool)
    )
    for _ in range(PICKS):
        for car in players:
            dealt = pool.pop(0)
            car.upgrades.append(dealt)
            emit("upgrade_dealt", car.seat, card=dealt)


# ------------------------------------------------------------------ step 3 (HEAT-B-030)
def live_upgrades(car: Car) -> list[Card]:
    """Upgrade cards in the play area whose symbols count this turn (not converted)."""
    if not any(map(is_upgrade, car.play)):  # most turns play none: asked cheaply first
        return []
    return [card(c) for c in car.play if is_upgrade(c) and c not in car.converted]


def resolve_reveal_plus(chance: Chance, emit: Emit, car: Car) -> None:
    """(a) "+" printed on upgrades, then (b) Stress cards (HEAT-B-030, HEAT-GARAGE-06)."""
    # Only the cards with a "+" act here (in their order of play); most turns have none.
    played = list(filter(plus_of, car.play))
    if not played:
        return
    # the Stress cards last, each part in order of play: a stable sort by False, then True
    ordered = sorted(played, key=is_stress)
    for c in ordered:
        for _ in range(plus_of(c)):
            resolve_plus(chance, emit, car, c)
            car.plus_count += 1


def play_speed(car: Car) -> int:
    """The Speed of the cards in the play area (HEAT-B-033), chosen speeds included
    (HEAT-GARAGE-18)."""
    if any(map(is_upgrade, car.play)):  # only upgrades have speed choices
        return sum(card_value(car, c) for c in car.play)
    return sum(map(printed_speed, car.play))


def unchosen(car: Car) -> list[str]:
    """(c) cards whose speed is chosen after the "+" are resolved (HEAT-GARAGE-18)."""
    if not any(map(is_upgrade, car.play)):  # asked at every reveal; most play no upgrade
        return []
    return [
        c
        for c in car.play
        if is_upgrade(c)
        and card(c).speed_choices
        and c not in car.chosen
        and c not in car.converted
    ]


def usable_cooldown(s: RaceState, car: Car, adrenaline: bool) -> int:
    effect = sector_effect(s, car)
    if effect == "no_cooldown":
        return 0
    return (
        GEAR_COOLDOWN[car.gear]
        + (1 if adrenaline else 0)
        + sum(c.cooldown for c in live_upgrades(car))
        + (1 if effect == "cooldown_plus_1" else 0)
    )


def unpayable(s: RaceState, car: Car, adrenaline: bool) -> bool:
    """(d) HEAT-GARAGE-07: engine + min(Heat in hand, usable Cooldown) must cover the cost."""
    upgrades = live_upgrades(car)
    if not upgrades:
        return False
    cost = sum(c.heat_cost for c in upgrades)
    if not cost:
        return False
    cool = usable_cooldown(s, car, adrenaline)
    return len(car.engine) + min(len(heat_in_hand(car)), cool) < cost


def convert(chance: Chance, emit: Emit, car: Car, card_id: str) -> None:
    """The card goes to the discard pile and one "+" is resolved in its place."""
    car.play.remove(card_id)
    car.discard.append(card_id)
    car.converted.append(card_id)
    emit("card_converted_unpayable", car.seat, card=card_id)
    resolve_plus(chance, emit, car, card_id)
    car.plus_count += 1


def card_value(car: Car, card_id: str) -> int:
    c = card(card_id)
    if c.speed_choices:
        return car.chosen.get(card_id, 0)
    return c.speed or 0


def begin_symbols(car: Car) -> None:
    """Step 5 starts with the mandatory Heat cost and scrap of every played upgrade."""
    for c in live_upgrades(car):
        car.cooldown_left += c.cooldown
        car.heat_owed += c.heat_cost
        if c.scrap:
            car.scrap_owed.append(c.id)


# ------------------------------------------------------------------ step 5 symbols
def payable_after(
    s: RaceState, car: Car, engine_change: int = 0, owed_change: int = 0, cooldown_change: int = 0
) -> bool:
    """The HEAT-GARAGE-07 invariant after an optional action."""
    owed = car.heat_owed + owed_change
    if owed <= 0:
        return True
    cool = cooldown_allowance(s, car) + cooldown_change
    return len(car.engine) + engine_change + min(len(heat_in_hand(car)), max(0, cool)) >= owed


def pay_heat_cost(emit: Emit, car: Car, count: int) -> None:
    pay_heat(emit, car, count, "card")
    car.heat_owed -= count


def scrap(chance: Chance, emit: Emit, car: Car, card_id: str) -> None:
    """HEAT-GARAGE-13: top cards of the deck to the discard pile, one at a time."""
    car.scrap_owed.remove(card_id)
    scrapped = []
    for _ in range(card(card_id).scrap):
        if not car.deck and not reshuffle(chance, emit, car):
            break
        top = car.deck.pop(0)
        car.discard.append(top)
        scrapped.append(top)
    emit("symbol_resolved", car.seat, card=card_id, symbol="scrap", cards=scrapped)


def reduce_stress(emit: Emit, car: Car, card_id: str, stress: list[str]) -> None:
    """HEAT-GARAGE-15: Stress cards from hand to the discard pile."""
    car.used.append(f"{card_id}/reduce_stress")
    for c in stress:
        car.hand.remove(c)
        car.discard.append(c)
    emit("symbol_resolved", car.seat, card=card_id, symbol="reduce_stress", cards=stress)


def salvage(chance: Chance, emit: Emit, car: Car, card_id: str, chosen: list[str]) -> None:
    """HEAT-GARAGE-14: cards from the discard pile into the deck, then the deck is shuffled."""
    car.used.append(f"{card_id}/salvage")
    for c in chosen:
        car.discard.remove(c)
    stream = f"deck/{car.colour}"
    car.deck, counter = chance.shuffle(stream, car.deck + chosen)
    emit("symbol_resolved", car.seat, card=card_id, symbol="salvage", cards=chosen)
    emit(
        "deck_shuffled", car.seat, pile="deck", stream=stream, counter=counter, order=list(car.deck)
    )


def accelerate(s: RaceState, chance: Chance, emit: Emit, car: Car, card_id: str) -> None:
    """HEAT-GARAGE-11: +1 Speed per "+" resolved this turn, as one separate movement."""
    car.used.append(f"{card_id}/accelerate")
    bonus = car.plus_count
    car.speed += bonus
    emit("symbol_resolved", car.seat, card=card_id, symbol="accelerate", speed=bonus)
    move(s, chance, emit, car, bonus, "accelerate")


def direct_play(s: RaceState, chance: Chance, emit: Emit, car: Car, card_id: str) -> None:
    """HEAT-GARAGE-09: from hand in step 5; its own movement; its symbols join step 5."""
    car.hand.remove(card_id)
    car.play.append(card_id)
    emit("cards_revealed", car.seat, cards=[card_id], direct_play=True)
    c = card(card_id)
    value = c.speed or 0
    for _ in range(c.plus):
        value += resolve_plus(chance, emit, car, card_id)
        car.plus_count += 1
    car.cooldown_left += c.cooldown
    car.heat_owed += c.heat_cost
    if c.scrap:
        car.scrap_owed.append(card_id)
    car.speed += value
    move(s, chance, emit, car, value, "direct_play")


def playable_direct(s: RaceState, car: Car) -> list[str]:
    return sorted(
        c
        for c in car.hand
        if card(c).direct_play
        and payable_after(s, car, owed_change=card(c).heat_cost, cooldown_change=card(c).cooldown)
    )


def symbol_cards(car: Car, symbol: str) -> list[Card]:
    return [
        c for c in live_upgrades(car) if getattr(c, symbol) and f"{c.id}/{symbol}" not in car.used
    ]


def refreshable(car: Car) -> list[str]:
    if not any(map(is_upgrade, car.play)):  # asked at every turn; most play no upgrade
        return []
    return sorted(
        c for c in car.play if is_upgrade(c) and card(c).refresh and c not in car.converted
    )


def refresh(emit: Emit, car: Car, order: list[str]) -> None:
    """HEAT-GARAGE-12: the listed cards go on top of the deck, the last listed on top."""
    for c in order:
        car.play.remove(c)
        car.deck.insert(0, c)
    emit("symbol_resolved", car.seat, card=None, symbol="refresh", cards=list(order))


def heat_owed_lapses(s: RaceState, car: Car) -> bool:
    """PROJECT rule: a cost that can no longer be met (the car moved into a no-cooldown
    sector with its Heat in hand) is paid from what the engine holds; the rest lapses, so
    the turn can end."""
    return car.heat_owed > 0 and not payable_after(s, car)


def options_open(s: RaceState, car: Car) -> bool:
    """Whether an optional upgrade symbol can still be used this step 5."""
    if any(is_stress(c) for c in car.hand) and symbol_cards(car, "reduce_stress"):
        return True
    if car.discard and symbol_cards(car, "salvage"):
        return True
    if symbol_cards(car, "super_cool") and heat_in_discard(car):
        return True
    return bool(symbol_cards(car, "accelerate") or playable_direct(s, car))


def super_cool(emit: Emit, car: Car, card_id: str, count: int) -> None:
    """HEAT-RAIN-09: up to N Heat cards from the discard pile to the engine."""
    car.used.append(f"{card_id}/super_cool")
    cooled = [c for c in car.discard if is_heat(c)][:count]
    for c in cooled:
        car.discard.remove(c)
        car.engine.append(c)
    emit(
        "symbol_resolved",
        car.seat,
        card=card_id,
        symbol="super_cool",
        count=count,
        engine=len(car.engine),
    )


def heat_in_discard(car: Car) -> int:
    return sum(1 for c in car.discard if is_heat(c))
