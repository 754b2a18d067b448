"""The race state as plain data: the cars, the spots they hold, the decks beside the track,
the weather, the round and whose turn it is.

Rules (rules/) are functions of this state, the race's chance (chance.py) and an emitter that
appends an event to the log (`Emit`); the flow (flow.py) runs them in order.

A spot is `(key, race_line)`. The key of a progress `p` is its space index `p mod L`, except
beyond the final finish line, where every progress is its own virtual space (HEAT-B-TRK-11),
so a finished car never blocks a car still on its last lap.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..contract import Action, Decision, Seat
from .rules.championship.season import Event
from .rules.track import Corner, Track

RL = "RL"
OUT = "OUT"

# A part of the race that may wait for drivers: it yields the decisions it waits for and
# receives each answer as (seat, action); None asks it to say again what it waits for.
Flow = Generator[list[Decision], tuple[str, Action] | None, Any]


class Emit(Protocol):
    """Appends one event to the race's log: `emit("moved", seat, distance=3, ...)`."""

    def __call__(self, type_: str, seat: str | None, /, **data: Any) -> None: ...


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
        self.places: dict[int, dict] | None = None  # the track's places of this race (_where)

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
        spots, finish, length = self.spots, self.finish, self.length
        p = target
        while True:
            key = p if p >= finish else p % length  # self.key(p), inline: every move asks it
            if (key, True) not in spots:
                rl = True
                break
            if (key, False) not in spots:
                rl = False
                break
            p -= 1
        car.p, car.rl = p, rl  # self.put, inline
        spots[(key, rl)] = car.seat

    def move(self, car: Car, distance: int) -> tuple[int, str]:
        """A movement of `distance` spaces (HEAT-B-050, HEAT-B-051); returns where it started."""
        p = car.p
        start = (p, RL if car.rl else OUT)  # car.spot, inline
        if distance > 0:
            # self.lift(car), inline with its key: every move lifts the car
            self.spots.pop((p if p >= self.finish else p % self.length, car.rl), None)
            self.place(car, p + distance, p)
        return start


def turn_order(cars: list[Car]) -> list[Car]:
    """Higher progress first; on one space the race line first (HEAT-B-021)."""
    return sorted(cars, key=lambda c: (-c.p, not c.rl))


@dataclass
class Conditions:
    """The weather token and the road tokens of the race (HEAT-WEATHER-02, -04, -05)."""

    weather: str
    limit_change: dict[int, int] = field(default_factory=dict)  # corner id -> +1 / -1
    overheat: set[int] = field(default_factory=set)  # corner ids
    sectors: dict[int, str] = field(default_factory=dict)  # sector j -> effect

    def sector_effect(self, track: Track, p: int) -> str | None:
        """The effect of the sector the car stands in: the sector of the last corner line
        behind it (HEAT-B-TRK-05, HEAT-WEATHER-08)."""
        if not self.sectors:
            return None
        corner, _ = track.ahead[p % track.length]
        sector = corner.id - 1 or len(track.corners)
        return self.sectors.get(sector)


@dataclass
class LegendDeck:
    """The face-down Legend deck and the revealed cards (HEAT-LEGEND-01, HEAT-LEGEND-02)."""

    deck: list[str]
    revealed: list[str] = field(default_factory=list)
    round_card: tuple[int, str] | None = None  # (round, card) of the card shown this round


@dataclass
class SponsorDeck:
    """The sponsorship deck of one race and the pile of used cards (HEAT-CHAMP-12, -14)."""

    deck: list[str]
    used: list[str] = field(default_factory=list)


@dataclass
class Draft:
    """The upgrade draft (HEAT-GARAGE-03): rows of P+3 cards, picked in snake order."""

    players: list[Car]  # in grid order; Legends never draft
    pool: list[str]
    row: list[str] = field(default_factory=list)
    pick: int = 0
    queue: list[Car] = field(default_factory=list)

    @property
    def waiting(self) -> Car | None:
        return self.queue[0] if self.queue else None


@dataclass
class Market:
    """The car design market (HEAT-CHAMP-08): one pick each, then one exchange."""

    row: list[str]
    queue: list[Car]
    swapper: Car | None
    swap_done: bool = False

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


@dataclass
class RaceState:
    """One race: its options as the rules read them, the cars and everything on the table."""

    config: dict
    seats: list[Seat]
    track: Track
    event: Event | None  # a season race's event card (section 12.7)
    event_rules: dict
    press: set[int]  # press corners (HEAT-CHAMP-10)
    laps: int
    hand_size: int
    legend_bonus: int
    garage: bool  # upgrade cards in play (HEAT-CHAMP-04, HEAT-GARAGE-01)
    upgrade_pool: str
    tournament: bool
    heavy_rain: bool
    max_rounds: int
    board: Board
    cars: list[Car] = field(default_factory=list)  # in grid order
    by_seat: dict[str, Car] = field(default_factory=dict)
    adrenaline_slots: int = 1
    conditions: Conditions | None = None
    public_corners: list[list[int]] = field(default_factory=list)  # [id, position, limit]
    legend_deck: LegendDeck | None = None
    sponsors: SponsorDeck | None = None
    draft: Draft | Market | None = None
    round: int = 0
    step: int = 0
    phase: str = "setup"
    order: list[Car] = field(default_factory=list)  # this round's turn order
    turn_index: int = 0
    current: Car | None = None  # the car whose turn it is (or was last)
    adrenaline: set[str] = field(default_factory=set)  # seats with Adrenaline this round
    ahead: set[str] = field(default_factory=set)  # cars ahead at the start of the turn
    lap1_done: int = 0  # cars that completed lap 1 (event 1961.1)
    eliminations: int = 0
    ended_early: bool = False  # the stall guard ended the race (HEAT-B-ENG-04)

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    def racing(self) -> list[Car]:
        # `not c.finished`, inline: the flow asks this at every step
        return [c for c in self.cars if c.finish_round is None and c.eliminated is None]

    def racing_players(self) -> list[Car]:
        return [
            c for c in self.cars if c.finish_round is None and c.eliminated is None and not c.legend
        ]

    def limit(self, corner: Corner) -> int:
        """Printed limit plus the corner's road token (HEAT-WEATHER-09), for cars and Legends."""
        if self.conditions is None:
            return corner.limit
        return corner.limit + self.conditions.limit_change.get(corner.id, 0)

    def on_flooded(self, car: Car) -> bool:
        return car.p < self.board.finish and car.p % self.track.length in self.track.flooded
