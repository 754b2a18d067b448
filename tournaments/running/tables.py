"""A drawn round made real: one race session per table, in a round of the
tournament's season, its seats drawn before it runs (`SeatRecord.drawn`),
bots filling the empty seats as the tournament says; byes stored."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Entry
from league.tournament import Pairing
from races.models import Round as RaceRound
from races.models import Session
from races.rounds.edits import round_create
from races.running.queue import session_run_later
from races.running.seating import bots_enter, seat_id
from races.running.seats import SeatRecord, seats_stored
from tournaments.models import Bye, Round, Seat, Table, Tournament


def fillers(tournament: Tournament, wanted: int, busy: frozenset[int] = frozenset()) -> list[Entry]:
    """`wanted` bot entries of the season that are not players (nor `busy`):
    the same filling bots each round, more made when a round needs more."""
    pool = list(
        Entry.objects.filter(season=tournament.season, tournament_player__isnull=True)
        .exclude(pk__in=busy)
        .select_related("driver")
        .order_by("car_number")[:wanted]
    )
    if len(pool) < wanted:
        pool += bots_enter(season=tournament.season, count=wanted - len(pool))
    return pool


def seat_records(entries: list[Entry]) -> list[dict]:
    """The drawn seats of a table's session (the runner races these alone)."""
    return seats_stored(
        SeatRecord(
            id=seat_id(entry),
            name=entry.driver.name,
            kind="bot",
            bot=entry.autopilot,
            entry_id=entry.pk,
            car_number=entry.car_number,
            user_id=entry.driver.user_id,
            drawn=True,
        )
        for entry in entries
    )


def _race_round(tournament: Tournament, draw: Round, number: int, when: datetime) -> Session:
    last = RaceRound.objects.filter(season=tournament.season).order_by("-number").first()
    rnd = round_create(
        season=tournament.season,
        number=(last.number if last else 0) + 1,
        name=_("Round %(round)s, table %(table)s") % {"round": draw.number, "table": number},
        track=tournament.track,
        laps=tournament.laps,
        scheduled_at=when,
        grid_rule=RaceRound.GridRule.RANDOM,
    )
    return rnd.sessions.get(kind=Session.Kind.RACE)


def round_seat(
    *, tournament: Tournament, number: int, part: str, pairing: Pairing, when: datetime
) -> Round:
    """Store the drawn round: its tables as sessions (queued at once when
    their time has come, else left to the scheduler), its byes scored. The
    caller holds the tournament's lock; the round's unique number makes a
    second draw of it fail rather than seat anyone twice."""
    draw = Round.objects.create(tournament=tournament, number=number, part=part, scheduled_at=when)
    players = {str(p.pk): p for p in tournament.players.select_related("entry__driver")}
    spare = iter(fillers(tournament, sum(t.bots for t in pairing.tables)))
    now = timezone.now()
    for table in pairing.tables:
        entries = [players[key].entry for key in table.players]
        entries += [next(spare) for _ in range(table.bots)]
        session = _race_round(tournament, draw, table.board, when)
        session.seats = seat_records(entries)
        session.live = tournament.live_play
        fields = ["seats", "live"]
        if when <= now:
            session.status, session.queued_at = Session.Status.QUEUED, now
            fields += ["status", "queued_at"]
        session.save(update_fields=fields)
        if when <= now:
            session_run_later(session.pk)
        made = Table.objects.create(round=draw, number=table.board, session=session)
        Seat.objects.bulk_create(
            Seat(
                table=made,
                player=players[key] if key in players and players[key].entry == e else None,
                entry_id=e.pk,
                order=i,
            )
            for i, (key, e) in enumerate(
                zip(list(table.players) + [""] * table.bots, entries, strict=True)
            )
        )
    Bye.objects.bulk_create(
        Bye(round=draw, player=players[key], points=pairing.bye_points) for key in pairing.byes
    )
    return draw
