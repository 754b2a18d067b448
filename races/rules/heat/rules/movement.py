"""One movement of a car: placement, the corner lines it crosses (HEAT-B-039, HEAT-B-050,
HEAT-B-TRK-04)."""

from __future__ import annotations

from ..chance import Chance
from ..state import OUT, RL, Car, Emit, RaceState
from .championship.sponsors import after_speed


def move(s: RaceState, chance: Chance, emit: Emit, car: Car, distance: int, reason: str) -> None:
    """One movement with its own placement (HEAT-B-039, HEAT-B-050); records crossings."""
    start_p, start_spot = s.board.move(car, distance)
    crossed = s.track.crossings(start_p, car.p) if car.p > start_p else []
    emit(
        "moved",
        car.seat,
        reason=reason,
        distance=distance,
        start=[start_p, start_spot],
        end=[car.p, RL if car.rl else OUT],  # car.spot, inline: the commonest event
        space=car.p % s.track.length,
        speed=car.speed,
    )
    if crossed:
        length = s.track.length
        crossings = car.crossings  # each crossing is noted as it is logged: no generator
        for corner, q in crossed:
            # HEAT-B-TRK-04: every crossing, checked or not (beyond the final finish line)
            emit("corner_crossed", car.seat, corner=corner.id, q=q, lap=q // length + 1)
            crossings.append((corner.id, q))
        if reason == "slipstream":
            car.slip_crossings.extend(q for _, q in crossed)
    if s.event_rules:
        after_speed(s, chance, emit, car)
