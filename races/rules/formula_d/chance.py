"""Dice (FD-C-3, FD-C-4) and the two random sources of FD-E-11 and FD-E-13."""

from __future__ import annotations

import random

GEAR_FACES: dict[int, tuple[int, ...]] = {
    1: (1, 1, 2, 2),
    2: (2, 3, 3, 4, 4, 4),
    3: (4, 5, 6, 6, 7, 7, 8, 8),
    4: (7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12),
    5: tuple(range(11, 21)) * 2,
    6: tuple(range(21, 31)) * 3,
}
BLACK_FACES = tuple(range(1, 21))
FACES = {"black": BLACK_FACES, **{f"g{g}": faces for g, faces in GEAR_FACES.items()}}
# A maximum roll strains the engine (FD-B-11.1).
MAXIMUM = {5: 20, 6: 30}
GEAR_RANGE = {g: (min(f), max(f)) for g, f in GEAR_FACES.items()}
# Distinct results of each gear die with their probabilities, for the bots.
GEAR_ODDS = {
    g: tuple(sorted((v, faces.count(v) / len(faces)) for v in set(faces)))
    for g, faces in GEAR_FACES.items()
}


class DiceError(RuntimeError):
    """A scripted source met a roll its script does not allow (FD-E-13)."""


class SeededDice:
    """The race's one generator: a die roll is faces[rng.randrange(len(faces))] (FD-E-11)."""

    def __init__(self, seed: int | str):
        self.rng = random.Random(seed)

    def roll(self, die: str) -> int:
        faces = FACES[die]
        return faces[self.rng.randrange(len(faces))]

    def shuffle(self, items: list) -> list:
        """Fisher-Yates as FD-E-11 fixes it."""
        for i in range(len(items) - 1, 0, -1):
            j = self.rng.randrange(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def state(self):
        return self.rng.getstate()


class ScriptedDice:
    """Forced rolls for tests: (die, value) pairs consumed in order (FD-E-13)."""

    def __init__(self, script: list[tuple[str, int]] | list[str]):
        self.script = [_pair(item) for item in script]
        self.used = 0

    def roll(self, die: str) -> int:
        if self.used >= len(self.script):
            raise DiceError(f"the dice script is empty; the race wanted a {die} roll")
        want, value = self.script[self.used]
        if want != die:
            raise DiceError(f"the script has {want}:{value} next; the race rolled {die}")
        if value not in FACES[die]:
            raise DiceError(f"{value} is not a face of the {die} die")
        self.used += 1
        return value

    def shuffle(self, items: list) -> list:
        raise DiceError("the scripted source cannot shuffle")

    @property
    def remaining(self) -> int:
        return len(self.script) - self.used


def _pair(item) -> tuple[str, int]:
    if isinstance(item, str):
        die, _, value = item.partition(":")
        return die, int(value)
    return item[0], int(item[1])
