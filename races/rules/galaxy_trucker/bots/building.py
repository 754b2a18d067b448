"""BasicBot's building (GT-BOT-02): safe placements and their scores."""

from __future__ import annotations

import math

from ..rules.ship import Ship, step
from ..rules.tiles import (
    BATTERY,
    CABIN,
    CANNON,
    CANNONS,
    CARGO,
    DOUBLE_CANNON,
    DOUBLE_ENGINE,
    ENGINE,
    ENGINES,
    HOLDS,
    LIFE_BROWN,
    LIFE_PURPLE,
    SHIELD,
    SPECIAL_CARGO,
    START_CABIN,
    STRUCTURE,
    TILES,
    N,
    facing,
    meeting,
    shown,
)

WEIGHT = {
    CABIN: 3,
    ENGINE: 3,
    DOUBLE_ENGINE: 3.5,
    CANNON: 3,
    DOUBLE_CANNON: 3.5,
    BATTERY: 2.5,
    SHIELD: 2.5,
    SPECIAL_CARGO: 2.5,
    CARGO: 2,
    STRUCTURE: 1,
    LIFE_BROWN: 1,
    LIFE_PURPLE: 1,
}
GROUP = {
    CABIN: (CABIN, START_CABIN),
    ENGINE: ENGINES,
    DOUBLE_ENGINE: ENGINES,
    CANNON: CANNONS,
    DOUBLE_CANNON: CANNONS,
    BATTERY: (BATTERY,),
    SHIELD: (SHIELD,),
    CARGO: HOLDS,
    SPECIAL_CARGO: HOLDS,
    LIFE_BROWN: (LIFE_BROWN,),
    LIFE_PURPLE: (LIFE_PURPLE,),
}
KEEPERS = (CABIN, ENGINE, DOUBLE_ENGINE, CANNON, DOUBLE_CANNON, BATTERY, SHIELD)


def target(kind: str, number: int) -> int | None:
    """The round-r target of a group (GT-BOT-02 surplus)."""
    if kind == CABIN:
        return 1 + 2 * number
    if kind in ENGINES or kind in CANNONS:
        return 2 * number
    if kind == BATTERY or kind in HOLDS:
        return 1 + number
    if kind == SHIELD:
        return 2
    if kind in (LIFE_BROWN, LIFE_PURPLE):
        return 1
    return None


def counts(ship: Ship) -> dict[str, int]:
    found: dict[str, int] = {}
    for placed in ship.cells.values():
        found[placed.kind] = found.get(placed.kind, 0) + 1
    return found


def score(
    ship: Ship,
    tile: int,
    cell,
    rot: int,
    number: int,
    have: dict,
    joints: int,
    opened: int,
    weights=WEIGHT,
) -> float:
    kind = TILES[tile].kind
    value = weights[kind]
    goal = target(kind, number)
    if goal is not None and sum(have.get(k, 0) for k in GROUP[kind]) >= goal:
        value -= 2
    if kind in (LIFE_BROWN, LIFE_PURPLE):
        if any(
            ship.cells.get(step(cell, side)) is not None
            and ship.cells[step(cell, side)].kind == CABIN
            and _joins(ship, tile, cell, rot, side)
            for side in range(4)
        ):
            value += 2
    if kind in CANNONS and facing(kind, rot) == N:
        value += 1
    if kind in ENGINES and step(cell, 2) not in ship.board.cells:
        value += 0.5
    flex = weights.get("flex", 0)
    if flex:  # the pro bot: universal connectors keep the next cells easy to fill
        for side in range(4):
            other = step(cell, side)
            if other in ship.board.cells and other not in ship.cells:
                value += flex if shown(tile, rot, side) == 3 else 0
    return value + joints - 0.25 * opened


def _joins(ship: Ship, tile: int, cell, rot: int, side: int) -> bool:
    other = ship.cells[step(cell, side)]
    return meeting(shown(tile, rot, side), shown(other.tile, other.rot, (side + 2) % 4)) == "joined"


def best_placement(ship: Ship, tile: int, number: int, weights=WEIGHT, have=None):
    """(score, cell, rot) of the best safe placement, or None."""
    have = counts(ship) if have is None else have
    best = None
    for cell in ship.open_cells():
        for rot in range(4):
            ok, joints, opened = ship.safe(tile, cell, rot)
            if not ok:
                continue
            value = score(ship, tile, cell, rot, number, have, joints, opened, weights)
            key = (-value, cell[1], cell[0], rot)
            if best is None or key < best[0]:
                best = (key, value, cell, rot)
    return None if best is None else (best[1], best[2], best[3])


def ready(ship: Ship) -> bool:
    """GT-BOT-02 rule 3."""
    placed = len(ship.cells) - 1
    have = counts(ship)
    return (
        placed >= math.ceil(0.8 * (len(ship.board.cells) - 1))
        and any(have.get(k) for k in ENGINES)
        and any(have.get(k) for k in CANNONS)
    )
