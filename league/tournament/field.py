"""The plain data of a draw: who is in the field, the game's seat range, the
tables of a round and who sits it out. Frozen dataclasses, no Django."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class FillPolicy(enum.Enum):
    """What happens to seats a round cannot fill with players.

    BOTS: every table is filled with bots up to the game's preferred size
    (players spread as evenly as possible over the fewest tables of that
    size), so nobody sits out. BYES: tables hold players only, between the
    game's least and most seats; whoever cannot be seated has a bye."""

    BOTS = "bots"
    BYES = "byes"


@dataclass(frozen=True)
class Seats:
    """The game's seat range: `min` <= `preferred` <= `max` seats a table."""

    min: int
    max: int
    preferred: int

    def __post_init__(self) -> None:
        if not 1 <= self.min <= self.preferred <= self.max:
            raise ValueError(
                f"seats must satisfy 1 <= min <= preferred <= max, "
                f"got min={self.min} preferred={self.preferred} max={self.max}"
            )


@dataclass(frozen=True)
class Player:
    """One entrant as the draw sees them.

    key: the caller's own unique name for the entrant (a string).
    score: tournament points so far. rating: a strength figure (higher is
    stronger), used after the score to order the field. seed: the entrant's
    seed (1 is the top seed), the last tie-break. opponents: keys of every
    player met at a table so far. byes: byes had so far. dropped: left the
    event; a dropped player is never drawn and has no bye."""

    key: str
    score: float = 0.0
    rating: float = 0.0
    seed: int = 0
    opponents: frozenset[str] = field(default_factory=frozenset)
    byes: int = 0
    dropped: bool = False


@dataclass(frozen=True)
class Table:
    """One table of a round: its players (best ranked first) and its board
    number (1 is the top table). `bots` seats are filled by bots."""

    players: tuple[str, ...]
    board: int
    bots: int = 0

    @property
    def seats(self) -> int:
        return len(self.players) + self.bots


@dataclass(frozen=True)
class Pairing:
    """A drawn round: its tables in board order and the players with a bye,
    each of whom scores `bye_points` for the round."""

    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()
    bye_points: float = 0.0

    def seated(self) -> tuple[str, ...]:
        """Every player at a table, board 1 first."""
        return tuple(key for table in self.tables for key in table.players)

    def repeats(self, met: dict[str, frozenset[str]]) -> int:
        """How many pairs at the same table had met before (per `met`)."""
        count = 0
        for table in self.tables:
            for i, key in enumerate(table.players):
                before = met.get(key, frozenset())
                count += sum(1 for other in table.players[i + 1 :] if other in before)
        return count


def tables_from(groups, sizes_with_bots) -> tuple[Table, ...]:
    """Tables numbered from board 1, from groups of keys and their bot seats."""
    return tuple(
        Table(players=tuple(group), board=board, bots=bots)
        for board, (group, bots) in enumerate(zip(groups, sizes_with_bots, strict=True), start=1)
    )
