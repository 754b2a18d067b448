"""What the bots price (FD-E-24): part weights, and the cost of arriving too fast
at a corner that still owes stops. Pure functions of small keys, cached."""

from __future__ import annotations

from functools import cache

from ..chance import GEAR_ODDS, GEAR_RANGE

WEIGHTS = {"T": 3, "Br": 2, "Gb": 2, "Bo": 8, "En": 8, "Su": 8, "WP": 4}
ELIMINATION = -1000.0
FATAL = ("Bo", "En", "Su", "WP")

# (car situation, space, gear, end corner, no overshoot) -> approach price; bounded
# by the tracks' sizes
APPROACH: dict = {}

MEAN = {g: sum(v * p for v, p in GEAR_ODDS[g]) for g in GEAR_ODDS}


@cache
def approach_price(key: tuple) -> float:
    """Slowest and average plays weighed 0.6 / 0.4; a pure function of the key."""
    return 0.6 * missed_price(missed(key, 0)) + 0.4 * missed_price(missed(key, 1))


# (car's wear, a lap still to go after this one) -> (T, Br, WP) after a move ->
# the scarcity price of `EndValues._scarcity`; bounded by the few wear states
SCARCITY: dict = {}

NO_PRICE = (0.0,) * 7
# car situation -> (approach prices by gear of an end that overshot nothing, a
# list by space, None until priced; the same for an end that overshot a
# corner, no stop counted there, a dict by space); bounded by the tracks'
# sizes, like APPROACH
ROWS: dict = {}


@cache
def approach_row(context: tuple) -> tuple[float, ...]:
    """`approach_price` for gears 0..6 (0 unused) of one approach context."""
    to_first, room, need, budget = context
    return tuple(approach_price((to_first, room, need, g, budget)) for g in range(7))


def missed(key: tuple, average: int) -> int:
    """Stops missed by playing slow: one free downshift a turn, brakes to stay in."""
    to_first, room, need, gear, budget = key
    pos = stops = 0
    g = gear
    for _ in range(40):
        g = max(1, g - 1)
        pos += MEAN[g] if average else GEAR_RANGE[g][0]
        if pos > room:
            over = pos - room
            if over > budget:
                return need - stops
            budget -= over
            pos = room
        if pos >= to_first:
            stops += 1
            if stops >= need:
                return 0
    return 0


def missed_price(missing: int) -> float:
    if missing <= 0:
        return 0.0
    return 15.0 if missing == 1 else 400.0


@cache
def brake_costs(have: int, budget: int, category: str) -> tuple[float, ...]:
    """Cost of braking b spaces voluntarily, indexed by b up to the budget: b points
    of `category` and their scarcity, as `Outlook._base` prices them."""
    weight, scarcity = WEIGHTS[category], (1.0 if category == "WP" else 3.0)
    costs = [0.0]
    for b in range(1, budget + 1):
        costs.append(
            b * weight + sum(weight * scarcity / (left + 1) for left in range(have - b, have))
        )
    return tuple(costs)
