"""The data of the commonest Heat events as the canonical encoder writes it (races/rules/log.py:
keys sorted, no spaces), written directly: a race logs over a thousand events and the encoder
costs twice as much. Each writer knows its event's keys (in the order emit receives them) and
their types: ints never bools, strings through the encoder's own escaping; any other shape of
an event is left to the encoder. bench/heat_hashes.py checks the lines."""

from __future__ import annotations

from collections.abc import Callable
from json.encoder import encode_basestring as _q


def _strings(items: list[str]) -> str:
    if items and _PLAIN.issuperset(items):  # one join instead of one encoder call per id
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


def _moved(d: dict) -> str:
    (p, spot), (p0, spot0) = d["end"], d["start"]  # _spot, inline: the commonest event
    return (
        f'{{"distance":{d["distance"]},"end":[{p},{_q(spot)}],"reason":{_q(d["reason"])},'
        f'"space":{d["space"]},"speed":{d["speed"]},"start":[{p0},{_q(spot0)}],'
        f'"step":{d["step"]}}}'
    )


def _positions(rows: list[list]) -> str:
    return "[" + ",".join(f"[{_q(a)},{b},{_q(c)},{g}]" for a, b, c, g in rows) + "]"


_WRITERS: dict[tuple[str, tuple[str, ...]], Callable[[dict], str]] = {
    ("moved", ("reason", "distance", "start", "end", "space", "speed", "step")): _moved,
    ("cards_drawn", ("cards", "pile", "reason", "step")): lambda d: (
        f'{{"cards":{_strings(d["cards"])},"pile":{_q(d["pile"])},'
        f'"reason":{_q(d["reason"])},"step":{d["step"]}}}'
    ),
    ("hand_replenished", ("drawn", "step")): lambda d: (
        f'{{"drawn":{d["drawn"]},"step":{d["step"]}}}'
    ),
    ("gear_shifted", ("start", "gear", "heat", "flooded", "step")): lambda d: (
        f'{{"flooded":{_flag(d["flooded"])},"gear":{d["gear"]},"heat":{d["heat"]},'
        f'"start":{d["start"]},"step":{d["step"]}}}'
    ),
    ("cards_played", ("count", "cards", "cluttered", "step")): lambda d: (
        f'{{"cards":{_strings(d["cards"])},"cluttered":{_flag(d["cluttered"])},'
        f'"count":{d["count"]},"step":{d["step"]}}}'
    ),
    ("cards_revealed", ("cards", "step")): lambda d: (
        f'{{"cards":{_strings(d["cards"])},"step":{d["step"]}}}'
    ),
    ("plus_resolved", ("source", "flipped", "found", "step")): lambda d: (
        f'{{"flipped":{_strings(d["flipped"])},'
        f'"found":{"null" if d["found"] is None else _q(d["found"])},'
        f'"source":{_q(d["source"])},"step":{d["step"]}}}'
    ),
    ("corner_crossed", ("corner", "q", "lap", "step")): lambda d: (
        f'{{"corner":{d["corner"]},"lap":{d["lap"]},"q":{d["q"]},"step":{d["step"]}}}'
    ),
    ("heat_paid", ("amount", "reason", "engine", "step")): lambda d: (
        f'{{"amount":{d["amount"]},"engine":{d["engine"]},"reason":{_q(d["reason"])},'
        f'"step":{d["step"]}}}'
    ),
    ("corner_checked", ("corner", "q", "speed", "limit", "due", "paid", "step")): lambda d: (
        f'{{"corner":{d["corner"]},"due":{d["due"]},"limit":{d["limit"]},"paid":{d["paid"]},'
        f'"q":{d["q"]},"speed":{d["speed"]},"step":{d["step"]}}}'
    ),
    ("cooldown_done", ("count", "engine", "step")): lambda d: (
        f'{{"count":{d["count"]},"engine":{d["engine"]},"step":{d["step"]}}}'
    ),
    ("adrenaline_used", ("kind", "step")): lambda d: (
        f'{{"kind":{_q(d["kind"])},"step":{d["step"]}}}'
    ),
    ("cards_discarded", ("cards", "top", "step")): lambda d: (
        f'{{"cards":{_strings(d["cards"])},"step":{d["step"]},"top":{_q(d["top"])}}}'
    ),
    ("turn_order_fixed", ("order", "adrenaline", "step")): lambda d: (
        f'{{"adrenaline":{_strings(d["adrenaline"])},"order":{_strings(d["order"])},'
        f'"step":{d["step"]}}}'
    ),
    ("round_ended", ("positions", "step")): lambda d: (
        f'{{"positions":{_positions(d["positions"])},"step":{d["step"]}}}'
    ),
    ("deck_shuffled", ("pile", "stream", "counter", "order", "step")): lambda d: (
        f'{{"counter":{d["counter"]},"order":{_strings(d["order"])},"pile":{_q(d["pile"])},'
        f'"step":{d["step"]},"stream":{_q(d["stream"])}}}'
    ),
    ("boost_done", ("heat", "step")): lambda d: f'{{"heat":{d["heat"]},"step":{d["step"]}}}',
    ("lap_completed", ("lap", "step")): lambda d: f'{{"lap":{d["lap"]},"step":{d["step"]}}}',
}


# event type -> (its data's keys in the order emit receives them, the writer): one lookup by
# the type, then one comparison of the keys, at every event
DATA_LINES: dict[str, tuple[tuple[str, ...], Callable[[dict], str]]] = {
    type_: (keys, write) for (type_, keys), write in _WRITERS.items()
}
