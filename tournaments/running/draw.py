"""Drawing a tournament's rounds (TOUR-DRAW): the first when it starts, each
next one when the last table of a round has finished (a worker after the
result is stored, or the scheduler's pass), by the pairing functions of
league/tournament. Under the tournament's row lock and the round's unique
number, two workers trying at once draw a round once."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.tournament import (
    FillPolicy,
    Pairing,
    Seats,
    advancing,
    cut,
    knockout_heats,
    knockout_plan,
    repechage_entrants,
    round_robin,
    swiss_round,
)
from league.tournament import Player as Drawn
from league.tournament import (
    Table as DrawnTable,
)
from races.models import Session
from races.running.handover import after_commit
from tournaments.models import Round, Table, Tournament
from tournaments.organise.create import seat_range
from tournaments.running.results import finishing_order, records
from tournaments.running.standings import ranked_keys, tournament_standings
from tournaments.running.tables import round_seat

F = Tournament.Format
ANNOUNCE_ROUND = "webhooks.tasks.announce_tournament_round"
ANNOUNCE_FINISHED = "webhooks.tasks.announce_tournament_finished"
DONE = (Session.Status.FINISHED, Session.Status.CANCELLED)


def seats_of(tournament: Tournament) -> Seats:
    """The game's seat range (its capabilities), the tournament's table size preferred."""
    low, _high = seat_range(tournament.game, tournament.rules)
    return Seats(min=min(low, tournament.table_size), max=tournament.table_size,
                 preferred=tournament.table_size)  # fmt: skip


def fill_of(tournament: Tournament) -> FillPolicy:
    return FillPolicy.BOTS if tournament.fill == Tournament.Fill.BOTS else FillPolicy.BYES


def _rng(tournament: Tournament, number: int) -> int:
    return int(tournament.seed or 0) * 1000 + number


def _swiss(tournament: Tournament, number: int) -> Pairing:
    field = [
        Drawn(
            key=r.key,
            score=float(r.points),
            rating=r.player.rating or 0.0,
            seed=r.player.seed or 0,
            opponents=r.opponents,
            byes=len(r.byes),
            dropped=r.player.dropped,
        )
        for r in records(tournament).values()
    ]
    return swiss_round(
        field,
        seats_of(tournament),
        fill=fill_of(tournament),
        bye_points=float(tournament.bye_points),
        rng_seed=_rng(tournament, number),
    )


def knockout_rounds(tournament: Tournament):
    """The knockout's plan: every round from the first heats to the final."""
    first = tournament.rounds if tournament.format == F.STAGES else 0
    entrants = tournament.cut if first else _entrants(tournament)
    plan = knockout_plan(
        max(entrants, 1), seats_of(tournament), tournament.advance,
        repechage=tournament.repechage,
    )  # fmt: skip
    return first, plan


def knockout_schedule(tournament: Tournament) -> tuple[int, list]:
    """The knockout's rounds as drawn: each round of heats (the last before
    the final: the semi-finals), followed by its repechage table when there
    is one, then the final; and the rounds played before it (stages)."""
    first, plan = knockout_rounds(tournament)
    steps = []
    for step in plan:
        if step.final:
            steps.append((Round.Part.FINAL, step))
            continue
        last = step.number == len(plan) - 1
        steps.append((Round.Part.SEMI_FINAL if last else Round.Part.HEATS, step))
        if step.repechage:
            steps.append((Round.Part.REPECHAGE, step))
    return first, steps


def _entrants(tournament: Tournament) -> int:
    return tournament.players.filter(waiting=False, dropped_after__isnull=True).count()


def _orders(tournament: Tournament, number: int) -> list[list[str]]:
    """Round `number`'s tables' finishing orders, table by table."""
    rnd = Round.objects.get(tournament=tournament, number=number)
    tables = rnd.tables.select_related("session").order_by("number")
    return [finishing_order(tournament, t) for t in tables]


def _knockout_field(tournament: Tournament, number: int, first: int) -> list[str]:
    """Who plays knockout round `number`: the seeds (or the Swiss's best),
    then whoever went through the round before (and its repechage). A player
    who dropped out gives their place to the next of their table."""
    if number == first + 1 and first:
        lines = [line.standing for line in tournament_standings(tournament)]
        return cut(lines, tournament.cut, dropped=_dropped(tournament))
    if number == first + 1:
        return ranked_keys(tournament)
    before = Round.objects.get(tournament=tournament, number=number - 1)
    if before.part != Round.Part.REPECHAGE:
        return advancing(_orders(tournament, number - 1), tournament.advance,
                         dropped=_dropped(tournament))  # fmt: skip
    (repechage,) = _orders(tournament, number - 1)
    return advancing(
        _orders(tournament, number - 2), tournament.advance, repechage_result=repechage,
        repechage=tournament.repechage, dropped=_dropped(tournament),
    )  # fmt: skip


def _dropped(tournament: Tournament) -> set[str]:
    gone = tournament.players.filter(dropped_after__isnull=False).values_list("pk", flat=True)
    return {str(pk) for pk in gone}


def _round_robin(tournament: Tournament) -> tuple[Pairing, ...]:
    """Every round of the round robin, from the field in seed order."""
    field = tournament.players.filter(waiting=False).exclude(dropped_after=0).order_by("seed", "pk")
    keys = [str(pk) for pk in field.values_list("pk", flat=True)]
    return round_robin(
        keys, seats_of(tournament), fill=fill_of(tournament),
        bye_points=float(tournament.bye_points),
    )  # fmt: skip


def _without_dropped(tournament: Tournament, pairing: Pairing) -> Pairing:
    """A scheduled round with the players who dropped out taken off their
    tables: bots take their seats, or the seats stay empty (byes)."""
    gone = _dropped(tournament)
    bots = tournament.fill == Tournament.Fill.BOTS
    tables = []
    for table in pairing.tables:
        kept = tuple(k for k in table.players if k not in gone)
        if kept:
            extra = len(table.players) - len(kept) if bots else 0
            tables.append(DrawnTable(players=kept, board=table.board, bots=table.bots + extra))
    byes = tuple(k for k in pairing.byes if k not in gone)
    return Pairing(tables=tuple(tables), byes=byes, bye_points=pairing.bye_points)


def _knockout(tournament: Tournament, number: int) -> tuple[str, Pairing]:
    first, steps = knockout_schedule(tournament)
    part, step = steps[number - first - 1]
    seats, fill = seats_of(tournament), fill_of(tournament)
    if part == Round.Part.REPECHAGE:
        field = repechage_entrants(_orders(tournament, number - 1), tournament.advance, seats,
                                   dropped=_dropped(tournament))  # fmt: skip
        return part, knockout_heats(field, seats, tables=1, fill=fill)
    field = _knockout_field(tournament, number, first)
    pairing = knockout_heats(
        field, seats, tables=min(step.tables, max(1, len(field))), advance=step.advance,
        repechage=step.repechage, fill=fill,
    )  # fmt: skip
    return part, pairing


def total_rounds(tournament: Tournament) -> int:
    if tournament.format == F.SWISS:
        return tournament.rounds
    if tournament.format == F.ROUND_ROBIN:
        return len(_round_robin(tournament))
    first, steps = knockout_schedule(tournament)
    return first + len(steps)


def next_pairing(tournament: Tournament, number: int) -> tuple[str, Pairing]:
    if tournament.format == F.SWISS or (
        tournament.format == F.STAGES and number <= tournament.rounds
    ):
        return Round.Part.SWISS, _swiss(tournament, number)
    if tournament.format == F.ROUND_ROBIN:
        scheduled = _round_robin(tournament)[number - 1]
        return Round.Part.ROUND_ROBIN, _without_dropped(tournament, scheduled)
    return _knockout(tournament, number)


def _when(tournament: Tournament, number: int, now: datetime) -> datetime:
    if tournament.starts_at is None:
        return now
    at = tournament.starts_at + timedelta(minutes=tournament.round_minutes * (number - 1))
    return max(at, now)


def round_finished(draw: Round) -> bool:
    return not draw.tables.exclude(session__status__in=DONE).exists()


def locked(tournament_id: int) -> Tournament:
    return (
        Tournament.objects.select_for_update(of=("self",))
        .select_related("league", "season")
        .get(pk=tournament_id)
    )


@transaction.atomic
def round_draw_next(*, tournament_id: int, now: datetime | None = None) -> Round | None:
    """Draw the next round if its time has come: none drawn yet, or the last
    drawn has every table finished. The last round finished finishes the
    tournament. Safe to call from any number of workers at once."""
    tournament = locked(tournament_id)
    if tournament.status != Tournament.Status.RUNNING:
        return None
    now = now or timezone.now()
    last = tournament.draws.order_by("-number").first()
    if last is not None:
        if not round_finished(last):
            return None
        if last.finished_at is None:
            last.finished_at = now
            last.save(update_fields=["finished_at"])
        if last.number >= total_rounds(tournament):
            return _finish(tournament)
    number = (last.number if last else 0) + 1
    part, pairing = next_pairing(tournament, number)
    if not pairing.tables and not pairing.byes:
        raise ValidationError(_("Nobody is left to draw."))
    draw = round_seat(
        tournament=tournament, number=number, part=part, pairing=pairing,
        when=_when(tournament, number, now),
    )  # fmt: skip
    record(
        tournament.league,
        actor=None,
        topic="round",
        season=tournament.season,
        summary=gettext_noop("Round %(round)s of %(tournament)s drawn: %(tables)s tables"),
        params={"round": number, "tournament": tournament.name, "tables": len(pairing.tables)},
    )
    after_commit(ANNOUNCE_ROUND, draw.pk)
    return draw


def _finish(tournament: Tournament) -> None:
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    record(
        tournament.league,
        actor=None,
        topic="life_cycle",
        season=tournament.season,
        summary=gettext_noop("Tournament %(tournament)s finished"),
        params={"tournament": tournament.name},
        before=gettext_noop("Running"),
        after=gettext_noop("Finished"),
    )
    after_commit(ANNOUNCE_FINISHED, tournament.pk)
    return None


def table_done(*, session_id: int) -> Round | None:
    """After a session's result is stored: if it is a tournament's table and
    the last of its round, draw the next round."""
    table = Table.objects.filter(session_id=session_id).select_related("round").first()
    if table is None:
        return None
    return round_draw_next(tournament_id=table.round.tournament_id)
