"""The race state (FD-E-4): the cars and their dashboards, the session's
fields, and the snapshot of them that `state_dict` carries.

The rules (rules/) read and change a `RaceState`; the flow (flow.py) runs
them in the order of the spec; the Race (race.py) holds one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules.track import Track

CATEGORIES = ("T", "Br", "Gb", "Bo", "En", "Su")
STANDARD_CAR = {"T": 6, "Br": 3, "Gb": 3, "Bo": 3, "En": 3, "Su": 2}  # FD-C-5
BASIC_WP = 18  # FD-B-1.1
# Categories whose zero eliminates (FD-A-12); basic mode's pool too (FD-B-14.1).
FATAL_AT_ZERO = ("Bo", "En", "Su", "WP")

RACING, FINISHED, ELIMINATED = "racing", "finished", "eliminated"
# Pit states (FD-E-4): entered the lane, waiting in the box, or leaving after service.
PIT_NONE, PIT_LANE, PIT_EXIT = "none", "lane", "exit"
# a set: asked only whether a car is in one, several times a turn, and a
# tuple would compare the pit state with each name
BOX_STATES = frozenset(("box_basic", "box_long", "box_technical"))


@dataclass(slots=True, eq=False)
class Car:
    seat: str
    number: int  # seat-list position
    colour: str
    team: str | None
    wear: dict[str, int]
    maxima: dict[str, int]
    space: int = -1
    lap: int = 0
    gear: int = 1
    status: str = RACING
    corner: int = -1
    stops: int = 0
    spun: bool = False
    stalled: bool = False
    exit_cap: int | None = None
    pit: str = PIT_NONE
    entry_gear: int = 0
    entry_progress: int = 0
    pitted_on_lap: int = 0
    pit_stops: int = 0
    arrival: int = 0
    turn_start_progress: int = 0
    tires: str | None = None
    fit_lap: int = 1
    reserve: int = 0
    nitro: int = 0
    driver: str | None = None
    finished_at: dict | None = None
    eliminated_at: dict | None = None
    q_turns: int = 0
    q_seconds: int = 0
    q_overshoot: int = 0
    q_failed: bool = False
    q_done: bool = False
    pending_markers: int = 0
    extra: dict = field(default_factory=dict)

    @property
    def racing(self) -> bool:
        # a turn's own steps (flow.py, driving.py, order.py, slipstream.py)
        # compare `status == RACING` instead: they ask thousands of times a
        # race, and a property costs a call
        return self.status == RACING

    @property
    def in_pit_area(self) -> bool:
        return self.pit != PIT_NONE

    def dashboard(self) -> dict:
        return dict(self.wear)


@dataclass(slots=True, eq=False)
class RaceState:
    """One session's state: its configuration, the flags the options derive
    (FD-O-3), the cars and every field of FD-E-4. Made by rules/setup.py."""

    cfg: dict
    seats: list  # the contract's Seats, in seat order
    seed: int | str
    track: Track
    advanced: bool
    bga: bool
    qualifying: bool
    laps: int
    street_rules: bool
    nitro_on: bool
    drivers_on: bool
    pit_stops_allowed: bool
    street_tyres: bool  # FD-O-3: advanced street races with weather run on (hard) tyres
    tire_effects: bool
    cars: list[Car] = field(default_factory=list)
    by_seat: dict[str, Car] = field(default_factory=dict)
    team_pools: dict[str, int] = field(default_factory=dict)
    police: dict[int, dict] = field(default_factory=dict)
    police_awarded: set[int] = field(default_factory=set)
    # (car, source, points, categories, max categories) owed at the end of a turn
    repairs: list[tuple] = field(default_factory=list)
    round: int = 0
    turn_seq: int = 0
    arrivals: int = 0
    order: list[Car] = field(default_factory=list)
    markers: dict[int, int] = field(default_factory=dict)
    weather: str = "SUNNY"
    weather_start: str = "SUNNY"
    weather_changes: int = 0
    weather_queue: list[str] = field(default_factory=list)
    surface_qualifying: str = "dry"
    finish_order: list[Car] = field(default_factory=list)
    ranking: list[Car] = field(default_factory=list)  # the qualifying's classification
    end_reason: str | None = None
    # Whether any car has a special driver: the turn skips the drivers' hooks
    # (FD-V-12) without one. Set as the rounds begin, once drivers are dealt
    # (R1) or placed by a test; they never change after.
    with_drivers: bool = False
    # the host's seconds on the last answer (FD-E-8), set as each action is applied
    elapsed: int | None = None
    # the legal gears by (gear, on the track, wear): see rules/gears.gear_choices
    gear_choices: dict[tuple, tuple] = field(default_factory=dict)

    def progress(self, car: Car) -> int:
        """FD-T-7.2 (pit spaces use their pit rank)."""
        rank = self.track.rank[car.space]
        return (car.lap - 1) * self.track.L + rank if car.lap >= 1 else rank - self.track.L

    def tyre_lap(self, car: Car) -> int:
        return max(1, car.lap - car.fit_lap + 1)  # a set fitted in the pit lane is on lap 1

    def occupied(self, exclude: Car | None = None) -> set[int]:
        return {c.space for c in self.cars if c.racing and c is not exclude}

    def car_at(self, space: int) -> Car | None:
        for c in self.cars:
            if c.space == space and c.racing:
                return c
        return None


# ----- the snapshot of FD-E-4 ---------------------------------------------------
# The session runs as a generator, which Python cannot serialise, so
# `state_dict` carries the seed, configuration, seats and applied actions (from
# which `from_state` rebuilds the race event for event) together with this
# snapshot of every field FD-E-4 names; `from_state` checks that the rebuilt
# race has the same snapshot, so a state that does not match its own actions is
# refused rather than silently replaced.

# Car fields held as track indices, written as ids
_SPACES = ("space",)
_CORNERS = ("corner",)


def snapshot(rs: RaceState, pending: list, event_seq: int, dice) -> dict:
    """Global and per-car state of FD-E-4, JSON-normal (lists, string keys):
    `pending` the decisions waiting, `event_seq` the events so far and `dice`
    the race's chance (chance.py)."""
    t = rs.track
    order = [c.seat for c in rs.order]
    current = pending[0].seat if pending else None
    data = {
        "track": t.id,
        "round": rs.round,
        "turn_order": order,
        "order_index": order.index(current) if current in order else None,
        "event_seq": event_seq,
        "turn_seq": rs.turn_seq,
        "arrivals": rs.arrivals,
        "weather": {
            "now": rs.weather,
            "start": rs.weather_start,
            "changes": rs.weather_changes,
            "queue": list(rs.weather_queue),
            "qualifying_surface": rs.surface_qualifying,
        },
        "markers": {t.ids[s]: n for s, n in sorted(rs.markers.items())},
        "police": {
            str(lap): {seat: list(record) for seat, record in sorted(records.items())}
            for lap, records in sorted(rs.police.items())
        },
        "police_awarded": sorted(rs.police_awarded),
        "team_pools": dict(rs.team_pools),
        "finish_order": [c.seat for c in rs.finish_order],
        "end_reason": rs.end_reason,
        "pending": [d.to_dict() for d in pending],
        "rng": _rng_state(dice),
        "cars": [_car(t, c) for c in rs.cars],
    }
    # one JSON form, so a snapshot compares equal to itself after a round trip
    return json.loads(json.dumps(data, sort_keys=True))


def _car(t, car: Car) -> dict[str, Any]:
    out = {}
    for f in fields(Car):
        value = getattr(car, f.name)
        if f.name in _SPACES:
            value = t.ids[value] if value >= 0 else None
        elif f.name in _CORNERS:
            value = t.corners[value].id if value >= 0 else None
        out[f.name] = value
    return out


def _rng_state(dice) -> list | None:
    """`random.Random.getstate()` of the race's one generator (FD-E-11)."""
    rng = getattr(dice, "rng", None)
    if rng is None:
        return None
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]
