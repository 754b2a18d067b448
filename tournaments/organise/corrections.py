"""Correcting a table's result by hand (TOUR-CORR): stored and scored as
races' own hand entry does (one transaction, the league's history says
before and after), then the standings follow. A knockout table whose next
round has been drawn keeps its result: who went through already races."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from races.results.store import SeatResult, results_enter
from races.running.seats import seat_records
from tournaments.models import Round, Table, Tournament
from tournaments.organise.signup import locked

KNOCKOUT_PARTS = (Round.Part.HEATS, Round.Part.SEMI_FINAL, Round.Part.REPECHAGE)


def correction_refusal(table: Table) -> str | None:
    tournament = table.round.tournament
    if tournament.status == Tournament.Status.ARCHIVED:
        return _("An archived tournament keeps its results.")
    later = tournament.draws.filter(number__gt=table.round.number).exists()
    if table.round.part in KNOCKOUT_PARTS and later:
        return _("The next round is drawn from this table: its result stays.")
    return None


@transaction.atomic
def table_correct(*, table: Table, places: dict[str, int], actor) -> Table:
    """`places` gives each seat of the table (its car) a place 1..n."""
    tournament = locked(table.round.tournament)
    table = Table.objects.select_related("round__tournament", "session").get(pk=table.pk)
    refusal = correction_refusal(table)
    if refusal:
        raise ValidationError(refusal)
    seats = {s.id: s for s in seat_records(table.session.seats)}
    if set(places) != set(seats):
        raise ValidationError(_("Give every car at the table a place."))
    lines = [
        SeatResult(entry_id=seats[seat].entry_id, seat=seat, position=place, status="finished")
        for seat, place in places.items()
    ]
    results_enter(session=table.session, lines=lines, user=actor, how="hand")
    record(
        tournament.league,
        actor=actor,
        topic="result",
        season=tournament.season,
        summary=gettext_noop("Round %(round)s, table %(table)s of %(tournament)s corrected"),
        params={"round": table.round.number, "table": table.number, "tournament": tournament.name},
    )
    return table
