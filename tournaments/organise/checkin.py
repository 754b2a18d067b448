"""Checking in before the start (TOUR-CHECK): a player confirms they will
play once the check-in window opens; at the start, those who did not are
left out of the draw (they drop out before round 1)."""

from __future__ import annotations

from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from tournaments.models import Player, Tournament
from tournaments.organise.signup import TAKES_SIGN_UPS, locked


def check_in_opens(tournament: Tournament):
    if not tournament.check_in_minutes or tournament.starts_at is None:
        return None
    return tournament.starts_at - timedelta(minutes=tournament.check_in_minutes)


def check_in_open(tournament: Tournament, now=None) -> bool:
    opens = check_in_opens(tournament)
    now = now or timezone.now()
    return (
        opens is not None
        and tournament.status in TAKES_SIGN_UPS
        and opens <= now < tournament.starts_at
    )


@transaction.atomic
def player_check_in(*, tournament: Tournament, user, now=None) -> Player:
    tournament = locked(tournament)
    if not check_in_open(tournament, now):
        raise ValidationError(_("Check-in is not open now."))
    player = tournament.players.filter(driver__user=user, waiting=False).first()
    if player is None:
        raise ValidationError(_("You hold no place in this tournament."))
    if player.checked_in_at is None:
        player.checked_in_at = now or timezone.now()
        player.save(update_fields=["checked_in_at"])
        record(
            tournament.league,
            actor=user,
            topic="entry",
            season=tournament.season,
            summary=gettext_noop("%(driver)s checked in"),
            params={"driver": player.driver.name},
        )
    return player


def missing_check_in(tournament: Tournament) -> list[Player]:
    """People with a place who did not check in (bots never need to)."""
    if not tournament.check_in_minutes:
        return []
    return list(
        tournament.players.filter(
            waiting=False,
            dropped_after__isnull=True,
            checked_in_at__isnull=True,
            driver__is_bot=False,
        )
    )
