"""Laps led, read from a race's event log (the replay), never by re-running
rules: a car leads a lap when it is the first to complete it.

Formula D logs `line_crossed` with `laps_completed` (FD event table, section
"Events"); Heat logs `lap_completed` with the lap done (HEAT events table,
`LapCompleted`). A hand-entered result carries its own `laps_led` figure.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping

LAP_EVENTS = {"line_crossed": "laps_completed", "lap_completed": "lap"}


def laps_led(lines: Iterable[str]) -> dict[str, int]:
    """Seat → laps led, from canonical JSON lines of an event log."""
    first: dict[int, str] = {}
    for line in lines:
        if not line or '"type":"l' not in line:  # cheap filter before parsing
            continue
        event = json.loads(line)
        field = LAP_EVENTS.get(event.get("type"))
        if field is None:
            continue
        lap = (event.get("data") or {}).get(field)
        if isinstance(lap, int) and lap >= 1 and lap not in first:
            first[lap] = event.get("seat")
    return dict(Counter(first.values()))


def laps_led_of(figures: Mapping, seat: str, from_log: Mapping[str, int]) -> int:
    """A result's laps led: its own figure when it has one, else the log's."""
    value = figures.get("laps_led") if figures else None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return from_log.get(seat, 0)
