"""Seats for a session: every entry becomes a seat; bots of the season's
level take the empty grid places, as the same personas all season."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from itertools import count
from pathlib import Path

from django.db import IntegrityError, transaction

from league.models import Division, Driver, Entry, Season
from paddock.prepared import Prepared
from races.rules import Seat
from races.running.seats import SeatRecord

PERSONAS_FILE = Path(__file__).parent / "data" / "bot_personas.json"
# Bots take free car numbers from here up, clear of the people's numbers.
FIRST_BOT_NUMBER = 51
# How often filling the grid starts again after a person's entry took a car
# number or a persona at the same moment (see bots_fill).
FILL_ATTEMPTS = 3


@cache
def persona_names() -> tuple[str, ...]:
    return tuple(json.loads(PERSONAS_FILE.read_text(encoding="utf-8"))["personas"])


def seat_id(entry: Entry) -> str:
    return f"car{entry.car_number}"


def racing_entries(
    season: Season,
    away: frozenset[int] | set[int] = frozenset(),
    division: Division | None = None,
) -> list[Entry]:
    """The season's entries that hold a seat (of one division, in a season
    with divisions), but those `away` (no-shows whose places go to bots at a
    real-time table)."""
    if not away:  # the statements a session's start runs, compiled once
        if division is None:
            return RACING.rows(season_id=season.pk)
        return RACING_IN.rows(season_id=season.pk, division_id=division.pk)
    found = _racing(season.pk).exclude(pk__in=away)
    if division is not None:
        found = found.filter(division=division)
    return list(found)


def _racing(season_id, **division):
    return (
        Entry.objects.filter(season_id=season_id, withdrawn=False, reserve=False, **division)
        .select_related("driver", "team")
        .order_by("car_number")
    )


RACING = Prepared(_racing, season_id=int)
RACING_IN = Prepared(
    lambda season_id, division_id: _racing(season_id, division_id=division_id),
    season_id=int,
    division_id=int,
)


def _missing(season: Season, entries: list[Entry]) -> int:
    return season.grid_size - len(entries)


def bots_fill(
    *,
    season: Season,
    away: frozenset[int] | set[int] = frozenset(),
    division: Division | None = None,
) -> list[Entry]:
    """Make sure the season has enough bot entries to fill its grid, and
    return the entries that race, by car number.

    Bot entries are created once and kept, so the same personas and car
    numbers race all season; when people join later, fewer bots race.

    Safe when several sessions of the season start at once on several
    workers. Under PostgreSQL's READ COMMITTED two fillers would both read
    "four bots missing" and both create the same entries, so:
    - the season's row is locked (FOR NO KEY UPDATE) while bots are added.
      A second filler waits there; the lock is taken before anything is
      read, and each statement after it sees what the first committed, so
      it finds the grid full and adds nothing: every session of the season
      ends up with the same bot entries. NO KEY UPDATE rather than UPDATE:
      rows that merely refer to the season (a person's entry, a round) go
      on being inserted meanwhile.
    - bot drivers are shared by every season, which a season lock does not
      cover: they are inserted with ON CONFLICT DO NOTHING and then read
      back by name (get-or-create on the unique name). An insert that meets
      another transaction's uncommitted driver waits for it, then skips
      it, and the read that follows sees it: never an IntegrityError, never
      the same driver twice. The names are always taken in one order (the
      personas' list, then "Bot N"), so two fillers cannot wait on each
      other in a cycle.
    - a person's entry is not made under the season lock: if one takes a
      car number or a persona at the very moment, the insert fails, only
      the savepoint of that attempt is undone, and the fill starts again
      from a fresh read.
    A full grid is one read, with no lock and no transaction.

    In a season with divisions each division's grid is filled the same
    way, its bots entered in that division (issue 26, item 2).
    """
    entries = racing_entries(season, away, division)
    if not season.fill_with_bots or _missing(season, entries) <= 0:
        return _grid_entries(season, entries)
    with transaction.atomic():
        _season_lock(season)
        for attempt in range(1, FILL_ATTEMPTS + 1):
            entries = racing_entries(season, away, division)
            missing = _missing(season, entries)
            if missing <= 0:
                break
            try:
                with transaction.atomic():  # a savepoint: a conflict undoes this attempt only
                    entries += _bots_create(season, missing, division)
                break
            except IntegrityError:
                if attempt == FILL_ATTEMPTS:
                    raise
    return _grid_entries(season, entries)


def bots_enter(*, season: Season, count: int) -> list[Entry]:
    """`count` new bot entries of the season, for a draw that seats them at
    its own tables (a tournament's filling bots); under the season's lock,
    as `bots_fill` adds them."""
    if count <= 0:
        return []
    with transaction.atomic():
        _season_lock(season)
        return _bots_create(season, count)


def _season_lock(season: Season) -> None:
    # order_by(): the default ordering would join the league and lock it too.
    rows = Season.objects.select_for_update(no_key=True).filter(pk=season.pk).order_by()
    list(rows.values_list("pk", flat=True))


def _grid_entries(season: Season, entries: list[Entry]) -> list[Entry]:
    """The people, then as many bots as the grid has room for, by car number."""
    people = [e for e in entries if not e.driver.is_bot]
    bots = sorted((e for e in entries if e.driver.is_bot), key=lambda e: e.car_number)
    racing = people + bots[: max(0, season.grid_size - len(people))]
    return sorted(racing, key=lambda e: e.car_number)


def _bots_create(season: Season, missing: int, division: Division | None = None) -> list[Entry]:
    """`missing` new bot entries; the caller holds the season's lock."""
    in_season = Entry.objects.filter(season=season)  # withdrawn entries keep theirs
    numbers = set(in_season.values_list("car_number", flat=True))
    entered = set(in_season.values_list("driver_id", flat=True))
    drivers = _bot_drivers(missing, entered)
    free_numbers = (n for n in count(FIRST_BOT_NUMBER) if n not in numbers)
    created = [
        Entry(
            season=season,
            driver=driver,
            car_number=next(free_numbers),
            autopilot=season.bot_level,
            division=division,
        )
        for driver in drivers
    ]
    # One INSERT; a conflict with a person's new entry raises and is retried.
    return Entry.objects.bulk_create(created)


def _candidate_names() -> Iterator[str]:
    """Bot names in the one order every filler follows: the personas, then
    "Bot 1", "Bot 2"…"""
    yield from persona_names()
    for number in count(1):
        yield f"Bot {number}"


def _bot_drivers(wanted: int, entered: set[int]) -> list[Driver]:
    """`wanted` bot drivers not yet entered in the season: existing personas
    reused, missing ones created (get-or-create on the unique name). A name
    a person holds is passed over."""
    chosen: list[Driver] = []
    names = _candidate_names()
    while len(chosen) < wanted:
        batch = [next(names) for _ in range(wanted - len(chosen))]
        Driver.objects.bulk_create(
            [Driver(name=name, is_bot=True, bot_level="pro") for name in batch],
            ignore_conflicts=True,  # INSERT … ON CONFLICT DO NOTHING
        )
        found = {d.name: d for d in Driver.objects.filter(name__in=batch)}
        chosen += [
            found[name] for name in batch if found[name].is_bot and found[name].pk not in entered
        ]
    return chosen


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


def seat_record(entry: Entry, seat: Seat) -> SeatRecord:
    """A seat as stored on the session: the engine's seat plus its entry."""
    return SeatRecord.from_seat(
        seat, entry_id=entry.id, car_number=entry.car_number, user_id=entry.driver.user_id
    )
