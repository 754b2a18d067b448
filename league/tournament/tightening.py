"""Tightening a draw after its repeats are untangled: trades between nearby
tables that add no repeat and bring each table's players closer together in
the ranking, so a Swiss table holds players of like score."""

from __future__ import annotations

from collections.abc import Mapping

NOBODY: frozenset[str] = frozenset()
# Trades are looked for between tables at most REACH boards apart, in at
# most PASSES passes over the draw.
REACH = 4
PASSES = 4


def clashes(key: str, group: list[str], leaving: str, met) -> int:
    """Earlier opponents of `key` at `group`, once `leaving` has left it."""
    before = met.get(key, NOBODY)
    return sum(1 for other in group if other != leaving and other != key and other in before)


def spread(total: float, squares: float, size: int) -> float:
    """The sum of squared distances from the table's mean ranking place."""
    return squares - total * total / size


def tighten(
    groups: list[list[str]], met: Mapping[str, frozenset[str]], rank: Mapping[str, int]
) -> list[list[str]]:
    """`groups` with trades made, in place and returned: a trade of a (table
    t) and b (table u, at most REACH boards on) is made when it adds no
    repeat and lowers the tables' summed spread of ranking places."""
    totals = [sum(rank[k] for k in g) for g in groups]
    squares = [sum(rank[k] ** 2 for k in g) for g in groups]
    for _ in range(PASSES):
        moved = False
        for t in range(len(groups)):
            for u in range(t + 1, min(len(groups), t + REACH + 1)):
                moved |= tighten_pair(t, u, groups, met, rank, totals, squares)
        if not moved:
            break
    return groups


def tighten_pair(t, u, groups, met, rank, totals, squares) -> bool:
    """Trades between tables t and u; whether any was made."""
    here, there = groups[t], groups[u]
    moved = False
    for i in range(len(here)):
        for j in range(len(there)):
            a, b = here[i], there[j]
            ra, rb = rank[a], rank[b]
            if ra == rb:
                continue
            now = spread(totals[t], squares[t], len(here)) + spread(
                totals[u], squares[u], len(there)
            )
            t_total, t_squares = totals[t] - ra + rb, squares[t] - ra * ra + rb * rb
            u_total, u_squares = totals[u] - rb + ra, squares[u] - rb * rb + ra * ra
            then = spread(t_total, t_squares, len(here)) + spread(u_total, u_squares, len(there))
            if then >= now - 1e-9:
                continue
            before = clashes(a, here, "", met) + clashes(b, there, "", met)
            after = clashes(a, there, b, met) + clashes(b, here, a, met)
            if after > before:
                continue
            here[i], there[j] = b, a
            totals[t], squares[t], totals[u], squares[u] = t_total, t_squares, u_total, u_squares
            moved = True
    return moved
