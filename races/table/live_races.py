"""Live races kept in memory between decisions.

The stored record of a live race is its seed and its actions, and the engine
is rebuilt by replay. Replaying the whole race for every decision, every
check of a choice and every cockpit is most of the time a person waits, so
each process keeps the races it touched recently and applies only the
actions stored since. The stored record stays the truth: a cached race is
used only when its actions are a prefix of the stored ones (anything else,
a rolled-back transaction included, means a fresh replay).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings

from races.rules import Action, Decision, get_game, replay
from races.running.seats import seat_records


def kept_at_most() -> int:
    """How many races a process keeps (settings.LIVE_RACES_KEPT, README):
    at least the live tables open at once, or each decision replays."""
    return max(1, int(getattr(settings, "LIVE_RACES_KEPT", 256)))


@dataclass
class _Kept:
    seed: str
    actions: list
    race: object


_kept: OrderedDict[int, _Kept] = OrderedDict()
# One race object must not be used by two threads at once (the development
# server and the ASGI server's thread pool are threaded): each session has a
# lock of its own, held across each block that validates and applies, so
# live tables never queue behind each other. `_registry` guards the two
# dictionaries only, for microseconds, never while a race is used.
_locks: dict[int, threading.RLock] = {}
_users: dict[int, int] = {}
_registry = threading.Lock()


@contextmanager
def _session_lock(session_id: int):
    with _registry:
        lock = _locks.setdefault(session_id, threading.RLock())
        _users[session_id] = _users.get(session_id, 0) + 1
    try:
        with lock:
            yield
    finally:
        with _registry:
            _users[session_id] -= 1
            if not _users[session_id]:  # nobody holds or waits: the lock goes
                del _users[session_id], _locks[session_id]


def _load(session, game):
    with _registry:
        kept = _kept.get(session.pk)
    actions = session.actions
    if kept and kept.seed == session.seed and actions[: len(kept.actions)] == kept.actions:
        for step in actions[len(kept.actions) :]:
            kept.race.apply(step["seat"], Action.from_dict(step["action"]))
        return kept.race
    seats = [record.seat() for record in seat_records(session.seats)]
    return replay(game, session.config, seats, session.seed, actions)


def _keep(session, race) -> None:
    with _registry:
        _kept[session.pk] = _Kept(session.seed, list(session.actions), race)
        _kept.move_to_end(session.pk)
        while len(_kept) > kept_at_most():
            _kept.popitem(last=False)


@contextmanager
def live_race(session):
    """`with live_race(session) as (game, race):` the engine at the session's
    stored actions. Whatever the block applies to the race it must also add
    to `session.actions`; an exception forgets the race."""
    with _session_lock(session.pk):
        game = get_game(session.round.season.game)
        try:
            race = _load(session, game)
            yield game, race
        except BaseException:
            forget(session.pk)
            raise
        _keep(session, race)


@dataclass(frozen=True)
class Seen:
    """What a seat sees of the decision it owes: a panel is drawn from it."""

    decision: Decision
    view: dict
    legal: list[Action]


def seat_sees(race, seat: str) -> Seen | None:
    """The seat's pending decision as the seat sees it; None when the race
    does not wait for the seat."""
    decision = next((d for d in race.pending if d.seat == seat), None)
    if decision is None:
        return None
    return Seen(decision, race.view(seat), race.legal_actions(seat))


def forget(session_id: int) -> None:
    with _registry:
        _kept.pop(session_id, None)
