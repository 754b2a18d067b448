"""The canonical encoding of an event log (DESIGN.md, "The engine contract"):
one JSON line an event, keys sorted, no spaces, and a race's identity, the
sha256 of those lines. Outside readers verify a race from it, so its bytes
never change."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

# json.dumps(..., sort_keys=True, separators=(",", ":"), ensure_ascii=False), with
# the encoder made once: dumps builds one per call, and a race hashes thousands
# of events. An encoder keeps nothing between calls.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
# how that encoder writes a str (ensure_ascii=False)
_encode_str = json.encoder.encode_basestring


def _make_data_encoder():
    """`_CANONICAL.encode` for the event data: the encoder's C core, made once
    (encode makes a new one per call, half the cost of a short event), without
    its check for circular data, which an event never holds. Without the C
    core (another Python), the encoder itself."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return _CANONICAL.encode
    core = make(None, _CANONICAL.default, _encode_str, None, ":", ",", True, False, True)

    def encode(data) -> str:
        return "".join(core(data, 0))

    return encode


_encode_data = _make_data_encoder()


def canonical_line(event) -> str:
    """The event as one canonical JSON line. An event is a record that never
    changes once emitted, so its line is kept on it: a finished race is hashed
    and then stored, and both read every line."""
    line = event.__dict__.get("_canonical_line")
    if line is None:
        line = event.__dict__["_canonical_line"] = _canonical_line(event)
    return line


def keep_line(event, line: str) -> None:
    """Keep `line` as the event's canonical line, for an engine that writes the lines of its
    commonest events itself (cheaper than the encoder): the line must be exactly what
    `_canonical_line` makes of the event, which that engine's recorded log hashes check."""
    event.__dict__["_canonical_line"] = line


def _canonical_line(event) -> str:
    seq, round_, type_, seat, data = event.seq, event.round, event.type, event.seat, event.data
    if (
        type(seq) is int
        and type(round_) is int
        and type(type_) is str
        and (seat is None or type(seat) is str)
        and type(data) is dict
    ):
        # The usual event: its outer object written as the encoder writes it
        # (keys sorted), so that only the data goes through the encoder.
        return (
            f'{{"data":{_encode_data(data)},"round":{round_!r},'
            f'"seat":{"null" if seat is None else _encode_str(seat)},'
            f'"seq":{seq!r},"type":{_encode_str(type_)}}}'
        )
    return _CANONICAL.encode(
        {"seq": seq, "round": round_, "type": type_, "seat": seat, "data": dict(data)}
    )


def canonical_log(events: Iterable) -> str:
    """The event log as canonical JSON lines (sorted keys, no spaces)."""
    return "\n".join(map(canonical_line, events))


def log_hash(events: Iterable) -> str:
    """A race's identity: sha256 of its canonical event log."""
    return hashlib.sha256(canonical_log(events).encode("utf-8")).hexdigest()
