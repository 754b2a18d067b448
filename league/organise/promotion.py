"""Promotion and relegation between adjacent divisions (issue 26, item 2),
as a plain function: when a season with divisions is copied, the top N of
each division but the first go up one and the bottom N of each but the last
go down one, so every division keeps its size."""

from __future__ import annotations

from collections.abc import Hashable, Sequence


class PromotionError(ValueError):
    """N is more than a division can give up (its index and size in `args`)."""


def promotion_moves(tables: Sequence[Sequence[Hashable]], n: int) -> dict[Hashable, int]:
    """Each car's division (0 = the top) in the next season, from each
    division's cars in table order, top division first."""
    if n < 0:
        raise PromotionError(-1, 0)
    last = len(tables) - 1
    for index, table in enumerate(tables):
        leaving = n * ((index > 0) + (index < last))
        if leaving > len(table):
            raise PromotionError(index, len(table))
    moved: dict[Hashable, int] = {}
    for index, table in enumerate(tables):
        for place, car in enumerate(table):
            if index > 0 and place < n:
                moved[car] = index - 1
            elif index < last and place >= len(table) - n:
                moved[car] = index + 1
            else:
                moved[car] = index
    return moved
