"""Championship races, engine side: the car design market and what one race hands the next
(HEAT-CHAMP-06, -08, -18, -20, -21).

A season is a chain of races. Each race's result carries, per player seat, the upgrades it
owns (`RaceResult.carry_over`); the league stores that per entry and hands it back through
`Seat.setup["carry_in"]` of the next race. The upgrade deck of a race is the chosen pool
minus every upgrade the seats bring, so it needs no season state of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ...contract import ConfigError, RaceResult, Seat
from .cards import card, upgrade_pool

if TYPE_CHECKING:
    from ..race import HeatRace
    from ..state import Car


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


class Market:
    """HEAT-CHAMP-08: P+3 cards; reverse grid order each takes one; then the player furthest
    back may exchange one owned upgrade for one card left in the market."""

    def __init__(self, race: HeatRace, players: list[Car]) -> None:
        owned = {u for car in race.cars for u in car.upgrades}
        pool = [c for c in upgrade_pool(race.upgrade_pool, race.heavy_rain) if c not in owned]
        deck, counter = race.chance.shuffle("upgrades", pool)
        race.emit(
            "deck_shuffled",
            None,
            pile="upgrades",
            stream="upgrades",
            counter=counter,
            order=list(deck),
        )
        self.row = deck[: len(players) + 3]
        self.queue = list(reversed(players))  # Legends ignored
        self.swapper = self.queue[0] if self.queue else None
        self.swap_done = False
        race.emit("upgrade_row_revealed", None, pick=1, cards=list(self.row), market=True)

    @property
    def waiting(self) -> Car | None:
        if self.queue:
            return self.queue[0]
        if self.swapper is not None and not self.swap_done:
            return self.swapper
        return None

    @property
    def swapping(self) -> bool:
        return not self.queue

    def pick(self, race: HeatRace, car: Car, card_id: str) -> None:
        self.row.remove(card_id)
        car.upgrades.append(card_id)
        self.queue.pop(0)
        race.emit("upgrade_picked", car.seat, card=card_id, market=True)

    def swap(self, race: HeatRace, car: Car, owned: str | None, market: str | None) -> None:
        self.swap_done = True
        if owned and market:
            car.upgrades.remove(owned)
            self.row.remove(market)
            car.upgrades.append(market)
            self.row.append(owned)  # back to the upgrade deck with the leftovers
        race.emit("market_swapped", car.seat, given=owned, taken=market)


def carry_over(race: HeatRace) -> dict[str, dict[str, Any]]:
    """HEAT-CHAMP-20: upgrades carry over; Heat and Stress go back to the stock."""
    if not race.garage:
        return {}
    return {
        car.seat: {"upgrades": sorted(car.upgrades), "sponsorships": sorted(car.sponsorships)}
        for car in race.cars
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
