"""Dropping out (TOUR-DROP): a player leaves a running tournament. Their
later rounds are drawn without them; the seat of a table of theirs that has
not started yet is taken by a bot, or left empty, as the tournament says.
Their results so far stay in the standings."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.models import Entry
from races.models import Session
from tournaments.models import Player, Seat, Tournament
from tournaments.organise.signup import locked, waiting_promote
from tournaments.running.tables import fillers, seat_records

NOT_STARTED = (Session.Status.SCHEDULED, Session.Status.QUEUED)


@transaction.atomic
def player_drop(*, tournament: Tournament, player: Player, actor) -> Player:
    tournament = locked(tournament)
    player = Player.objects.select_related("driver").get(pk=player.pk, tournament=tournament)
    if tournament.status != Tournament.Status.RUNNING:
        raise ValidationError(_("Only a running tournament has drop-outs; before it, leave."))
    if player.dropped:
        raise ValidationError(_("%(driver)s has already dropped out.") % {"driver": player})
    last = tournament.draws.order_by("-number").first()
    player.dropped_after = last.number if last else 0
    player.save(update_fields=["dropped_after"])
    seat = (
        Seat.objects.filter(player=player, table__session__status__in=NOT_STARTED)
        .select_related("table__session")
        .first()
    )
    if seat is not None:
        _seat_give_up(tournament, seat)
    record(
        tournament.league,
        actor=actor,
        topic="entry",
        season=tournament.season,
        summary=gettext_noop("%(driver)s dropped out of %(tournament)s after round %(round)s"),
        params={
            "driver": player.driver.name,
            "tournament": tournament.name,
            "round": player.dropped_after,
        },
    )
    if not tournament.draws.exists():
        waiting_promote(tournament)
    return player


def _seat_give_up(tournament: Tournament, seat: Seat) -> None:
    """A table that has not started loses the player: a bot takes the seat,
    or the seat goes (byes)."""
    session = Session.objects.select_for_update().get(pk=seat.table.session_id)
    if session.status not in NOT_STARTED:
        return  # it started meanwhile: the autopilot drives the car
    entries = list(
        Entry.objects.filter(pk__in=[s["entry_id"] for s in session.seats]).select_related("driver")
    )
    by_id = {e.pk: e for e in entries}
    order = [by_id[s["entry_id"]] for s in session.seats]
    if tournament.fill == Tournament.Fill.BOTS:
        bot = fillers(tournament, 1, busy=frozenset(_busy(seat)))[0]
        order = [bot if e.pk == seat.entry_id else e for e in order]
        Seat.objects.filter(pk=seat.pk).update(player=None, entry_id=bot.pk)
    else:
        order = [e for e in order if e.pk != seat.entry_id]
        seat.delete()
    session.seats = seat_records(order)
    session.save(update_fields=["seats"])


def _busy(seat: Seat) -> set[int]:
    """The entries seated anywhere in the seat's round."""
    return set(
        Seat.objects.filter(table__round=seat.table.round).values_list("entry_id", flat=True)
    )
