"""A finished race's record, which anyone can check without the site.

A record holds what makes a race: the game, the engine config, the seats, the
seed and every action in the order it was applied, with the sha256 of the
event log they produced (races/rules/log.py). Replaying the actions from the
seed with the engines alone gives the same log, byte for byte, or the record
is not the race it claims to be. The site publishes each finished session's
record (races/replay/record.py); `python -m races.rules verify FILE` checks one.

A record is checked strictly: every action must be exactly one the rules
offered at that moment where the game lists its legal actions, so a changed
byte that the engine would ignore (an extra parameter, a number written
otherwise) fails too, rather than replaying to the same log.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .contract import Action, ConfigError, Seat
from .log import log_hash
from .registry import get_game

FORMAT = "paddock-session-record/1"
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class RecordError(ValueError):
    """A file that is not a session record (its reason in words)."""


@dataclass(frozen=True)
class RecordVerdict:
    """What replaying a record gave: the hash it claims and the one replayed
    (None when the replay stopped), and why it stopped."""

    game: str
    seed: str
    actions: int
    stored: str
    replayed: str | None
    problem: str = ""

    @property
    def matches(self) -> bool:
        return self.replayed is not None and self.replayed == self.stored


def record_make(
    *,
    game: str,
    config: Mapping[str, Any],
    seats: Iterable[Seat],
    seed: int | str,
    actions: Iterable[Mapping[str, Any]],
    log_sha256: str,
    about: Mapping[str, Any] | None = None,
) -> dict:
    """A race's record as plain data. `actions` are `{"seat", "action"}`
    steps as stored (other keys are left out); `about` is what the site adds
    to say which session it is (league, season, round), never checked."""
    return {
        "format": FORMAT,
        "game": game,
        "config": dict(config),
        "seats": [seat.to_dict() for seat in seats],
        "seed": seed,
        "actions": [
            {"seat": step["seat"], "action": Action.from_dict(step["action"]).to_dict()}
            for step in actions
        ],
        "log_sha256": log_sha256,
        "about": dict(about or {}),
    }


def record_text(record: Mapping[str, Any]) -> str:
    """The record as canonical JSON (keys sorted, no spaces): the bytes the
    site serves, the same for everyone who downloads it."""
    return _CANONICAL.encode(record)


def record_read(text: str) -> dict:
    try:
        record = json.loads(text)
    except ValueError as error:
        raise RecordError(f"not JSON: {error}") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"not a session record (format {FORMAT!r} expected)")
    for key, kind in (("game", str), ("config", dict), ("seats", list), ("actions", list)):
        if not isinstance(record.get(key), kind):
            raise RecordError(f"the record's {key!r} is missing or not a {kind.__name__}")
    if not isinstance(record.get("seed"), (str, int)):
        raise RecordError("the record's 'seed' is missing")
    if not isinstance(record.get("log_sha256"), str):
        raise RecordError("the record's 'log_sha256' is missing")
    return record


def record_verify(record: Mapping[str, Any]) -> RecordVerdict:
    """Replay the record with the engines and compare the log hash."""
    verdict = dict(
        game=record["game"],
        seed=str(record["seed"]),
        actions=len(record["actions"]),
        stored=record["log_sha256"],
    )
    try:
        race = _replayed(record)
    except _Refused as refused:
        return RecordVerdict(**verdict, replayed=None, problem=str(refused))
    if not race.finished:
        return RecordVerdict(
            **verdict, replayed=None, problem="the race has not finished after the last action"
        )
    return RecordVerdict(**verdict, replayed=log_hash(race.events))


class _Refused(Exception):
    """An action the replay does not accept."""


def _replayed(record: Mapping[str, Any]):
    try:
        game = get_game(record["game"])
        seats = [Seat.from_dict(seat) for seat in record["seats"]]
        race = game.start(record["config"], seats, record["seed"])
    except ConfigError as error:
        raise _Refused(str(error)) from None
    except Exception as error:  # a forged seat list or config cannot start the race
        raise _Refused(f"the race cannot start: {type(error).__name__}: {error}") from None
    for number, step in enumerate(record["actions"], 1):
        try:
            seat, action = _step(step)
            _owed_or_refused(race, seat)
            race.apply(seat, action)
        except Exception as error:  # any failure of a forged action is a verdict
            raise _Refused(f"action {number}: {type(error).__name__}: {error}") from None
    return race


def _step(step: Any) -> tuple[str, Action]:
    if not isinstance(step, Mapping) or set(step) != {"seat", "action"}:
        raise ValueError("a step is {'seat', 'action'} and nothing else")
    data = step["action"]
    if not isinstance(data, Mapping) or set(data) != {"kind", "params"}:
        raise ValueError("an action is {'kind', 'params'} and nothing else")
    if not isinstance(data["params"], Mapping):
        raise ValueError("an action's params are an object")
    return step["seat"], Action(data["kind"], dict(data["params"]))


def _owed_or_refused(race, seat: str) -> None:
    """A seat that owes no decision now has none to make (the engine may
    otherwise take an action out of turn as a no-op)."""
    if seat not in {decision.seat for decision in race.pending}:
        raise ValueError(f"seat {seat!r} has no decision to make now")
