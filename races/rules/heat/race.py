"""One race of Heat, as the engine contract sees it (HEAT-B-ENG-01..11): the pending
decisions, their legal actions and checks, the view of each seat and the result, over the
race's flow (flow.py), which it drives with each checked action."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from hashlib import sha256
from json.encoder import encode_basestring as _q
from typing import Any

from ..contract import Action, Decision, Event, IllegalAction, RaceResult, Seat
from ..log import canonical_line, log_hash
from .chance import Chance
from .flow import race_flow
from .result import race_result
from .rules.decisions import legal_for, validate_for
from .rules.setup import race_state
from .rules.track import Track
from .view import Views, race_view

_new = object.__new__
# The decimal strings of the ints an event's line writes, made once: a number in an f-string is
# a conversion each time, and a race writes some 5,000. _DIGITS[x] is str(x) for every x from
# -128 to 4095 (a negative index reads the tail, which holds -128 to -1): the writers index it
# with every number of their events (a step 0 to 9, progress from the grid's -L to some 1,000
# after ten laps, counts, Heat, gears, corners, rounds and shuffles under the 1,000-round stall
# guard); emit looks up the seq, which a long race takes past 4095, only below _DIGITS_KEPT.
_DIGITS_KEPT = 4096
_DIGITS = [str(i) for i in range(_DIGITS_KEPT)] + [str(i) for i in range(-128, 0)]


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
        # leave them, in the dict its __dict__ gives (made of the empty attribute values every new
        # instance has, sharing the class's keys): setting __dict__ to a dict built here made
        # and dropped that one first, at every event (a race logs over a thousand).
        event = _new(Event)
        fields = event.__dict__
        known = DATA_LINES.get(type_)
        line = None
        if known is not None and len(data) == known[0]:
            # A writer reads every key it writes, so with as many keys as it writes a missing
            # one is a KeyError, and no KeyError means the keys are its own, in any order (the
            # line sorts them as the encoder does): no tuple of the keys made to compare. It
            # writes the whole line, the event's own fields too, as one string.
            try:
                # The round and seq as the line writes them: small ints' strings are made once
                # (two int-to-str conversions at every event otherwise).
                r = _DIGITS[round_] if 0 <= round_ < _DIGITS_KEPT else str(round_)
                n = _DIGITS[seq] if seq < _DIGITS_KEPT else str(seq)
                line = known[1](data, r, self._quoted.get(seat) or _q(seat), n)
            except KeyError:
                pass
        fields["seq"] = seq
        fields["round"] = round_
        fields["type"] = type_
        fields["seat"] = seat
        fields["data"] = data
        if line is None:
            self._encoded.append(seq - 1)  # its line is the encoder's, when the log is hashed
        else:
            fields["_canonical_line"] = line
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
        for decision in self._pending:  # self._decision(seat), inline: every action asks it
            if decision.seat == seat:
                return validate_for(self.state, self.state.by_seat[seat], decision, action)
        if self.finished:
            return "the race is over"
        return "it is not your decision now"

    def apply(self, seat: str, action: Action) -> list[Event]:
        message = self.validate(seat, action)
        if message:
            raise IllegalAction(message)
        first = len(self.events)
        try:  # self._advance, inline: every action passes here
            self._pending = self._flow.send((seat, action))
        except StopIteration:
            self._pending = []
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


# The canonical lines of the commonest Heat events as the encoder writes them (races/rules/log.py:
# keys sorted, no spaces), written directly: a race logs over a thousand events and the encoder
# costs twice as much. Each writer knows its event's keys (in the order emit receives them) and
# their types: ints never bools, strings through the encoder's own escaping; any other shape of
# an event is left to the encoder. A writer is given the event's round, quoted seat and seq,
# all three as the line writes them, and writes the line in one f-string. bench/heat_hashes.py
# checks the lines.


def _strings(items: list[str]) -> str:
    if not items:  # most "+" flip no card before a speed card (plus_resolved)
        return "[]"
    if _PLAIN.issuperset(items):  # one join instead of one encoder call per id
        return '["' + '","'.join(items) + '"]'
    quoted = list(map(_q, items))
    if len(_PLAIN) < 10_000:  # card ids are few; keep the set small whatever comes
        # The encoder escapes by adding characters: an id it only put in quotes is plain.
        _PLAIN.update(i for i, q in zip(items, quoted, strict=True) if len(q) == len(i) + 2)
    return f"[{','.join(quoted)}]"


# Strings (card ids, seats) that the encoder writes as they are, in quotes: no '"', '\\' or
# control character in them. Lists of card ids are in most events.
_PLAIN: set[str] = set()


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _moved(d: dict, r: str, w: str, n: str) -> str:
    (p, spot), (p0, spot0) = d["end"], d["start"]  # _spot, inline: the commonest event
    return (
        f'{{"data":{{"distance":{_DIGITS[d["distance"]]},"end":[{_DIGITS[p]},{_q(spot)}],'
        f'"reason":{_q(d["reason"])},"space":{_DIGITS[d["space"]]},"speed":{_DIGITS[d["speed"]]},'
        f'"start":[{_DIGITS[p0]},{_q(spot0)}],"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"moved"}}'
    )


def _positions(rows: list[list]) -> str:
    return (
        "["
        + ",".join([f"[{_q(a)},{_DIGITS[b]},{_q(c)},{_DIGITS[g]}]" for a, b, c, g in rows])
        + "]"
    )


_WRITERS: dict[tuple[str, tuple[str, ...]], Callable[..., str]] = {
    ("moved", ("reason", "distance", "start", "end", "space", "speed", "step")): _moved,
    ("cards_drawn", ("cards", "pile", "reason", "step")): lambda d, r, w, n: (
        f'{{"data":{{"cards":{_strings(d["cards"])},"pile":{_q(d["pile"])},'
        f'"reason":{_q(d["reason"])},"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"cards_drawn"}}'
    ),
    ("hand_replenished", ("drawn", "step")): lambda d, r, w, n: (
        f'{{"data":{{"drawn":{_DIGITS[d["drawn"]]},"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"hand_replenished"}}'
    ),
    ("gear_shifted", ("start", "gear", "heat", "flooded", "step")): lambda d, r, w, n: (
        f'{{"data":{{"flooded":{_flag(d["flooded"])},"gear":{_DIGITS[d["gear"]]},'
        f'"heat":{_DIGITS[d["heat"]]},"start":{_DIGITS[d["start"]]},"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"gear_shifted"}}'
    ),
    ("cards_played", ("count", "cards", "cluttered", "step")): lambda d, r, w, n: (
        f'{{"data":{{"cards":{_strings(d["cards"])},"cluttered":{_flag(d["cluttered"])},'
        f'"count":{_DIGITS[d["count"]]},"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"cards_played"}}'
    ),
    ("cards_revealed", ("cards", "step")): lambda d, r, w, n: (
        f'{{"data":{{"cards":{_strings(d["cards"])},"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"cards_revealed"}}'
    ),
    ("plus_resolved", ("source", "flipped", "found", "step")): lambda d, r, w, n: (
        f'{{"data":{{"flipped":{_strings(d["flipped"])},'
        f'"found":{"null" if d["found"] is None else _q(d["found"])},'
        f'"source":{_q(d["source"])},"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"plus_resolved"}}'
    ),
    ("corner_crossed", ("corner", "q", "lap", "step")): lambda d, r, w, n: (
        f'{{"data":{{"corner":{_DIGITS[d["corner"]]},"lap":{_DIGITS[d["lap"]]},'
        f'"q":{_DIGITS[d["q"]]},"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"corner_crossed"}}'
    ),
    ("heat_paid", ("amount", "reason", "engine", "step")): lambda d, r, w, n: (
        f'{{"data":{{"amount":{_DIGITS[d["amount"]]},"engine":{_DIGITS[d["engine"]]},'
        f'"reason":{_q(d["reason"])},"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"heat_paid"}}'
    ),
    ("corner_checked", ("corner", "q", "speed", "limit", "due", "paid", "step")): (
        lambda d, r, w, n: (
            f'{{"data":{{"corner":{_DIGITS[d["corner"]]},"due":{_DIGITS[d["due"]]},'
            f'"limit":{_DIGITS[d["limit"]]},"paid":{_DIGITS[d["paid"]]},"q":{_DIGITS[d["q"]]},'
            f'"speed":{_DIGITS[d["speed"]]},"step":{_DIGITS[d["step"]]}}}'
            f',"round":{r},"seat":{w},"seq":{n},"type":"corner_checked"}}'
        )
    ),
    ("cooldown_done", ("count", "engine", "step")): lambda d, r, w, n: (
        f'{{"data":{{"count":{_DIGITS[d["count"]]},"engine":{_DIGITS[d["engine"]]},'
        f'"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"cooldown_done"}}'
    ),
    ("adrenaline_used", ("kind", "step")): lambda d, r, w, n: (
        f'{{"data":{{"kind":{_q(d["kind"])},"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"adrenaline_used"}}'
    ),
    ("cards_discarded", ("cards", "top", "step")): lambda d, r, w, n: (
        f'{{"data":{{"cards":{_strings(d["cards"])},"step":{_DIGITS[d["step"]]},'
        f'"top":{_q(d["top"])}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"cards_discarded"}}'
    ),
    ("turn_order_fixed", ("order", "adrenaline", "step")): lambda d, r, w, n: (
        f'{{"data":{{"adrenaline":{_strings(d["adrenaline"])},"order":{_strings(d["order"])},'
        f'"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"turn_order_fixed"}}'
    ),
    ("round_ended", ("positions", "step")): lambda d, r, w, n: (
        f'{{"data":{{"positions":{_positions(d["positions"])},"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"round_ended"}}'
    ),
    ("deck_shuffled", ("pile", "stream", "counter", "order", "step")): lambda d, r, w, n: (
        f'{{"data":{{"counter":{_DIGITS[d["counter"]]},"order":{_strings(d["order"])},'
        f'"pile":{_q(d["pile"])},"step":{_DIGITS[d["step"]]},"stream":{_q(d["stream"])}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"deck_shuffled"}}'
    ),
    ("boost_done", ("heat", "step")): lambda d, r, w, n: (
        f'{{"data":{{"heat":{_DIGITS[d["heat"]]},"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"boost_done"}}'
    ),
    ("lap_completed", ("lap", "step")): lambda d, r, w, n: (
        f'{{"data":{{"lap":{_DIGITS[d["lap"]]},"step":{_DIGITS[d["step"]]}}}'
        f',"round":{r},"seat":{w},"seq":{n},"type":"lap_completed"}}'
    ),
}


# event type -> (the number of its data's keys, the writer): one lookup by the type and one
# len() at every event; the writer's own reads check the keys (see emit)
DATA_LINES: dict[str, tuple[int, Callable[..., str]]] = {
    type_: (len(keys), write) for (type_, keys), write in _WRITERS.items()
}
