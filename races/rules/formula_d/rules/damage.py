"""Wear, checks, damage markers and eliminations (FD-B-10, FD-B-11, FD-B-14, FD-A-4 to
FD-A-9, FD-A-12, FD-BGA-8, FD-BGA-17)."""

from __future__ import annotations

import math

from ..state import ELIMINATED, FATAL_AT_ZERO, Car
from .track import TRACK

# FD-A-5.2, published forced braking: b -> (brake points, tyre points); 7+ eliminates.
FORCED_BRAKING = {1: (1, 0), 2: (2, 0), 3: (3, 0), 4: (3, 1), 5: (3, 2), 6: (3, 3)}
# FD-A-6.1: gears skipped -> costs
SKIP_COSTS_ADVANCED = {
    1: {"Gb": 1},
    2: {"Gb": 1, "Br": 1},
    3: {"Gb": 1, "Br": 1, "En": 1},
}
# Causes after which bga places no marker (FD-BGA-17, FD-AMB-57).
NO_MARKER_UNDER_BGA = ("corner", "tyres", "braking", "suspension")


def category(rs, cat: str) -> str:
    """Basic mode charges every cost to the single pool (FD-B-1.1)."""
    return cat if rs.advanced else "WP"


def can_pay_voluntary(rs, car: Car, costs: dict[str, int]) -> bool:
    """FD-B-5.6: enough points, and paying leaves fatal categories at 1 or more."""
    if rs.advanced:
        total = costs  # each category pays for itself
    else:
        total = {"WP": sum(costs.values())} if costs else {}  # one pool (FD-B-1.1)
    for c, amount in total.items():
        left = car.wear[c] - amount
        if left < 0 or (left == 0 and c in FATAL_AT_ZERO and amount > 0):
            return False
    return True


def lose(rs, emit, car: Car, cat: str, amount: int, cause: str, *, own_turn: bool) -> bool:
    """Take `amount` points of a category (clamped at 0); return True if it eliminated."""
    if amount <= 0 or car.status == ELIMINATED:
        return False
    c = category(rs, cat)
    before = car.wear[c]
    after = max(0, before - amount)
    car.wear[c] = after
    emit("wear_changed", car.seat, category=c, delta=after - before, value=after, cause=cause)
    if rs.advanced and c in ("Bo", "En"):
        lost = before - after
        if own_turn:
            car.pending_markers += lost  # FD-A-9.1: on the space where the turn ends
        else:
            for _ in range(lost):
                place_marker(rs, emit, car.space, cause, car.seat)
    if after == 0 and c in FATAL_AT_ZERO:
        eliminate(rs, emit, car, _zero_cause(c, cause))
        return True
    return False


def _zero_cause(cat: str, cause: str) -> str:
    if cause in ("collision", "engine", "zone", "radio", "braking"):
        return cause
    return {"Bo": "collision", "En": "engine", "Su": "suspension", "WP": "wear"}[cat]


def repair(emit, car: Car, cat: str, amount: int, source: str) -> int:
    before = car.wear[cat]
    after = min(car.maxima[cat], before + amount)
    if after != before:
        car.wear[cat] = after
        emit(
            "wear_changed", car.seat, category=cat, delta=after - before, value=after, cause=source
        )
    return after - before


def place_marker(rs, emit, space: int, cause: str, seat: str | None) -> None:
    """FD-A-9.6: markers lie only on main-track spaces."""
    if not rs.advanced or space < 0 or rs.track.kind_of[space] != TRACK:
        return
    rs.markers[space] = rs.markers.get(space, 0) + 1
    emit("marker_placed", seat, space=rs.track.ids[space], cause=cause)


def eliminate(rs, emit, car: Car, cause: str) -> None:
    if car.status == ELIMINATED:
        return
    car.status = ELIMINATED
    marker = rs.advanced and not (rs.bga and cause in NO_MARKER_UNDER_BGA)
    progress = rs.progress(car)
    # FD-BGA-2: movement eliminations keep the progress of the start of the turn
    tiebreak = car.turn_start_progress if cause in ("corner", "braking", "tyres") else progress
    car.eliminated_at = {
        "round": rs.round,
        "turn_seq": rs.turn_seq,
        "cause": cause,
        "progress": progress,
        "tiebreak_progress": tiebreak,
        "space": rs.track.ids[car.space],
    }
    emit(
        "eliminated",
        car.seat,
        cause=cause,
        space=rs.track.ids[car.space],
        round=rs.round,
        turn_seq=rs.turn_seq,
        progress=progress,
        tiebreak_progress=tiebreak,
        marker=marker and rs.track.kind_of[car.space] == TRACK,
    )
    # FD-A-9.1, FD-A-6.4: body and engine points lost earlier in the car's own turn
    # still owe their markers; the turn ends here, so they are placed here, under
    # both rulesets and whatever the cause (FD-BGA-17 only spares the elimination's)
    for _ in range(car.pending_markers):
        place_marker(rs, emit, car.space, "damage", car.seat)
    car.pending_markers = 0
    if marker:
        place_marker(rs, emit, car.space, "eliminated", car.seat)


def check(chance, emit, car: Car, threshold: int, purpose: str, **data) -> bool:
    """Roll the black die; a result 1..threshold fails (FD-0-6 'check 1-k')."""
    value = chance.roll("black")
    failed = value <= threshold
    emit(
        data.pop("event", f"{purpose}_check"),
        car.seat,
        die="black",
        value=value,
        purpose=purpose,
        threshold=threshold,
        failed=failed,
        **data,
    )
    return failed


def wet(rs) -> bool:
    return rs.weather in ("RAIN", "RAIN_VAR", "CLOUDY_WET")


def tyre_multiplier(rs, car: Car, qualifying: bool = False) -> int:
    """FD-V-7.5."""
    if not rs.tire_effects or car.tires is None:
        return 1
    if car.tires == "hard" or (car.tires == "rain" and wet(rs)):
        return 1
    if qualifying:
        return 2
    return 3 if rs.tyre_lap(car) >= 3 else 2


def overshoot_penalty(rs, car: Car, distance: int) -> tuple[str, int]:
    """Outcome of an overshoot with one missing stop, advanced (FD-A-4.3, FD-BGA-8).

    Returns (outcome, tyres after) with outcome 'pay', 'spin' or 'eliminated'.
    """
    t = car.wear["T"]
    p = distance * tyre_multiplier(rs, car)
    if rs.bga:
        if p < t:
            return "pay", t - p
        if p == t or (t == 0 and p == 1):
            return "spin", 1
        return "eliminated", t
    if t >= 1:
        if p < t:
            return "pay", t - p
        if p == t:
            return "spin", 0
        return "eliminated", t
    return ("spin", 0) if distance == 1 else ("eliminated", 0)


def forced_braking_costs(rs, car: Car, b: int, split: dict | None = None) -> dict | None:
    """Brake and tyre points for b forced spaces, or None when the car cannot pay."""
    if b <= 0:
        return {}
    if not rs.advanced:
        return {"WP": b}
    if rs.bga:  # FD-BGA-3: three brake points first, then brakes or tyres
        first = min(3, b)
        rest = b - first
        if split:
            br, tyres = int(split.get("Br", 0)), int(split.get("T", 0))
            if br + tyres != b or br < first:
                return None
        else:
            br = first + min(rest, max(0, car.wear["Br"] - first))
            tyres = b - br
        if br > car.wear["Br"] or tyres > car.wear["T"]:
            return None
        return {"Br": br, "T": tyres}
    if b not in FORCED_BRAKING:
        return None
    br, tyres = FORCED_BRAKING[b]
    if br > car.wear["Br"] or tyres > car.wear["T"]:
        return None
    return {"Br": br, "T": tyres}


def fast_stop_spaces(value: int) -> int:
    """FD-A-11.3: ceil(result / 2) for a fast stop."""
    return math.ceil(value / 2)
