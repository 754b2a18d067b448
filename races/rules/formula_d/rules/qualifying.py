"""The qualifying lap's rules (FD-V-4, FD-P-4, FD-BGA-4): the start, corners
and overshoot points, the lap's score and the classification (FD-V-4.8).
The lap's turns themselves run in flow.py.

Lap time: the engine never reads a clock. Each turn counts the `elapsed_s`
the host attached to that turn's actions (FD-E-8); a turn without any counts
`qualifying_seconds_per_turn` seconds (30 by default), the modelled time of a
bot or simulated lap (FD-AMB-30).
"""

from __future__ import annotations

from ..state import Car, RaceState
from . import damage
from .order import roll_off

# FD-BGA-2: qualifying points by qualifying rank.
BGA_QUALIFYING_POINTS = (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)


def start_lap(rs: RaceState, car: Car) -> None:
    """FD-P-4: the car alone on the track at its qualifying start, in gear 1 (FD-V-4.1)."""
    car.space, car.lap, car.gear = rs.track.qualifying_start, 0, 1
    rs.round = 0


def add_seconds(total: int | None, value: int | None) -> int | None:
    """The seconds a turn has counted so far, with one answer's `elapsed_s` (FD-E-8)."""
    if value is None:
        return total
    return (total or 0) + value


def turn_seconds(rs: RaceState, car: Car, seconds: int | None) -> None:
    """A turn's time: the host's seconds, or the modelled seconds without any (FD-AMB-30)."""
    car.q_seconds += rs.cfg["qualifying_seconds_per_turn"] if seconds is None else seconds


def corners(rs: RaceState, emit, turn) -> None:
    """Overshoot points, and the failure of FD-V-4.7 (FD-AMB-31)."""
    car, t = turn.car, rs.track
    for corner, k in turn.overs:
        c = t.corners[corner]
        missing = c.stops - (car.stops if corner == car.corner else 0)
        distance = turn.steps - k + 1
        mult = damage.tyre_multiplier(rs, car, qualifying=True)
        emit(
            "overshoot",
            car.seat,
            corner=c.id,
            distance=distance,
            missing=missing,
            multiplier=mult,
            penalty=distance * mult if missing == 1 else None,
        )
        if missing >= 2:
            car.q_failed = car.q_done = True
            return
        car.q_overshoot += distance * mult
    end = t.corner[car.space]
    if end >= 0:
        if end == car.corner and not turn.overs:
            car.stops += 1
        else:
            car.corner, car.stops = end, (0 if turn.overs else 1)
        emit(
            "corner_stop",
            car.seat,
            corner=t.corners[end].id,
            stops=car.stops,
            required=t.corners[end].stops,
        )
    else:
        car.corner, car.stops = -1, 0


def score(car) -> int | None:
    return None if car.q_failed else car.q_turns + car.q_seconds // 60 + car.q_overshoot


def rank(rs: RaceState, chance, emit) -> list:
    """FD-V-4.8: score, then time, then turns, then a roll-off (R13); unclassified last."""
    done = sorted(
        (c for c in rs.cars if not c.q_failed), key=lambda c: (score(c), c.q_seconds, c.q_turns)
    )
    ordered = []
    i = 0
    while i < len(done):
        j = i
        key = (score(done[i]), done[i].q_seconds, done[i].q_turns)
        while j < len(done) and (score(done[j]), done[j].q_seconds, done[j].q_turns) == key:
            j += 1
        group = done[i:j]
        ordered.extend(group if len(group) == 1 else roll_off(chance, emit, group, "qualifying"))
        i = j
    failed = [c for c in rs.cars if c.q_failed]
    if len(failed) > 1:
        failed = roll_off(chance, emit, failed, "qualifying")
    return ordered + failed


def lap_done(emit, car: Car) -> None:
    """The lap's score: turns, whole minutes and overshoot points (FD-V-4.6, FD-V-4.7)."""
    car.space = -1
    minutes = car.q_seconds // 60
    emit(
        "qualifying_lap",
        car.seat,
        turns=car.q_turns,
        seconds=car.q_seconds,
        minutes=minutes,
        overshoot_points=car.q_overshoot,
        score=None if car.q_failed else car.q_turns + minutes + car.q_overshoot,
        classified=not car.q_failed,
    )
