"""A session's state as FD-E-4 lists it, as plain JSON data.

The session runs as a generator, which Python cannot serialise, so
`state_dict` carries the seed, configuration, seats and applied actions (from
which `from_state` rebuilds the race event for event) together with this
snapshot of every field FD-E-4 names; `from_state` checks that the rebuilt
race has the same snapshot, so a state that does not match its own actions is
refused rather than silently replaced.
"""

from __future__ import annotations

import json
from dataclasses import fields

from .state import Car

# Car fields held as track indices, written as ids
_SPACES = ("space",)
_CORNERS = ("corner",)


def snapshot(race) -> dict:
    """Global and per-car state of FD-E-4, JSON-normal (lists, string keys)."""
    t = race.track
    pending = race.pending
    order = [c.seat for c in race.order]
    current = pending[0].seat if pending else None
    data = {
        "track": t.id,
        "round": race.round,
        "turn_order": order,
        "order_index": order.index(current) if current in order else None,
        "event_seq": len(race.events),
        "turn_seq": race.turn_seq,
        "arrivals": race.arrivals,
        "weather": {
            "now": race.weather,
            "start": race.weather_start,
            "changes": race.weather_changes,
            "queue": list(race.weather_queue),
            "qualifying_surface": race.surface_qualifying,
        },
        "markers": {t.ids[s]: n for s, n in sorted(race.markers.items())},
        "police": {
            str(lap): {seat: list(record) for seat, record in sorted(records.items())}
            for lap, records in sorted(race.police.items())
        },
        "police_awarded": sorted(race.police_awarded),
        "team_pools": dict(race.team_pools),
        "finish_order": [c.seat for c in race.finish_order],
        "end_reason": race.end_reason,
        "pending": [d.to_dict() for d in pending],
        "rng": _rng_state(race.dice),
        "cars": [_car(t, c) for c in race.cars],
    }
    # one JSON form, so a snapshot compares equal to itself after a round trip
    return json.loads(json.dumps(data, sort_keys=True))


def _car(t, car: Car) -> dict:
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
