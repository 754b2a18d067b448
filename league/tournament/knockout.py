"""Knockout with heats: each round cuts the field into tables, the top K of
each table go through (with, optionally, a repechage table for the best of
the rest, whose top R go through too) until the field fits one final table.

Table results are passed as finishing orders: each table's entrants' keys,
winner first, bots left out (a bot never goes through)."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .field import FillPolicy, Pairing, Seats, Table
from .seating import even_split


@dataclass(frozen=True)
class KnockoutRound:
    """One round of a knockout plan.

    entrants: players in the round. tables: heats (1 for the final).
    advance: players going through from each table. repechage: players going
    through from the repechage table (0: no repechage table). advancing:
    players in the next round, always `tables * advance + repechage` (0 for
    the final). final: the last round, one table, whose order is the
    event's."""

    number: int
    entrants: int
    tables: int
    advance: int
    repechage: int
    advancing: int
    final: bool


def heat_count(entrants: int, seats: Seats, advance: int, repechage: int) -> int:
    """Heats for a round of `entrants`: nearest the preferred table size, yet
    every table within the most seats and larger than `advance` (a table must
    knock someone out), and the round must shrink the field."""
    fewest = math.ceil(entrants / seats.max)
    most = entrants // (advance + 1)
    if fewest > most:
        raise ValueError(
            f"{entrants} players cannot be cut into heats of at most {seats.max} "
            f"where more than {advance} sit at each"
        )
    tables = min(max(round(entrants / seats.preferred), fewest), most)
    if tables * advance + repechage >= entrants:
        raise ValueError(f"a round of {entrants} players would not shrink the field")
    return tables


def knockout_plan(
    entrants: int, seats: Seats, advance: int, *, repechage: int = 0
) -> tuple[KnockoutRound, ...]:
    """Every round of a knockout of `entrants` players, down to the final.

    While the field is larger than one table's most seats, a round of heats
    (`heat_count`) sends the top `advance` of each table and the top
    `repechage` of the repechage table through; then one final table.
    Invariant: each round's `advancing` equals `tables * advance +
    repechage` and the next round's `entrants`."""
    if entrants < 1 or advance < 1 or repechage < 0:
        raise ValueError("a knockout needs a player, and at least one through from each table")
    rounds, number = [], 1
    while entrants > seats.max:
        tables = heat_count(entrants, seats, advance, repechage)
        through = tables * advance + repechage
        rounds.append(KnockoutRound(number, entrants, tables, advance, repechage, through, False))
        entrants, number = through, number + 1
    rounds.append(KnockoutRound(number, entrants, 1, 0, 0, 0, True))
    return tuple(rounds)


def knockout_heats(
    players_ranked: Sequence[str],
    seats: Seats,
    *,
    tables: int,
    advance: int = 0,
    repechage: int = 0,
    fill: FillPolicy = FillPolicy.BOTS,
) -> Pairing:
    """The heats of a round: `players_ranked` (best first) dealt over `tables`
    heats in a snake (1, 2, .., T, T, .., 2, 1, 1, 2, ..) so each table gets
    an even share of the strong and the weak; board 1 holds the top seed.
    With FillPolicy.BOTS a table short of the preferred size is topped up
    with bots (a table of fewer than the least seats is always topped up to
    them). `advance` and `repechage` are only checked here: each table must
    hold more than `advance` players, and more players must be knocked out
    than `repechage` sends on (the repechage table itself is drawn once the
    heats are over, by `repechage_entrants`)."""
    count = len(players_ranked)
    if len(set(players_ranked)) != count or tables < 1 or count < tables:
        raise ValueError("heats need distinct players and at least one per table")
    sizes = even_split(count, tables)
    if max(sizes) > seats.max or (tables > 1 and min(sizes) <= advance):
        raise ValueError(f"{count} players do not fit {tables} heats of this game")
    if repechage and count - tables * advance <= repechage:
        raise ValueError(f"too few players are knocked out to send {repechage} on from a repechage")
    groups: list[list[str]] = [[] for _ in range(tables)]
    for i, key in enumerate(players_ranked):
        lap, step = divmod(i, tables)
        groups[step if lap % 2 == 0 else tables - 1 - step].append(key)
    made = []
    for board, group in enumerate(groups, start=1):
        target = seats.preferred if fill is FillPolicy.BOTS else seats.min
        made.append(Table(tuple(group), board, max(0, target - len(group))))
    return Pairing(tables=tuple(made))


def advancing(
    table_results: Sequence[Sequence[str]],
    advance: int,
    *,
    repechage_result: Sequence[str] = (),
    repechage: int = 0,
    dropped: Collection[str] = (),
) -> list[str]:
    """Who goes through: the top `advance` of each table, then the top
    `repechage` of the repechage table. Ordered for the next round's seeding:
    every table winner (board order), then every second, and so on, then the
    repechage qualifiers in their order. A player in `dropped` (left the
    event) never goes through: the next in their table's order takes the
    place, so the count stays the configuration's while a table has enough
    players left."""
    gone = set(dropped)
    orders = [[key for key in order if key not in gone] for order in table_results]
    through = []
    for place in range(advance):
        through += [order[place] for order in orders if place < len(order)]
    through += [key for key in repechage_result if key not in gone][:repechage]
    if len(set(through)) != len(through):
        raise ValueError("a player goes through twice")
    return through


def repechage_entrants(
    table_results: Sequence[Sequence[str]],
    advance: int,
    seats: Seats,
    *,
    dropped: Collection[str] = (),
) -> list[str]:
    """The repechage table: the best of those knocked out, every table's first
    player out (board order), then every table's second out, and so on, up to
    the game's most seats (players in `dropped` left out)."""
    gone = set(dropped)
    orders = [[key for key in order if key not in gone] for order in table_results]
    rest = []
    depth = max((len(order) for order in orders), default=0)
    for place in range(advance, depth):
        rest += [order[place] for order in orders if place < len(order)]
    return rest[: seats.max]
