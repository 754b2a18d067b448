"""How many tables a round has and how many players sit at each: the one
rule every format (Swiss, heats, round robin) uses to size its tables."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .field import FillPolicy, Seats


@dataclass(frozen=True)
class Layout:
    """The shape of a round: players at each table (largest first, board 1
    first), bot seats at each table, and how many players sit out."""

    players: tuple[int, ...]
    bots: tuple[int, ...]
    byes: int


def even_split(count: int, tables: int) -> tuple[int, ...]:
    """`count` players over `tables` tables, sizes differing by at most one,
    the larger tables first."""
    if tables == 0:
        return ()
    base, extra = divmod(count, tables)
    return tuple(base + 1 if i < extra else base for i in range(tables))


def table_count(count: int, seats: Seats) -> int | None:
    """The number of tables that seats exactly `count` players, each table
    between `seats.min` and `seats.max`, with sizes nearest the preferred one
    (ties: fewer tables); None when no number of tables can."""
    low, high = math.ceil(count / seats.max), count // seats.min
    if count == 0 or low > high:
        return None

    def spread(tables: int) -> tuple[float, int]:
        sizes = even_split(count, tables)
        return (max(abs(size - seats.preferred) for size in sizes), tables)

    return min(range(low, high + 1), key=spread)


def layout(count: int, seats: Seats, fill: FillPolicy) -> Layout:
    """The layout of a round of `count` players.

    BOTS: the fewest tables of the preferred size that hold everyone,
    players spread evenly (sizes differ by at most one), each table topped
    up with bots to the preferred size; no byes.
    BYES: the fewest byes with which the others fill tables within the seat
    range exactly; among the numbers of tables that do, the one whose sizes
    stay nearest the preferred size."""
    if count < 0:
        raise ValueError("a round cannot have fewer than no players")
    if count == 0:
        return Layout((), (), 0)
    if fill is FillPolicy.BOTS:
        sizes = even_split(count, math.ceil(count / seats.preferred))
        return Layout(sizes, tuple(seats.preferred - size for size in sizes), 0)
    for byes in range(count + 1):
        tables = table_count(count - byes, seats)
        if tables is not None:
            sizes = even_split(count - byes, tables)
            return Layout(sizes, tuple(0 for _ in sizes), byes)
    return Layout((), (), count)
