"""One race of Heat, as the engine contract sees it (HEAT-B-ENG-01..11): the pending
decisions, their legal actions and checks, the view of each seat and the result, over the
race's flow (flow.py), which it drives with each checked action."""

from __future__ import annotations

from collections.abc import Mapping
from hashlib import sha256
from json.encoder import encode_basestring as _q
from typing import Any

from ..contract import Action, Decision, Event, IllegalAction, RaceResult, Seat
from ..log import canonical_line, log_hash
from .chance import Chance
from .flow import race_flow
from .log_lines import DATA_LINES
from .result import race_result
from .rules.decisions import legal_for, validate_for
from .rules.setup import race_state
from .rules.track import Track
from .view import Views, race_view

_new = object.__new__
_set = object.__setattr__  # Event is frozen


class HeatRace:
    def __init__(
        self,
        config: Mapping[str, Any],
        seats: list[Seat],
        seed: int | str,
        track: Track,
        chance: Chance | None = None,
    ) -> None:
        self.seed = seed
        self.chance = chance or Chance(seed)
        self.events: list[Event] = []
        self.views = Views()
        self._dirty = self.views.dirty  # the set itself, for emit
        # Each event's canonical line as emit wrote it (None: left to the encoder, whose
        # events' indexes are in _encoded), so that the log's hash needs no pass over the
        # events to read them back.
        self._lines: list[str | None] = []
        self._encoded: list[int] = []
        self._quoted = {None: "null", **{seat.id: _q(seat.id) for seat in seats}}
        self.state = race_state(config, seats, track)
        self._pending: list[Decision] = []
        self._flow = race_flow(self.state, self.chance, self.emit)
        self._advance(None)

    def emit(self, type_: str, seat: str | None, /, **data: Any) -> None:
        """The rules' emitter: one event at the current round and step."""
        s = self.state
        data["step"] = s.step
        if seat is None:  # Views.touch, inline: every event passes here
            self._dirty.update(s.by_seat)
        else:
            self._dirty.add(seat)
        events = self.events
        seq = len(events) + 1
        round_ = s.round
        # The event's fields written as its own __init__ and keep_line (races/rules/log.py) would
        # leave them, in one dict: a race logs over a thousand events, and keep_line gives
        # nearly every one a __dict__ anyway.
        event = _new(Event)
        known = DATA_LINES.get(type_)
        if known is None or tuple(data) != known[0]:
            line = None
            self._encoded.append(seq - 1)  # its line is the encoder's, when the log is hashed
            fields = {"seq": seq, "round": round_, "type": type_, "seat": seat, "data": data}
        else:
            who = self._quoted.get(seat) or _q(seat)
            line = (
                f'{{"data":{known[1](data)},"round":{round_},"seat":{who},'
                f'"seq":{seq},"type":"{type_}"}}'
            )
            fields = {
                "seq": seq,
                "round": round_,
                "type": type_,
                "seat": seat,
                "data": data,
                "_canonical_line": line,
            }
        _set(event, "__dict__", fields)
        events.append(event)
        self._lines.append(line)

    def _advance(self, answer: tuple[str, Action] | None) -> None:
        try:
            self._pending = self._flow.send(answer)
        except StopIteration:
            self._pending = []

    def ask_again(self) -> None:
        """Build the pending decisions again from the state as it is now (for a test that
        forces a car's state)."""
        self._advance(None)

    # ---------------------------------------------------------------- the contract
    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def pending(self) -> list[Decision]:
        return list(self._pending)

    def _decision(self, seat: str) -> Decision | None:
        for d in self._pending:
            if d.seat == seat:
                return d
        return None

    def legal_actions(self, seat: str) -> list[Action]:
        decision = self._decision(seat)
        if decision is None:
            return []
        return legal_for(self.state, self.state.by_seat[seat], decision)

    def validate(self, seat: str, action: Action) -> str | None:
        decision = self._decision(seat)
        if decision is None:
            if self.finished:
                return "the race is over"
            return "it is not your decision now"
        return validate_for(self.state, self.state.by_seat[seat], decision, action)

    def apply(self, seat: str, action: Action) -> list[Event]:
        message = self.validate(seat, action)
        if message:
            raise IllegalAction(message)
        first = len(self.events)
        self._advance((seat, action))
        return self.events[first:]

    def view(self, seat: str | None) -> dict:
        return race_view(self.state, self.views, len(self.events), seat)

    def result(self) -> RaceResult:
        return race_result(self.state, self.events, self._log_sha256())

    def _log_sha256(self) -> str:
        """log_hash(self.events) (races/rules/log.py), from the lines emit kept: the same
        lines joined the same way, each read once instead of once per event."""
        events, lines = self.events, self._lines
        if len(lines) != len(events):  # the log was changed from outside: read it all
            return log_hash(events)
        if self._encoded:
            lines = list(lines)
            for i in self._encoded:
                lines[i] = canonical_line(events[i])
        return sha256("\n".join(lines).encode("utf-8")).hexdigest()
