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

from races.rules import Action, Decision, get_game, replay
from races.running.seats import seat_records

SIZE = 32


@dataclass
class _Kept:
    seed: str
    actions: list
    race: object


_kept: OrderedDict[int, _Kept] = OrderedDict()
# One race object must not be used by two threads at once (the development
# server is threaded); a live race is used for milliseconds at a time.
_lock = threading.RLock()


def _load(session, game):
    kept = _kept.get(session.pk)
    actions = session.actions
    if kept and kept.seed == session.seed and actions[: len(kept.actions)] == kept.actions:
        for step in actions[len(kept.actions) :]:
            kept.race.apply(step["seat"], Action.from_dict(step["action"]))
        return kept.race
    seats = [record.seat() for record in seat_records(session.seats)]
    return replay(game, session.config, seats, session.seed, actions)


@contextmanager
def live_race(session):
    """`with live_race(session) as (game, race):` the engine at the session's
    stored actions. Whatever the block applies to the race it must also add
    to `session.actions`; an exception forgets the race."""
    with _lock:
        game = get_game(session.round.season.game)
        try:
            race = _load(session, game)
            yield game, race
        except BaseException:
            _kept.pop(session.pk, None)
            raise
        _kept[session.pk] = _Kept(session.seed, list(session.actions), race)
        _kept.move_to_end(session.pk)
        while len(_kept) > SIZE:
            _kept.popitem(last=False)


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
    with _lock:
        _kept.pop(session_id, None)
