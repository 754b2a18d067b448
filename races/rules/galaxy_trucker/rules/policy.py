"""BasicBot's flight choices (GT-BOT-03), which are also the defaults of
every flight decision (GT-API-03). Pure functions of a ship."""

from __future__ import annotations

from .ship import Ship, order
from .tiles import DOUBLE_CANNON, DOUBLE_ENGINE, SHIELD, N, facing


def pay_cells(ship: Ship, count: int) -> list[list[int]]:
    """Battery payment: the tile with the most tokens, ties smallest (row, col)."""
    left = {c: ship.cells[c].batteries for c in ship.battery_cells()}
    paid = []
    for _ in range(count):
        cells = [c for c in sorted(left, key=order) if left[c] > 0]
        if not cells:
            break
        cell = max(cells, key=lambda c: (left[c], -c[1], -c[0]))
        left[cell] -= 1
        paid.append(list(cell))
    return paid


def declaration(ship: Ship, cells: list) -> dict:
    return {"activate": [list(c) for c in cells], "pay": pay_cells(ship, len(cells))}


def engines_open_space(ship: Ship) -> dict:
    doubles = ship.of_kind(DOUBLE_ENGINE)
    tokens = ship.tokens()
    reserve = 1 if ship.of_kind(SHIELD) else 0
    count = max(0, min(len(doubles), tokens - reserve))
    if ship.engine_power(count) == 0 and doubles and tokens:
        count = 1
    return declaration(ship, doubles[:count])


def cannon_order(ship: Ship) -> list:
    doubles = ship.of_kind(DOUBLE_CANNON)
    forward = [c for c in doubles if facing(DOUBLE_CANNON, ship.cells[c].rot) == N]
    return forward + [c for c in doubles if c not in forward]


def cannons_against(ship: Ship, strength_hp: int) -> dict:
    """Beat the strength with the fewest activations; else tie; else none."""
    cells = cannon_order(ship)[: ship.tokens()]
    if ship.firepower_hp([]) > strength_hp:
        return declaration(ship, [])
    for count in range(1, len(cells) + 1):
        if ship.firepower_hp(cells[:count]) > strength_hp:
            return declaration(ship, cells[:count])
    for count in range(1, len(cells) + 1):
        if ship.firepower_hp(cells[:count]) == strength_hp:
            return declaration(ship, cells[:count])
    return declaration(ship, [])


def above(ship: Ship, target, measure, cells) -> dict:
    """Combat Zone line: activate greedily until above the target, if the
    maximum gets there; else nothing."""
    cells = cells[: ship.tokens()]
    if measure([]) > target or measure(cells) <= target:
        return declaration(ship, [])
    for count in range(1, len(cells) + 1):
        if measure(cells[:count]) > target:
            return declaration(ship, cells[:count])
    return declaration(ship, [])


def engines_line(ship: Ship, target) -> dict:
    doubles = ship.of_kind(DOUBLE_ENGINE)
    return above(ship, target, lambda cells: ship.engine_power(len(cells)), doubles)


def cannons_line(ship: Ship, target_hp) -> dict:
    return above(ship, target_hp, ship.firepower_hp, cannon_order(ship))


def aliens(ship: Ship) -> dict:
    """GT-BOT-03 PLACE_ALIENS."""
    from_engines = ship.of_kind("engine", DOUBLE_ENGINE)
    brown = ship.eligible_cabins("brown")
    choice = {"brown": None, "purple": None}
    if from_engines and brown:
        choice["brown"] = list(brown[0])
    purple = [c for c in ship.eligible_cabins("purple") if list(c) != choice["brown"]]
    if ship.of_kind("cannon", DOUBLE_CANNON) and purple:
        choice["purple"] = list(purple[0])
    return choice
