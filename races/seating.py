"""Seats for a session: every entry becomes a seat; bots of the season's
level take the empty grid places, as the same personas all season."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from django.db import transaction

from league.models import Driver, Entry, Season
from races.rules import Seat

PERSONAS_FILE = Path(__file__).parent / "data" / "bot_personas.json"
# Bots take free car numbers from here up, clear of the people's numbers.
FIRST_BOT_NUMBER = 51


@cache
def persona_names() -> tuple[str, ...]:
    return tuple(json.loads(PERSONAS_FILE.read_text(encoding="utf-8"))["personas"])


def seat_id(entry: Entry) -> str:
    return f"car{entry.car_number}"


def racing_entries(season: Season) -> list[Entry]:
    return list(
        Entry.objects.filter(season=season, withdrawn=False, reserve=False)
        .select_related("driver", "team")
        .order_by("car_number")
    )


def _next_persona(taken: set[str]) -> Driver:
    for name in persona_names():
        if name in taken:
            continue
        driver = Driver.objects.filter(name=name).first()
        if driver is None:
            return Driver.objects.create(name=name, is_bot=True, bot_level="pro")
        if driver.is_bot:
            return driver
    number = len(taken) + 1
    while True:
        name = f"Bot {number}"
        if not Driver.objects.filter(name=name).exists():
            return Driver.objects.create(name=name, is_bot=True, bot_level="pro")
        number += 1


def bots_fill(*, season: Season) -> list[Entry]:
    """Make sure the season has enough bot entries to fill its grid.

    Bot entries are created once and kept, so the same personas and car
    numbers race all season; when people join later, fewer bots race.
    """
    entries = racing_entries(season)
    if not season.fill_with_bots:
        return entries
    people = [e for e in entries if not e.driver.is_bot]
    bots = [e for e in entries if e.driver.is_bot]
    missing = season.grid_size - len(people) - len(bots)
    if missing > 0:
        # Only creating bots needs a transaction; a full grid is one read.
        with transaction.atomic():
            bots.extend(_bots_create(season, missing))
    bots.sort(key=lambda e: e.car_number)
    return sorted(
        people + bots[: max(0, season.grid_size - len(people))], key=lambda e: e.car_number
    )


def _bots_create(season: Season, missing: int) -> list[Entry]:
    numbers = set(Entry.objects.filter(season=season).values_list("car_number", flat=True))
    taken = set(Entry.objects.filter(season=season).values_list("driver__name", flat=True))
    number = FIRST_BOT_NUMBER
    created = []
    for _ in range(missing):
        while number in numbers:
            number += 1
        driver = _next_persona(taken)
        taken.add(driver.name)
        numbers.add(number)
        created.append(
            Entry.objects.create(
                season=season, driver=driver, car_number=number, autopilot=season.bot_level
            )
        )
    return created


def seat_for(entry: Entry, *, human: bool = False) -> Seat:
    """The seat an entry's car takes. In an automatic session its autopilot
    drives it (the bot style the driver chose, with the driver's setup)."""
    setup = dict(entry.setup or {})
    if entry.carry:
        setup["carry_in"] = entry.carry
    return Seat(
        id=seat_id(entry),
        name=entry.driver.name,
        kind="human" if human else "bot",
        bot=entry.autopilot,
        team=entry.team.name if entry.team_id else None,
        setup=setup,
    )


def seat_record(entry: Entry, seat: Seat) -> dict:
    """A seat as stored on the session: the engine's seat plus its entry."""
    return {
        **seat.to_dict(),
        "entry_id": entry.id,
        "car_number": entry.car_number,
        "user_id": entry.driver.user_id,
        "autopilot": False,
    }
