"""A tournament's standings with their tie-breaks (README, "Tournaments"):
the finished tables and byes as plain results, ranked by the standings
function of league/tournament (score, Median-Buchholz, Buchholz,
head-to-head, seed)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

from league.tournament import RoundResult, Standing, TableResult, standings
from tournaments.models import Player, Tournament
from tournaments.running.results import Record, records


@dataclass(frozen=True)
class Line:
    """One line of the standings as the pages show it."""

    standing: Standing
    player: Player
    record: Record
    place: int = 0


def round_results(found: dict[str, Record]) -> list[RoundResult]:
    """Each round's tables (places by player, bots left out) and byes."""
    tables: dict[int, dict[int, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
    byes: dict[int, list[str]] = defaultdict(list)
    for key, rec in found.items():
        for game in rec.games:
            tables[game.round][game.table][key] = game.place
        for number, _points in rec.byes:
            byes[number].append(key)
    numbers = sorted(set(tables) | set(byes))
    return [
        RoundResult(
            tables=tuple(TableResult(places=dict(t)) for _, t in sorted(tables[n].items())),
            byes=tuple(sorted(byes[n])),
        )
        for n in numbers
    ]


def tournament_standings(tournament: Tournament) -> list[Line]:
    found = records(tournament)
    lines = standings(
        round_results(found),
        [float(p) for p in tournament.points],
        float(tournament.bye_points),
        seeds={key: rec.player.seed or 0 for key, rec in found.items()},
    )
    made = [Line(standing=s, player=found[s.key].player, record=found[s.key]) for s in lines]
    if tournament.format in (Tournament.Format.KNOCKOUT, Tournament.Format.STAGES):
        made.sort(key=lambda line: _went_out(tournament, line))
    return [replace(line, place=n) for n, line in enumerate(made, start=1)]


def _went_out(tournament: Tournament, line: Line) -> tuple:
    """A knockout ranks by how far each player went (TOUR-KO-RANK): the
    later the last knockout round played the better, then the place taken
    there; the standings' own order settles the rest (and the first stage)."""
    first = tournament.rounds if tournament.format == Tournament.Format.STAGES else 0
    knockout = [g for g in line.record.games if g.round > first]
    if not knockout:
        return (0, 0, line.standing.place)
    last = max(knockout, key=lambda g: g.round)
    return (-last.round, last.place, line.standing.place)


def ranked_keys(tournament: Tournament) -> list[str]:
    """The field best first: by the standings once a round has been played,
    by seed before (players not dropped out)."""
    lines = tournament_standings(tournament)
    return [line.standing.key for line in lines if not line.player.dropped]
