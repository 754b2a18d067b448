"""Grid building: plain functions over plain data, no ORM.

Every rule returns all the cars, pole first. Cars a rule cannot place (no
qualifying result, no championship standing yet) start at the back in the
stated order: by car number.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

QUALIFYING, CHAMPIONSHIP, REVERSE, RANDOM, ENTRY = (
    "qualifying",
    "championship",
    "reverse",
    "random",
    "entry",
)
RULES = (QUALIFYING, CHAMPIONSHIP, REVERSE, RANDOM, ENTRY)


@dataclass(frozen=True)
class Car:
    key: int  # the entry id
    car_number: int


def _unplaced(cars: Sequence[Car], placed: set[int]) -> list[Car]:
    return sorted((c for c in cars if c.key not in placed), key=lambda c: c.car_number)


def grid_order(
    rule: str,
    cars: Sequence[Car],
    *,
    qualifying: Mapping[int, int] | None = None,
    standings: Mapping[int, int] | None = None,
    seed: str = "",
) -> list[Car]:
    """Order the cars for the start.

    `qualifying` maps an entry to its qualifying position (the engine's
    classification already applied the game's tie-breaks); `standings` maps
    an entry to its championship rank (ties already broken by countback and
    the latest round; cars still equal go by car number); `seed` drives the
    random grid.
    """
    if rule not in RULES:
        raise ValueError(f"unknown grid rule {rule!r}; rules: {', '.join(RULES)}")
    if rule == ENTRY:
        return sorted(cars, key=lambda c: c.car_number)
    if rule == RANDOM:
        shuffled = sorted(cars, key=lambda c: c.car_number)
        random.Random(f"paddock-grid|{seed}").shuffle(shuffled)
        return shuffled
    ranks = qualifying if rule == QUALIFYING else standings
    ranks = ranks or {}
    placed = sorted((c for c in cars if c.key in ranks), key=lambda c: (ranks[c.key], c.car_number))
    if rule == REVERSE:
        # Reverse of the championship order: the leader starts last; cars
        # without a standing still start behind everyone.
        placed = sorted(
            (c for c in cars if c.key in ranks), key=lambda c: (-ranks[c.key], -c.car_number)
        )
    return placed + _unplaced(cars, {c.key for c in placed})


def reversed_top(cars: Sequence[Car], finish: Mapping[int, int], top: int) -> list[Car]:
    """A main race's grid from its sprint (issue 26, item 3): the sprint's
    order with its top `top` reversed (the winner starts `top`th); cars
    without a sprint place start at the back by car number."""
    placed = sorted(
        (c for c in cars if c.key in finish), key=lambda c: (finish[c.key], c.car_number)
    )
    head = placed[: max(0, top)][::-1]
    return head + placed[len(head) :] + _unplaced(cars, set(finish))
