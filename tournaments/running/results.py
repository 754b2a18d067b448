"""What the tournament's tables gave: each player's place at each finished
table, the points it scored (the tournament's points per place, TOUR-PTS),
the players met, and the byes. Plain rows the standings and the draws read."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from races.models import Result, Session
from tournaments.models import Bye, Player, Seat, Table, Tournament


@dataclass
class Game:
    """One player's table in one round."""

    round: int
    table: int
    place: int
    seats: int
    points: Decimal
    status: str
    opponents: tuple[str, ...] = ()


@dataclass
class Record:
    """A player's whole tournament so far."""

    player: Player
    games: list[Game] = field(default_factory=list)
    byes: list[tuple[int, Decimal]] = field(default_factory=list)

    @property
    def key(self) -> str:
        return str(self.player.pk)

    @property
    def points(self) -> Decimal:
        return sum((g.points for g in self.games), Decimal(0)) + sum(
            (p for _, p in self.byes), Decimal(0)
        )

    @property
    def opponents(self) -> frozenset[str]:
        return frozenset(o for g in self.games for o in g.opponents)


def table_orders(tables: list[Table]) -> dict[int, list[tuple[int, str]]]:
    """Each finished table's (place, status) per season entry, by place."""
    sessions = [t.session_id for t in tables if t.session.status == Session.Status.FINISHED]
    orders: dict[int, list] = defaultdict(list)
    for session_id, entry_id, position, status in (
        Result.objects.filter(session_id__in=sessions)
        .order_by("session_id", "position")
        .values_list("session_id", "entry_id", "position", "status")
    ):
        orders[session_id].append((entry_id, position, status))
    return orders


def records(tournament: Tournament) -> dict[str, Record]:
    """Every player's record, from the finished tables and the byes."""
    players = list(tournament.players.filter(waiting=False).select_related("driver"))
    found = {str(p.pk): Record(player=p) for p in players}
    tables = list(
        Table.objects.filter(round__tournament=tournament).select_related("session", "round")
    )
    orders = table_orders(tables)
    seated = defaultdict(list)
    for seat in Seat.objects.filter(table__in=tables, player__isnull=False):
        seated[seat.table_id].append(seat)
    for table in tables:
        order = orders.get(table.session_id)
        if not order:
            continue
        at_table = {s.entry_id: str(s.player_id) for s in seated[table.pk]}
        for entry_id, position, status in order:
            key = at_table.get(entry_id)
            if key is None or key not in found:
                continue
            found[key].games.append(
                Game(
                    round=table.round.number,
                    table=table.number,
                    place=position,
                    seats=len(order),
                    points=tournament.points_for(position),
                    status=status,
                    opponents=tuple(k for k in at_table.values() if k != key),
                )
            )
    for bye in Bye.objects.filter(round__tournament=tournament).select_related("round"):
        if str(bye.player_id) in found:
            found[str(bye.player_id)].byes.append((bye.round.number, bye.points))
    return found


def finishing_order(tournament: Tournament, table: Table) -> list[str]:
    """A finished table's players, winner first, bots left out."""
    order = table_orders([table]).get(table.session_id, [])
    at_table = {
        s.entry_id: str(s.player_id) for s in Seat.objects.filter(table=table, player__isnull=False)
    }
    return [at_table[e] for e, _, _ in order if e in at_table]
