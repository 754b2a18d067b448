"""A running race's progress for the live page: the share done and the
running order, read from the engine's public view (never re-running rules).

Both engines' public views list the cars with a status and a progress along
the track; the track's length comes from the game's track list.
"""

from __future__ import annotations

from functools import cache

from races.rules import get_game

FINISH_EVENTS = ("finished", "car_finished")
# What spectators see of each car, and how many of the latest events.
CAR_FIELDS = ("seat", "status", "space", "lap", "gear", "wear", "spun", "pit")
RECENT_EVENTS = 8
OUT_EVENTS = ("eliminated", "car_eliminated")


@cache
def track_length(game_key: str, track_id: str) -> int:
    for track in get_game(game_key).tracks():
        if track["id"] == track_id:
            return int(track.get("length") or 0)
    return 0


def _distance(car: dict) -> float:
    value = car.get("progress")
    return float(value) if isinstance(value, (int, float)) else -1e9


def snapshot(game_key: str, race) -> dict:
    """{"round", "percent", "order"} for the race as it stands now."""
    view = race.view(None)
    cars = view.get("cars", [])
    finished, out = [], []
    for event in race.events:
        if event.type in FINISH_EVENTS and event.seat not in finished:
            finished.append(event.seat)
        elif event.type in OUT_EVENTS and event.seat not in out:
            out.append(event.seat)
    racing = sorted(
        (c for c in cars if c["seat"] not in finished and c["seat"] not in out),
        key=lambda c: -_distance(c),
    )
    order = finished + [c["seat"] for c in racing] + list(reversed(out))
    length = track_length(game_key, view.get("track", "")) * int(view.get("laps") or 1)
    leader = max((_distance(c) for c in cars), default=0.0)
    percent = 100 if race.finished else 0
    if not race.finished and length > 0:
        percent = max(0, min(99, round(100 * leader / length)))
    round_number = race.events[-1].round if race.events else 0
    return {
        "round": round_number,
        "percent": percent,
        "order": order,
        "cars": [{k: c[k] for k in CAR_FIELDS if k in c} for c in cars],
        "recent": [e.to_dict() for e in race.events[-RECENT_EVENTS:]],
    }
