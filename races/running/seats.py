"""The seats a session ran, as the session stores them (`Session.seats`, a
JSON list): the engine's seat plus the entry it stands for. The stored JSON
keeps its shape; the code reads it through `SeatRecord.from_dict` (old rows
too: a key they lack takes its default) and writes it with `to_dict`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from races.rules import Seat


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a session: the engine's seat (id, name, kind, bot level,
    team, setup), the entry, car number and person behind it, and whether
    the autopilot drives it for that person."""

    id: str
    name: str = ""
    kind: str = "human"  # "human" | "bot", as the engine's Seat
    bot: str | None = None
    team: str | None = None
    setup: Mapping[str, Any] = field(default_factory=dict, hash=False)
    entry_id: int | None = None
    car_number: int | None = None
    user_id: int | None = None
    autopilot: bool = False
    # Seated by a draw before the session ran (a tournament's table): the
    # session races these entries alone, never the season's whole grid.
    drawn: bool = False

    @classmethod
    def from_seat(
        cls, seat: Seat, *, entry_id: int, car_number: int, user_id: int | None
    ) -> SeatRecord:
        return cls(
            id=seat.id,
            name=seat.name,
            kind=seat.kind,
            bot=seat.bot,
            team=seat.team,
            setup=dict(seat.setup),
            entry_id=entry_id,
            car_number=car_number,
            user_id=user_id,
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatRecord:
        return cls(
            id=data["id"],
            name=data.get("name", ""),
            kind=data.get("kind", "human"),
            bot=data.get("bot"),
            team=data.get("team"),
            setup=dict(data.get("setup") or {}),
            entry_id=data.get("entry_id"),
            car_number=data.get("car_number"),
            user_id=data.get("user_id"),
            autopilot=bool(data.get("autopilot", False)),
            drawn=bool(data.get("drawn", False)),
        )

    def to_dict(self) -> dict:
        return {
            **self.seat().to_dict(),
            "entry_id": self.entry_id,
            "car_number": self.car_number,
            "user_id": self.user_id,
            "autopilot": self.autopilot,
            **({"drawn": True} if self.drawn else {}),
        }

    def seat(self) -> Seat:
        """The engine's seat, to start or replay the race with."""
        return Seat(
            id=self.id,
            name=self.name,
            kind=self.kind,
            bot=self.bot,
            team=self.team,
            setup=dict(self.setup),
        )

    @property
    def label(self) -> str:
        """The driver's name, or the car number when the seat has none."""
        return self.name or f"#{self.car_number}"


def seat_records(stored: Iterable[Mapping[str, Any]] | None) -> list[SeatRecord]:
    """A session's stored seats (`session.seats`), in grid order."""
    return [SeatRecord.from_dict(data) for data in stored or []]


def seats_stored(records: Iterable[SeatRecord]) -> list[dict]:
    """The seats as the session stores them."""
    return [record.to_dict() for record in records]


def seat_record_of(records: Iterable[SeatRecord], seat_id: str) -> SeatRecord | None:
    return next((record for record in records if record.id == seat_id), None)
