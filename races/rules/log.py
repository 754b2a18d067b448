"""The canonical encoding of an event log (DESIGN.md, "The engine contract"):
one JSON line an event, keys sorted, no spaces, and a race's identity, the
sha256 of those lines. Outside readers verify a race from it, so its bytes
never change."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable

try:  # a faster writer of the same bytes, where installed (requirements.txt)
    import orjson
except ImportError:  # the engines stay plain Python: the encoder below writes every line
    orjson = None

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

# orjson writes what the encoder writes (keys sorted by code point, the same
# escapes, the shortest float that reads back, exponents as Python writes
# them from 1e16) except for a few values, which it is kept from or which
# its output shows, and whose events the encoder writes: subclasses,
# dataclasses and datetimes are refused (the encoder refuses the last two
# too), as are keys that are not str and ints past 64 bits; a float below
# 1e-4, which Python writes with an exponent and orjson without, shows
# "0.0000", and any exponent shows "e+" or "e-"; NaN and the infinities it
# writes as null. A str holding one of those marks only costs the speed.
_FAST = (
    orjson.OPT_SORT_KEYS
    | orjson.OPT_PASSTHROUGH_SUBCLASS
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
    if orjson is not None
    else 0
)


def _finite(value) -> bool:
    """Whether no float in `value` is NaN or infinite."""
    kind = type(value)
    if kind is float:
        return math.isfinite(value)
    if kind is dict:
        return all(map(_finite, value.values()))
    if kind is list or kind is tuple:
        return all(map(_finite, value))
    return True


_FIELDS = frozenset(("data", "round", "seat", "seq", "type"))


def _fast_line(event) -> str | None:
    """The event's line by orjson, or None where its bytes could differ."""
    # An event's attributes are its five fields (contract.Event sets those and
    # no others until its line is kept): written as they are, not copied into
    # a dict first, which cost 40% of the log's writing.
    fields = event.__dict__
    if fields.keys() != _FIELDS:
        fields = {
            "data": event.data,
            "round": event.round,
            "seat": event.seat,
            "seq": event.seq,
            "type": event.type,
        }
    try:
        # Decoded at once: searched as bytes, or kept as bytes, orjson's
        # output costs more than its writing.
        line = orjson.dumps(fields, option=_FAST).decode()
    except TypeError:
        return None
    # one character first: a float shows "." or "+" or "-", most lines none
    if ("." in line or "+" in line or "-" in line) and (
        "e+" in line or "e-" in line or "0.0000" in line
    ):
        return None
    if "null" in line and not _finite(fields):
        return None
    return line


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
    if orjson is not None:
        line = _fast_line(event)
        if line is not None:
            return line
    return _encoded_line(event)


def _encoded_line(event) -> str:
    """The event's line by the standard library's encoder."""
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
    if not isinstance(events, list | tuple):
        events = list(events)
    try:
        # A log written once already (hashed, then stored) is read from the
        # lines its events keep, without a call an event: a third of the time.
        lines = [event.__dict__["_canonical_line"] for event in events]
    except KeyError:
        lines = list(map(canonical_line, events))
    return "\n".join(lines)


def log_hash(events: Iterable) -> str:
    """A race's identity: sha256 of its canonical event log."""
    return hashlib.sha256(canonical_log(events).encode("utf-8")).hexdigest()
