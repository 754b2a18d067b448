"""The race's one source of chance (RR-RNG-01..03).

Every shuffle starts from the canonical order and runs the fixed
Fisher-Yates of RR-RNG-03 on the race's `random.Random`; the top of a deck is
index 0. Tests swap in a `ScriptedChance` that lays the deck as they say.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


class Chance:
    def __init__(self, seed: int | str):
        self.rng = random.Random(seed)

    def shuffle(self, items: Sequence) -> list:
        """RR-RNG-03: for i from n-1 down to 1, swap i with randrange(i + 1)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.rng.randrange(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


class ScriptedChance(Chance):
    """A chance whose program-deck shuffles put the given cards on top, in
    order (the rest follow in canonical order); other shuffles keep order."""

    def __init__(self, decks: list[list[int]] | None = None):
        super().__init__(0)
        self.decks = [list(d) for d in decks or []]

    def shuffle(self, items: Sequence) -> list:
        items = list(items)
        if self.decks and all(isinstance(i, int) for i in items):
            top = [c for c in self.decks.pop(0) if c in items]
            return top + [c for c in items if c not in top]
        return items
