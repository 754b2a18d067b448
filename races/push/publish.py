"""Announcing that a live table changed, once the change is committed.

Every change of a live table (a decision stored, the bots played on, a
deadline defaulted, a race finished, the autopilot handed a car) goes through
`table_changed(session)`; the "your turn" notices of people go through
`turns_changed(user_ids)`. They send "table 12 changed" to the table's group
and "your turns changed" to each person's own group. Every browser then asks
for its own view (a driver's panel with its digest, the header's notice), so
a seat's secrets travel only to that seat's browser, and an answer costs a
"not modified" when nothing it shows changed.

The one piece everyone sees alike, the table's public area (board, seats,
whose turn, log), travels with the table's signal over the socket: each web
process draws it once per signal in each language its sockets read, beside
each driver's panel digest (races/push/news.py). A move then reaches the
other seats and the spectators without a request each.

The signal goes through the channel layer (paddock/push.py): Redis
publish/subscribe in production, so a change made by any worker or web
process reaches every browser on every web process; the development
server's memory without Redis.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from django.db import transaction

from paddock.push import send_all
from races.running.seats import seat_records


def table_group(session_id: int) -> str:
    return f"table.{int(session_id)}"


def turns_group(user_id: int) -> str:
    return f"turns.{int(user_id)}"


def table_changed(session, turns_of: Iterable[int] | None = None, waited: bool = False) -> None:
    """Announce, once the current transaction commits, that the live table
    of `session` (a Session, or its id) changed; the people seated at it
    are told their turns may have changed too, or only those `turns_of`
    names when the caller knows whose changed. `waited`: the commit waits
    for the signal to go out (paddock/push.py), as a finished race's does."""
    session_id = getattr(session, "pk", session)
    if turns_of is None:
        seats = getattr(session, "seats", None) or []
        turns_of = (r.user_id for r in seat_records(seats))
    people = {int(u) for u in turns_of if u}
    transaction.on_commit(lambda: _announce_table(session_id, people, waited))


def turns_changed(user_ids: Iterable[int]) -> None:
    """Announce, once the current transaction commits, that the decisions
    these people owe may have changed (the header's "your turn" notice)."""
    people = {int(u) for u in user_ids if u}
    transaction.on_commit(lambda: _announce(None, "turns", people))


def _announce_table(session_id: int, people: set[int], waited: bool = False) -> None:
    # The signal's own mark: each web process draws the news of one signal
    # once for all its sockets (races/push/news.py).
    said = {"signal": uuid.uuid4().hex}
    _announce(table_group(session_id), "table", people, said, waited)


def _announce(
    group: str | None, what: str, people: set[int], said: dict | None = None, waited=False
) -> None:
    sends = [(turns_group(user_id), {"what": "turns"}) for user_id in sorted(people)]
    if group is not None:
        sends.insert(0, (group, {"what": what, **(said or {})}))
    send_all(sends, waited=waited)
