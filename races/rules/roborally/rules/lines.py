"""The canonical JSON of the commonest events' data, written here rather
than by the log's encoder (races/rules/log.py, `keep_line`): a race hashes
some 2,500 events, and lasers, moves, turns and revealed cards are most of
them. Each writer must give exactly what the encoder gives (keys sorted, no
spaces), so it writes only the shapes it knows and answers None for any
other value, which leaves that event to the encoder; the recorded log
hashes (bench/roborally_hashes.py) and test_log_lines.py check it.

Writers are found by the event's type and its data's keys in the order the
rules give them (state.Factory.emit)."""

from __future__ import annotations

import json
from collections.abc import Callable

# how the log's encoder writes a str (ensure_ascii=False)
quote = json.encoder.encode_basestring


def _scalar(value) -> str | None:
    """An int, str or None as the encoder writes it; None for anything else."""
    kind = type(value)
    if kind is int:
        return str(value)
    if kind is str:
        return quote(value)
    if value is None:
        return "null"
    return None


# what the repr of a list of ints, or of lists of them, holds besides spaces
_INT_LISTS = str.maketrans("", "", "[],-0123456789")


def _ints(value) -> str | None:
    """A list of ints, or of lists of them (squares, a path), as the encoder
    writes it: its repr without spaces. Anything else (a tuple, a bool, a
    str) shows other characters in the repr, and is left to the encoder."""
    if type(value) is not list:
        return None
    if len(value) == 2:  # a square, the commonest: written without the repr
        x, y = value
        if type(x) is int and type(y) is int:
            return f"[{x},{y}]"
    text = repr(value).replace(" ", "")
    return None if text.translate(_INT_LISTS) else text


def _when(data: dict) -> tuple:
    """The register (an int or None) and the step (a str or None) every event carries."""
    register, step = data["register"], data["step"]
    return (
        str(register) if type(register) is int else _scalar(register),
        quote(step) if type(step) is str else _scalar(step),
    )


def laser_fired(data: dict) -> str | None:
    source = data["source"]
    source = quote(source) if type(source) is str else _ints(source)
    register, step = _when(data)
    path, target, direction = _ints(data["path"]), _scalar(data["target"]), data["direction"]
    beams = data["beams"]
    more = ""
    if "targets" in data:
        seats = data["targets"]
        if type(seats) is not list or any(type(s) is not str for s in seats):
            return None
        more = f',"targets":[{",".join(map(quote, seats))}]'
    if None in (source, register, step, path, target) or type(beams) is not int:
        return None
    if type(direction) is not str:
        return None
    return (
        f'{{"beams":{beams},"direction":{quote(direction)},"path":{path},'
        f'"register":{register},"source":{source},"step":{step},"target":{target}{more}}}'
    )


def robot_moved(data: dict) -> str | None:
    frm, to = _ints(data["from"]), _ints(data["to"])
    cause, facing = data["cause"], data["facing"]
    register, step = _when(data)
    if None in (frm, to, register, step) or type(cause) is not str or type(facing) is not str:
        return None
    return (
        f'{{"cause":{quote(cause)},"facing":{quote(facing)},"from":{frm},'
        f'"register":{register},"step":{step},"to":{to}}}'
    )


def robot_rotated(data: dict) -> str | None:
    frm, to, cause = data["from"], data["to"], data["cause"]
    register, step = _when(data)
    if None in (register, step) or not type(frm) is type(to) is type(cause) is str:
        return None
    return (
        f'{{"cause":{quote(cause)},"from":{quote(frm)},"register":{register},'
        f'"step":{step},"to":{quote(to)}}}'
    )


def card_revealed(data: dict) -> str | None:
    card, priority = data["card"], data["priority"]
    register, step = _when(data)
    more = ""
    if "cards" in data:
        more = _ints(data["cards"])
        if more is None:
            return None
        more = f',"cards":{more}'
    if None in (register, step) or not type(card) is type(priority) is int:
        return None
    return f'{{"card":{card}{more},"priority":{priority},"register":{register},"step":{step}}}'


def register_started(data: dict) -> str | None:
    register, step = _when(data)
    if None in (register, step):
        return None
    return f'{{"register":{register},"step":{step}}}'


def damage_taken(data: dict) -> str | None:
    amount, damage, source = data["amount"], data["new_damage"], data["source"]
    locked = _ints(data["registers_newly_locked"])
    register, step = _when(data)
    by = ""
    if "by" in data:
        if type(data["by"]) is not str:
            return None
        by = f'"by":{quote(data["by"])},'
    if None in (locked, register, step) or type(source) is not str:
        return None
    if not type(amount) is type(damage) is int:
        return None
    return (
        f'{{"amount":{amount},{by}"new_damage":{damage},"register":{register},'
        f'"registers_newly_locked":{locked},"source":{quote(source)},"step":{step}}}'
    )


def registers_wiped(data: dict) -> str | None:
    cards, kept = _ints(data["cards"]), _ints(data["kept"])
    register, step = _when(data)
    if None in (cards, kept, register, step):
        return None
    return f'{{"cards":{cards},"kept":{kept},"register":{register},"step":{step}}}'


def power_down_announced(data: dict) -> str | None:
    yes = data["yes"]
    register, step = _when(data)
    if None in (register, step) or type(yes) is not bool:
        return None
    return f'{{"register":{register},"step":{step},"yes":{"true" if yes else "false"}}}'


def register_locked(data: dict) -> str | None:
    locked, card = data["locked"], _scalar(data["card"])
    register, step = _when(data)
    if None in (card, register, step) or type(locked) is not int or card[0] == '"':
        return None
    return f'{{"card":{card},"locked":{locked},"register":{register},"step":{step}}}'


WHEN = ("register", "step")
DATA_LINES: dict[tuple, Callable[[dict], str | None]] = {
    ("laser_fired", ("source", "direction", "path", "target", "beams", *WHEN)): laser_fired,
    ("laser_fired", ("source", "direction", "path", "target", "beams", "targets", *WHEN)): (
        laser_fired
    ),
    ("robot_moved", ("from", "to", "facing", "cause", *WHEN)): robot_moved,
    ("robot_rotated", ("from", "to", "cause", *WHEN)): robot_rotated,
    ("card_revealed", ("card", "priority", *WHEN)): card_revealed,
    ("card_revealed", ("card", "priority", "cards", *WHEN)): card_revealed,
    ("register_started", WHEN): register_started,
    ("damage_taken", ("amount", "source", "new_damage", "registers_newly_locked", *WHEN)): (
        damage_taken
    ),
    ("damage_taken", ("amount", "source", "new_damage", "registers_newly_locked", "by", *WHEN)): (
        damage_taken
    ),
    ("registers_wiped", ("cards", "kept", *WHEN)): registers_wiped,
    ("power_down_announced", ("yes", *WHEN)): power_down_announced,
    ("register_locked", ("locked", "card", *WHEN)): register_locked,
}
