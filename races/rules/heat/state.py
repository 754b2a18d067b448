"""The race state as small plain data: cars and the spots they hold.

A spot is `(key, race_line)`. The key of a progress `p` is its space index `p mod L`, except
beyond the final finish line, where every progress is its own virtual space (HEAT-B-TRK-11),
so a finished car never blocks a car still on its last lap.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RL = "RL"
OUT = "OUT"


@dataclass(slots=True)
class Car:
    seat: str
    colour: str
    slot: int
    legend: bool
    p: int
    rl: bool
    gear: int = 1
    deck: list[str] = field(default_factory=list)  # index 0 is the top
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # the last card is the top
    engine: list[str] = field(default_factory=list)
    play: list[str] = field(default_factory=list)
    heat_made: int = 0
    stress_made: int = 0
    finish_round: int | None = None
    laps_done: int = 0
    spinouts: int = 0
    heat_paid_total: int = 0
    upgrades: list[str] = field(default_factory=list)  # Garage cards owned (HEAT-GARAGE-03)
    sponsorships: list[str] = field(default_factory=list)  # unused ones owned (HEAT-CHAMP-12)
    eliminated: int | None = None  # order of elimination (HEAT-B-064)
    # this round
    shift_to: int | None = None
    played: list[str] | None = None
    cluttered: bool = False
    round_gear: int = 1
    # this turn
    speed: int = 0
    adrenaline: bool = False
    adrenaline_moved: bool = False
    adrenaline_cooled: bool = False  # its extra Cooldown point spent this turn
    cooldown_left: int = 0
    boosted: bool = False
    sector_cool_used: bool = False
    slipstreamed: bool = False
    crossings: list[tuple[int, int]] = field(default_factory=list)  # (corner id, q)
    chosen: dict[str, int] = field(default_factory=dict)  # speed choices (HEAT-GARAGE-18)
    converted: list[str] = field(default_factory=list)  # unpayable cards (HEAT-GARAGE-07)
    plus_count: int = 0  # "+" resolved this turn, for Accelerate (HEAT-GARAGE-11)
    heat_owed: int = 0  # mandatory Heat cost still to pay
    scrap_owed: list[str] = field(default_factory=list)  # cards whose scrap is unresolved
    used: list[str] = field(default_factory=list)  # "card/symbol" optional symbols used
    refreshed: bool = False
    slip_crossings: list[int] = field(default_factory=list)  # q crossed by slipstream
    pressed: list[int] = field(default_factory=list)  # press corners awarded this turn
    speed_award: bool = False  # event 1961.2, once per turn

    @property
    def spot(self) -> str:
        return RL if self.rl else OUT

    @property
    def finished(self) -> bool:
        """Out of the race: finished, or eliminated by an event (HEAT-B-064)."""
        return self.finish_round is not None or self.eliminated is not None

    def all_cards(self) -> list[str]:
        return self.deck + self.hand + self.discard + self.engine + self.play


class Board:
    """Who holds which spot (HEAT-B-TRK-02)."""

    def __init__(self, length: int, finish: int) -> None:
        self.length = length
        self.finish = finish  # laps * L: the final finish line
        self.spots: dict[tuple[int, bool], str] = {}

    def key(self, p: int) -> int:
        return p if p >= self.finish else p % self.length

    def holder(self, p: int, rl: bool) -> str | None:
        return self.spots.get((self.key(p), rl))

    def free(self, p: int, rl: bool) -> bool:
        return (self.key(p), rl) not in self.spots

    def put(self, car: Car, p: int, rl: bool) -> None:
        car.p, car.rl = p, rl
        self.spots[(self.key(p), rl)] = car.seat

    def lift(self, car: Car) -> None:
        self.spots.pop((self.key(car.p), car.rl), None)

    def place(self, car: Car, target: int, floor: int) -> None:
        """Place the lifted car on the first free spot from `target` back to `floor`, the
        race line preferred on each space (HEAT-B-050). Below `floor` the search goes on
        backwards, which only a spin-out needs (HEAT-B-045)."""
        p = target
        while True:
            if self.free(p, True):
                self.put(car, p, True)
                return
            if self.free(p, False):
                self.put(car, p, False)
                return
            p -= 1

    def move(self, car: Car, distance: int) -> tuple[int, str]:
        """A movement of `distance` spaces (HEAT-B-050, HEAT-B-051); returns where it started."""
        start = (car.p, car.spot)
        if distance > 0:
            self.lift(car)
            self.place(car, car.p + distance, car.p)
        return start


def turn_order(cars: list[Car]) -> list[Car]:
    """Higher progress first; on one space the race line first (HEAT-B-021)."""
    return sorted(cars, key=lambda c: (-c.p, not c.rl))
