"""Seeding: the order of the field before the first round, by rating, by a
qualifying session, by hand or at random (seeded, and the seed recorded)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

METHODS = ("rating", "qualifying", "hand", "random")


@dataclass(frozen=True)
class Seeding:
    """The seeded order (seed 1 first), the method and, for a random draw,
    the seed it was drawn with (store it: the same seed, the same order)."""

    order: tuple[str, ...]
    method: str
    rng_seed: int | None = None

    def seeds(self) -> dict[str, int]:
        """Each key's seed, 1 for the top."""
        return {key: seed for seed, key in enumerate(self.order, start=1)}


def seed_order(
    players: Mapping[str, float],
    method: str,
    *,
    rng_seed: int | None = None,
    qualifying: Mapping[str, float] | None = None,
    hand: Sequence[str] | None = None,
) -> Seeding:
    """Seed the field `players` (each key with its rating, higher stronger).

    rating: highest rating first, ties by key.
    qualifying: `qualifying` maps a key to its qualifying figure (a time or
    a place: lower is better); those without one follow, by rating.
    hand: `hand` lists every key once, in seed order.
    random: the keys (sorted) shuffled by `random.Random(rng_seed)`; with no
    seed given one is drawn and returned in the Seeding, so the draw can be
    made again."""
    keys = sorted(players)
    by_rating = sorted(keys, key=lambda k: (-players[k], k))
    if method == "rating":
        return Seeding(tuple(by_rating), method)
    if method == "qualifying":
        times = qualifying or {}
        timed = sorted((k for k in by_rating if k in times), key=lambda k: times[k])
        return Seeding(tuple(timed + [k for k in by_rating if k not in times]), method)
    if method == "hand":
        order = tuple(hand or ())
        if sorted(order) != keys:
            raise ValueError("a hand seeding lists every player exactly once")
        return Seeding(order, method)
    if method == "random":
        seed = secrets.randbits(32) if rng_seed is None else rng_seed
        shuffled = list(keys)
        random.Random(seed).shuffle(shuffled)
        return Seeding(tuple(shuffled), method, seed)
    raise ValueError(f"seeding is one of {', '.join(METHODS)}, not {method!r}")
