"""How pages name what a session holds: drivers by their names and car
numbers, tracks by their names, each car in its colour."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from django.utils import translation

from races.rules import ConfigError, get_game
from races.rules.face.drawing import CAR_COLOURS
from races.running.seats import SeatRecord


def seat_names(seats: Sequence[SeatRecord]) -> dict[str, str]:
    """Seat id -> the driver's name, as the sentences and tables use it."""
    return {seat.id: seat.label for seat in seats}


def seat_people(seats: Sequence[SeatRecord]) -> dict[str, dict[str, str]]:
    """Seat id -> the driver's name, the car number a token carries and
    the car's colour (by grid place), for a scene and its tables."""
    people = {}
    for index, seat in enumerate(seats):
        number = seat.car_number
        people[seat.id] = {
            "name": seat.label,
            "label": str(number) if number is not None else str(index + 1),
            "colour": CAR_COLOURS[index % len(CAR_COLOURS)],
        }
    return people


@cache
def _track_names(game_key: str, language: str | None) -> dict[str, str]:
    """Per language: a game may say its tracks' names in the reader's."""
    try:
        return {t["id"]: t.get("name") or t["id"] for t in get_game(game_key).tracks()}
    except ConfigError:
        return {}


def track_name(game_key: str, track_id: str) -> str:
    names = _track_names(game_key, translation.get_language())
    return names.get(track_id, track_id.replace("_", " ").title())
