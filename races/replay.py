"""Reading a stored event log: steps, the board after each step, events in
words, and the lap chart. Plain functions over the log's dicts; the rules are
never re-run (DESIGN.md: the replay viewer and the standings never re-run
rules to find out what happened)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

# The event type that opens a new step of the replay, per game: a car's turn.
STEP_OPENERS = {"formula_d": {"turn_started"}, "heat": {"turn_order_fixed", "cards_revealed"}}
ROUND_OPENERS = {"round_started", "turn_order_fixed"}


def events_parse(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@dataclass
class Step:
    index: int
    round: int
    seat: str | None
    events: list[dict] = field(default_factory=list)


def steps_split(game: str, events: list[dict]) -> list[Step]:
    """Step 0 is the setup; every later step opens with the game's turn
    event (or, for a game without one, each event is a step)."""
    openers = STEP_OPENERS.get(game)
    steps = [Step(0, 0, None)]
    for event in events:
        opens = event["type"] in openers if openers else bool(steps[-1].events)
        if opens and (steps[-1].events or len(steps) > 1):
            steps.append(Step(len(steps), event.get("round") or 0, event.get("seat")))
        steps[-1].events.append(event)
        if steps[-1].seat is None and event.get("seat"):
            steps[-1].seat = event["seat"]
    return steps


# --- The board after a step ------------------------------------------------


def _get(data: Mapping, *keys, default=None):
    for key in keys:
        if key in data and data[key] is not None:
            return data[key]
    return default


@dataclass
class CarState:
    seat: str
    space: str | None = None
    gear: int | None = None
    wear: dict = field(default_factory=dict)
    lap: int | None = None
    status: str = "racing"  # racing | finished | eliminated
    position: int | None = None


def _seat_of(event: dict) -> str | None:
    return event.get("seat") or _get(event.get("data") or {}, "seat", "car")


def board_after(events_so_far: list[dict], seat_ids: list[str]) -> dict[str, CarState]:
    """Where every car is and what it has left after these events."""
    cars = {s: CarState(s) for s in seat_ids}

    def car(seat):
        if seat not in cars:
            cars[seat] = CarState(seat)
        return cars[seat]

    for event in events_so_far:
        data = event.get("data") or {}
        kind = event["type"]
        seat = _seat_of(event)
        if kind == "grid_set":
            for slot in _get(data, "grid", "order", "slots", default=[]) or []:
                if isinstance(slot, Mapping):
                    s = _get(slot, "seat", "car")
                    if s:
                        car(s).space = _get(slot, "space")
            spaces = data.get("spaces")
            if isinstance(spaces, Mapping):
                for s, space in spaces.items():
                    car(s).space = space
            order = data.get("order")
            if isinstance(spaces, list) and isinstance(order, list):
                for s, space in zip(order, spaces, strict=False):
                    car(s).space = space
        elif kind == "grid_assigned":
            # Heat: [slot, seat, colour, space, spot]
            for slot in data.get("grid") or []:
                if isinstance(slot, list) and len(slot) >= 5:
                    car(slot[1]).space = heat_space(slot[3], slot[4])
        elif kind == "round_ended" and isinstance(data.get("positions"), list):
            # Heat: [seat, space, spot, gear]
            for line in data["positions"]:
                if isinstance(line, list) and len(line) >= 3:
                    car(line[0]).space = heat_space(line[1], line[2])
                    if len(line) >= 4 and isinstance(line[3], int):
                        car(line[0]).gear = line[3]
        elif kind == "moved" and seat and isinstance(data.get("end"), list):
            end = data["end"]
            if len(end) >= 2:
                car(seat).space = heat_space(end[0], end[1])
        elif kind in ("moved", "spin", "pit_entered", "pit_exit") and seat:
            path = data.get("path")
            if isinstance(path, list) and path:
                car(seat).space = path[-1]
            target = _get(data, "to", "space")
            if isinstance(target, str):
                car(seat).space = target
        elif kind == "turn_started" and seat:
            if isinstance(data.get("space"), str):
                car(seat).space = data["space"]
            if isinstance(data.get("gear"), int):
                car(seat).gear = data["gear"]
        elif kind in ("gear_selected", "gear_shifted") and seat:
            to = _get(data, "to", "gear")
            if isinstance(to, int):
                car(seat).gear = to
        elif kind == "wear_changed" and seat:
            category = data.get("category")
            value = _get(data, "value", "new", "new_value", "after")
            if category and isinstance(value, int):
                car(seat).wear[category] = value
        elif kind == "line_crossed" and seat:
            lap = _get(data, "lap", "new_lap")
            if isinstance(lap, int):
                car(seat).lap = lap
        elif kind in ("finished", "car_finished") and seat:
            car(seat).status = "finished"
            if isinstance(data.get("position"), int):
                car(seat).position = data["position"]
        elif kind in ("eliminated", "car_eliminated") and seat:
            car(seat).status = "eliminated"
    return cars


def heat_space(position, spot) -> str:
    """A Heat board position (a space counted from the line, any lap, and a
    spot: race line or outside) as a space id of the drawn track; the
    drawing folds positions past a lap back onto it."""
    return f"h{position}:{spot}"


# --- Events in words -------------------------------------------------------


def _car(names: Mapping[str, str], seat: str | None) -> str:
    if not seat:
        return "The race"
    return names.get(seat, seat)


def _penalty_words(penalty) -> str:
    if isinstance(penalty, Mapping):
        parts = [f"−{v} {CATEGORY_WORDS.get(k, k)}" for k, v in penalty.items() if v]
        return ", ".join(parts)
    return ""


def _overshoot_cost(penalty, config: Mapping) -> str:
    """What an overshoot costs, in the session's terms: the event carries
    the amount, the session's config the level and mode."""
    if isinstance(penalty, Mapping):
        return _penalty_words(penalty)
    if not isinstance(penalty, int) or isinstance(penalty, bool) or not penalty:
        return ""
    if config.get("mode") == "qualifying":
        # FD-V-4.6: overshoot points are added to the qualifying score.
        return f"+{penalty} to the qualifying score"
    if config.get("level") == "advanced":
        # FD-A-4.1: the advanced penalty is paid in tyre points.
        return f"−{penalty} tyres"
    # FD-B-8.5: the basic penalty is paid in wear points.
    return f"−{penalty} wear points"


CATEGORY_WORDS = {
    "WP": "wear points",
    "T": "tyres",
    "Br": "brakes",
    "Gb": "gearbox",
    "Bo": "body",
    "En": "engine",
    "Su": "suspension",
    "tyres": "tyres",
    "tires": "tyres",
    "brakes": "brakes",
    "gearbox": "gearbox",
    "body": "body",
    "engine": "engine",
    "suspension": "suspension",
}


def _count(value) -> int:
    if isinstance(value, list):
        return len(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _corner(data: Mapping, corners: Mapping[str, str]) -> str:
    corner = data.get("corner")
    if isinstance(corner, int) and not isinstance(corner, bool):
        corner = str(corner)
    return corners.get(corner, f"corner {corner}") if isinstance(corner, str) else "the corner"


def _fd_overshoot(car, d, corners, config):
    distance = _get(d, "distance", "missing", default="?")
    penalty = _overshoot_cost(_get(d, "penalty", "cost", "costs"), config)
    if not penalty:
        category = d.get("category")
        amount = _get(d, "amount", "delta")
        if category and isinstance(amount, int):
            penalty = f"−{abs(amount)} {CATEGORY_WORDS.get(category, category)}"
    return f"{car} overshoots {_corner(d, corners)} by {distance}" + (
        f": {penalty}" if penalty else ""
    )


def _fd_wear(car, d, corners):
    category = CATEGORY_WORDS.get(d.get("category"), d.get("category") or "wear")
    delta = d.get("delta")
    value = _get(d, "value", "new", "new_value", "after")
    cause = d.get("cause")
    change = (
        f"{'+' if isinstance(delta, int) and delta > 0 else '−'}{abs(delta)}"
        if isinstance(delta, int)
        else "changes"
    )
    text = f"{car}: {change} {category}"
    if value is not None:
        text += f" ({value} left)"
    return text + (f", {cause}" if cause else "")


def _fd_moved(car, d, corners):
    travelled = _get(d, "travelled", "M", "distance")
    path = d.get("path") or []
    where = f" to {path[-1]}" if path else ""
    kind = d.get("kind")
    how = {"slipstream": " in the slipstream", "drift": " drifting", "fast_exit": " on a fast exit"}
    return (
        f"{car} moves {travelled if travelled is not None else len(path)}{how.get(kind, '')}{where}"
    )


FD_WORDS: dict[str, Callable[[str, Mapping, Mapping], str]] = {
    "session_started": lambda c, d, k: "The session starts.",
    "grid_set": lambda c, d, k: "The grid is set.",
    "weather_rolled": lambda c, d, k: f"Weather: {d.get('result', 'rolled')}.",
    "round_started": lambda c, d, k: f"Round {_get(d, 'round', default='')} begins.",
    "turn_started": lambda c, d, k: (
        f"{c}'s turn" + (f", in gear {d['gear']}" if isinstance(d.get("gear"), int) else "") + "."
    ),
    "gear_selected": lambda c, d, k: (
        f"{c} shifts from gear {d.get('from')} to {d.get('to')}"
        + (f", skipping {_count(d.get('skipped'))}" if _count(d.get("skipped")) else "")
        + (f" ({_penalty_words(d['costs'])})" if _penalty_words(d.get("costs")) else "")
        + "."
    ),
    "gear_rolled": lambda c, d, k: f"{c} rolls {d.get('value')} on the gear {d.get('gear')} die.",
    "start_roll": lambda c, d, k: f"{c} rolls {d.get('value')} at the start: {d.get('outcome')}.",
    "moved": _fd_moved,
    "line_crossed": lambda c, d, k: f"{c} crosses the line (lap {_get(d, 'lap', 'new_lap')}).",
    "corner_stop": lambda c, d, k: (
        f"{c} stops in {_corner(d, k)} ({d.get('stops')} of {d.get('required')})."
    ),
    "spin": lambda c, d, k: f"{c} spins!",
    "braking_paid": lambda c, d, k: (
        f"{c} brakes {d.get('spaces')} space(s)"
        + (f": {_penalty_words(d['costs'])}" if _penalty_words(d.get("costs")) else "")
        + "."
    ),
    "wear_changed": _fd_wear,
    "collision_check": lambda c, d, k: (
        f"{c}: collision check, rolled {d.get('value')}"
        + (" — hit!" if d.get("failed") else ", safe.")
    ),
    "engine_check": lambda c, d, k: (
        f"{c}: engine check, rolled {d.get('value')}"
        + (" — damage!" if d.get("failed") else ", safe.")
    ),
    "pit_entered": lambda c, d, k: f"{c} enters the pit lane.",
    "pit_exit": lambda c, d, k: f"{c} leaves the pits.",
    "finished": lambda c, d, k: (
        f"{c} finishes" + (f" in position {d['position']}" if d.get("position") else "") + "."
    ),
    "eliminated": lambda c, d, k: (
        f"{c} is eliminated" + (f" ({d['cause']})" if d.get("cause") else "") + "."
    ),
    "turn_ended": lambda c, d, k: f"{c}'s turn ends.",
    "round_ended": lambda c, d, k: f"Round {_get(d, 'round', default='')} ends.",
    "qualifying_lap": lambda c, d, k: f"{c} sets a qualifying score of {d.get('score')}.",
    "session_ended": lambda c, d, k: "The session ends.",
}

HEAT_WORDS: dict[str, Callable[[str, Mapping, Mapping], str]] = {
    "race_created": lambda c, d, k: "The race is set up.",
    "grid_assigned": lambda c, d, k: "The grid is set.",
    "gear_shifted": lambda c, d, k: (
        f"{c} shifts to gear {_get(d, 'gear', 'to')}"
        + (f" and pays {d['heat']} Heat" if d.get("heat") else "")
        + "."
    ),
    "cards_played": lambda c, d, k: f"{c} plays {d.get('count')} card(s) face down.",
    "cards_revealed": lambda c, d, k: (
        f"{c} reveals {', '.join(d['cards'])}." if d.get("cards") else f"{c} reveals their cards."
    ),
    "turn_order_fixed": lambda c, d, k: "The turn order is set.",
    "adrenaline_used": lambda c, d, k: (
        f"{c} uses adrenaline"
        + {"speed": " to move one more space", "cooldown": " to cool down one more Heat"}.get(
            d.get("kind"), f" ({d.get('kind')})"
        )
        + "."
    ),
    # Drawn cards are their owner's secret while the race runs (HEAT-B-ENG-10): the live
    # page reads these sentences, so they give the number of cards, never their ids.
    "cards_drawn": lambda c, d, k: (
        f"{c} draws {len(d['cards'])} "
        + ("sponsorship card" if d.get("pile") == "sponsorship" else "card")
        + ("s" if len(d["cards"]) != 1 else "")
        + "."
    ),
    "hand_replenished": lambda c, d, k: f"{c} refills their hand ({d['drawn']} drawn).",
    "sponsorship_gained": lambda c, d, k: (
        f"{c} gains a sponsorship card" + (f" ({d['reason']})" if d.get("reason") else "") + "."
    ),
    "cooldown_done": lambda c, d, k: f"{c} cools down {d.get('count')} Heat.",
    "boost_done": lambda c, d, k: f"{c} boosts.",
    "moved": lambda c, d, k: (
        f"{c} moves {_get(d, 'requested_distance', 'distance', default='')}"
        + (f" ({d['reason']})" if d.get("reason") else "")
        + "."
    ),
    "heat_paid": lambda c, d, k: (
        f"{c} pays {d.get('amount')} Heat"
        + (f" for {d['reason']}" if d.get("reason") else "")
        + "."
    ),
    "corner_checked": lambda c, d, k: (
        f"{c} takes {_corner(d, k)} at speed {d.get('speed')}"
        + f" (limit {d.get('effective_limit', d.get('limit'))})"
        + (f": {d['paid']} Heat" if d.get("paid") else "")
        + "."
    ),
    "spun_out": lambda c, d, k: f"{c} spins out in {_corner(d, k)}!",
    "lap_completed": lambda c, d, k: f"{c} completes lap {_get(d, 'lap', 'lap_number')}.",
    "car_finished": lambda c, d, k: f"{c} finishes.",
    "car_eliminated": lambda c, d, k: (
        f"{c} is eliminated" + (f" ({d['reason']})" if d.get("reason") else "") + "."
    ),
    "round_ended": lambda c, d, k: "The round ends.",
    "race_ended": lambda c, d, k: "The race ends.",
}

WORDS = {"formula_d": FD_WORDS, "heat": HEAT_WORDS}

# Sentences that depend on how the session was played (its stored config),
# not only on the event: the same event type reads differently per level.
CONFIG_WORDS: dict[str, dict[str, Callable[[str, Mapping, Mapping, Mapping], str]]] = {
    "formula_d": {"overshoot": _fd_overshoot},
}


def _generic(car: str, event: dict) -> str:
    data = event.get("data") or {}
    details = ", ".join(
        f"{k} {v}" for k, v in sorted(data.items()) if isinstance(v, (str, int, float, bool))
    )
    words = event["type"].replace("_", " ")
    return f"{car}: {words}" + (f" ({details})" if details else "") + "."


def event_words(
    game: str,
    event: dict,
    names: Mapping[str, str],
    corners: Mapping[str, str] | None = None,
    config: Mapping | None = None,
) -> str:
    """One event as a sentence; unknown types in a plain generic form.
    `config` is the session's stored engine config (level, mode…)."""
    car = _car(names, _seat_of(event))
    data = event.get("data") or {}
    try:
        by_config = CONFIG_WORDS.get(game, {}).get(event["type"])
        if by_config is not None:
            return by_config(car, data, corners or {}, config or {})
        say = WORDS.get(game, {}).get(event["type"])
        if say is None:
            return _generic(car, event)
        return say(car, data, corners or {})
    except (KeyError, TypeError, ValueError, AttributeError):
        return _generic(car, event)


# --- The lap chart ---------------------------------------------------------


FINISH_EVENTS = {"finished", "car_finished"}
ELIMINATION_EVENTS = {"eliminated", "car_eliminated"}
END_EVENTS = {"session_ended", "race_ended"}


def running_orders(events: list[dict]) -> list[dict]:
    """The order of the cars after every round (lap chart): from each round's
    turn order when the log gives it, else from the progress each car
    reports at the start of its turn. Cars that have finished keep their
    places ahead of the cars still racing; eliminated cars keep the last
    places, behind the cars still racing, in the order they went out. The
    last column is the final order when the log ends with one."""
    rounds: list[dict] = []
    progress: dict[str, Any] = {}
    current: int | None = None
    from_orders = False
    done: list[str] = []
    out: list[str] = []

    def record(number, order):
        rest = [s for s in order if s not in done and s not in out]
        rounds.append({"round": number, "order": done + rest + out})

    def close():
        if current is not None and progress:
            record(current, sorted(progress, key=lambda s: -progress[s]))

    for event in events:
        data = event.get("data") or {}
        kind = event["type"]
        if kind in FINISH_EVENTS and _seat_of(event) and _seat_of(event) not in done:
            done.append(_seat_of(event))
        if kind in ELIMINATION_EVENTS and _seat_of(event) and _seat_of(event) not in out:
            out.append(_seat_of(event))
        if kind in END_EVENTS:
            final = _get(data, "order", "results")
            if isinstance(final, list) and final and all(isinstance(s, str) for s in final):
                if not from_orders:
                    close()
                    current = None
                rounds.append({"round": "F", "order": list(final)})
                return rounds
        if kind in ROUND_OPENERS:
            order = _get(data, "order", "turn_order", "colours")
            if isinstance(order, list) and order and all(isinstance(s, str) for s in order):
                record(event.get("round") or len(rounds) + 1, order)
                from_orders = True
                continue
        if from_orders:
            continue
        if kind == "turn_started" and isinstance(data.get("progress"), (int, float)):
            if current is not None and event.get("round") != current:
                close()
                progress = {}
            current = event.get("round")
            progress[_seat_of(event)] = data["progress"]
    close()
    return rounds
