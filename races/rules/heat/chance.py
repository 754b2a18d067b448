"""Randomness streams (HEAT-B-ENG-07, HEAT-B-ENG-08).

Every shuffle uses a fresh `random.Random(f"heat|{seed}|{stream}|{counter}")` over the items
sorted by id, index 0 being the top. Tests force any order through `ScriptedChance`.
"""

from __future__ import annotations

import random
from _random import Random as _SeededRandom
from collections.abc import Iterable, Mapping
from hashlib import sha512

_new_random = random.Random.__new__
_seed_int = _SeededRandom.seed  # what random.Random.seed ends with: the C seeding of an int


class Chance:
    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self.counters: dict[str, int] = {}

    def shuffle(self, stream: str, items: Iterable[str]) -> tuple[list[str], int]:
        """A shuffled copy of the items and the counter of this use of the stream."""
        counter = self.counters.get(stream, 0)
        self.counters[stream] = counter + 1
        order = sorted(items)
        self._order(stream, counter, order)
        return order, counter

    def _order(self, stream: str, counter: int, order: list[str]) -> None:
        _shuffle(f"heat|{self.seed}|{stream}|{counter}", order)


def _shuffle(key: str, order: list[str]) -> None:
    """`random.Random(key).shuffle(order)` (HEAT-B-ENG-08), the same draws in the same order
    with fewer calls: a race shuffles some forty times. The seed is the int that
    random.Random.seed makes of a str (version 2), given to its C seeding at once; the
    shuffle is random.Random.shuffle with its _randbelow (getrandbits) written inline."""
    data = key.encode()
    rng = _new_random(random.Random)
    _seed_int(rng, int.from_bytes(data + sha512(data).digest()))
    bits = rng.getrandbits
    for i in range(len(order) - 1, 0, -1):
        n = i + 1
        size = n.bit_length()
        j = bits(size)
        while j >= n:
            j = bits(size)
        order[i], order[j] = order[j], order[i]


class ScriptedChance(Chance):
    """A source whose shuffles follow a script: stream -> orders to hand out in turn.

    An order may list only the first cards (the top of the deck); the rest follow in the
    seeded order. Streams without a script entry fall back to the seeded procedure.
    """

    def __init__(self, seed: int | str, script: Mapping[str, list[list[str]]]) -> None:
        super().__init__(seed)
        self.script = {stream: list(orders) for stream, orders in script.items()}

    def _order(self, stream: str, counter: int, order: list[str]) -> None:
        queue = self.script.get(stream)
        if not queue:
            super()._order(stream, counter, order)
            return
        top = queue.pop(0)
        missing = [c for c in top if c not in order]
        if missing:
            raise AssertionError(f"scripted order for {stream} names cards not shuffled: {missing}")
        rest = [c for c in order if c not in top]
        super()._order(stream, counter, rest)
        order[:] = list(top) + rest
