"""Championship races, engine side: the car design market and what one race hands the next
(HEAT-CHAMP-06, -08, -18, -20, -21).

A season is a chain of races. Each race's result carries, per player seat, the upgrades it
owns (`RaceResult.carry_over`); the league stores that per entry and hands it back through
`Seat.setup["carry_in"]` of the next race. The upgrade deck of a race is the chosen pool
minus every upgrade the seats bring, so it needs no season state of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ....contract import ConfigError, RaceResult, Seat
from ...chance import Chance
from ...state import Car, Emit, Market, RaceState
from ..cards import card, upgrade_pool


def carried_upgrades(seats: list[Seat]) -> dict[str, list[str]]:
    """Upgrades each seat brings; an id may belong to one seat only."""
    out: dict[str, list[str]] = {}
    seen: set[str] = set()
    for seat in seats:
        carry = seat.setup.get("carry_in") or {}
        if not isinstance(carry, Mapping):
            raise ConfigError(f"carry_in of seat {seat.id!r} must be a mapping")
        upgrades = list(carry.get("upgrades") or [])
        sponsorships = list(carry.get("sponsorships") or [])
        for card_id, prefix in [(c, "up.") for c in upgrades] + [(c, "sp.") for c in sponsorships]:
            if not isinstance(card_id, str) or not card_id.startswith(prefix):
                raise ConfigError(f"seat {seat.id!r} carries an unknown upgrade {card_id!r}")
            try:
                card(card_id)
            except (ValueError, IndexError) as error:
                raise ConfigError(
                    f"seat {seat.id!r} carries an unknown card {card_id!r}"
                ) from error
            if card_id in seen:
                raise ConfigError(f"upgrade {card_id!r} is carried by two seats")
            seen.add(card_id)
        out[seat.id] = upgrades + sponsorships
    return out


def new_market(s: RaceState, chance: Chance, emit: Emit, players: list[Car]) -> Market:
    """HEAT-CHAMP-08: P+3 cards; reverse grid order each takes one; then the player furthest
    back may exchange one owned upgrade for one card left in the market."""
    owned = {u for car in s.cars for u in car.upgrades}
    pool = [c for c in upgrade_pool(s.upgrade_pool, s.heavy_rain) if c not in owned]
    deck, counter = chance.shuffle("upgrades", pool)
    emit(
        "deck_shuffled",
        None,
        pile="upgrades",
        stream="upgrades",
        counter=counter,
        order=list(deck),
    )
    queue = list(reversed(players))  # Legends ignored
    market = Market(deck[: len(players) + 3], queue, queue[0] if queue else None)
    emit("upgrade_row_revealed", None, pick=1, cards=list(market.row), market=True)
    return market


def market_pick(emit: Emit, market: Market, car: Car, card_id: str) -> None:
    market.row.remove(card_id)
    car.upgrades.append(card_id)
    market.queue.pop(0)
    emit("upgrade_picked", car.seat, card=card_id, market=True)


def market_swap(emit: Emit, market: Market, car: Car, owned: str | None, taken: str | None) -> None:
    market.swap_done = True
    if owned and taken:
        car.upgrades.remove(owned)
        market.row.remove(taken)
        car.upgrades.append(taken)
        market.row.append(owned)  # back to the upgrade deck with the leftovers
    emit("market_swapped", car.seat, given=owned, taken=taken)


def carry_over(s: RaceState) -> dict[str, dict[str, Any]]:
    """HEAT-CHAMP-20: upgrades carry over; Heat and Stress go back to the stock."""
    if not s.garage:
        return {}
    return {
        car.seat: {"upgrades": sorted(car.upgrades), "sponsorships": sorted(car.sponsorships)}
        for car in s.cars
        if not car.legend
    }


def standings(results: Iterable[RaceResult]) -> list[tuple[str, int]]:
    """Seats by championship points (HEAT-CHAMP-18); ties by the better position in the most
    recent race (HEAT-CHAMP-06, -21). The first entry is the season's leader or winner."""
    results = list(results)
    points: dict[str, int] = {}
    for result in results:
        for placing in result.order:
            points[placing.seat] = points.get(placing.seat, 0) + placing.figures["points"]
    last = {p.seat: p.position for p in results[-1].order} if results else {}
    order = sorted(points, key=lambda s: (-points[s], last.get(s, len(last) + 1), s))
    return [(seat, points[seat]) for seat in order]


def next_grid(results: Iterable[RaceResult]) -> list[str]:
    """HEAT-CHAMP-06: the next race's grid, slot 1 first, for the `grid` option."""
    return [seat for seat, _ in standings(results)]
