"""Seeded streams (GT-RNG-01..04): one `random.Random` per named stream,
used only through `random()`, so a scripted source can stand in for any of
them in a test."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable


def stream_seed(seed: int | str, name: str) -> int:
    """GT-RNG-01."""
    return int.from_bytes(hashlib.sha256(f"{seed}|{name}".encode()).digest()[:8], "big")


class Stream:
    """GT-RNG-03 primitives over a source of floats in [0, 1)."""

    def __init__(self, source: Callable[[], float]):
        self.random = source

    def randint(self, a: int, b: int) -> int:
        return a + int(self.random() * (b - a + 1))

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]

    def roll_2d6(self) -> tuple[int, int]:
        return self.randint(1, 6), self.randint(1, 6)


class Chance:
    """Every stream of one game, made on first use."""

    def __init__(self, seed: int | str):
        self.seed = seed
        self.streams: dict[str, Stream] = {}

    def stream(self, name: str) -> Stream:
        found = self.streams.get(name)
        if found is None:
            found = self.streams[name] = Stream(random.Random(stream_seed(self.seed, name)).random)
        return found


class ScriptedChance(Chance):
    """A test's source: named streams give the floats or dice they are told,
    then fall back to the seeded ones."""

    def __init__(
        self,
        seed: int | str,
        script: dict[str, list[float]] | None = None,
        dice: list[tuple[int, int]] | None = None,
    ):
        super().__init__(seed)
        self.script = {k: list(v) for k, v in (script or {}).items()}
        self.dice = list(dice or [])

    def stream(self, name: str) -> Stream:
        if name.startswith("dice:") and self.dice:
            return _DiceScript(self.dice, super().stream(name))
        if self.script.get(name):
            values, fallback = self.script[name], super().stream(name)
            return Stream(lambda: values.pop(0) if values else fallback.random())
        return super().stream(name)


class _DiceScript(Stream):
    def __init__(self, dice: list[tuple[int, int]], fallback: Stream):
        super().__init__(fallback.random)
        self.dice = dice

    def roll_2d6(self) -> tuple[int, int]:
        return tuple(self.dice.pop(0)) if self.dice else super().roll_2d6()


def digest(items: list) -> str:
    return hashlib.sha256(",".join(map(str, items)).encode()).hexdigest()[:16]
