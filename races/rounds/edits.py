"""Creating and changing a round, and keeping its sessions in step with it."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Season
from races.models import Round, Session
from races.rounds.checks import round_rules_check


@transaction.atomic
def round_create(
    *,
    season: Season,
    number: int,
    name: str,
    track: str,
    laps: int | None = None,
    options: dict | None = None,
    scheduled_at: datetime | None = None,
    qualifying_format: str = Round.QualifyingFormat.NONE,
    grid_rule: str = Round.GridRule.ENTRY,
    points_multiplier: Decimal | int = 1,
) -> Round:
    """A round with its sessions: a qualifying session when the format runs
    one (a timed lap), then the race."""
    rnd = Round(
        season=season,
        number=number,
        name=name,
        track=track,
        laps=laps,
        options=options or {},
        scheduled_at=scheduled_at,
        qualifying_format=qualifying_format,
        grid_rule=grid_rule,
        points_multiplier=points_multiplier,
    )
    rnd.full_clean()
    rnd.save()
    sessions_sync(rnd=rnd)
    round_rules_check(rnd=rnd)
    return rnd


UNRUN = (Session.Status.SCHEDULED, Session.Status.CANCELLED)


@transaction.atomic
def round_update(
    *,
    rnd: Round,
    name: str,
    track: str,
    laps: int | None = None,
    options: dict | None = None,
    scheduled_at: datetime | None = None,
    qualifying_format: str = Round.QualifyingFormat.NONE,
    grid_rule: str = Round.GridRule.ENTRY,
    points_multiplier: Decimal | int = 1,
) -> Round:
    """Change a round before any of its sessions has run; its sessions follow
    the new format and schedule."""
    rnd = Round.objects.select_for_update().get(pk=rnd.pk)
    if rnd.sessions.exclude(status__in=UNRUN).exists():
        raise ValidationError(_("A round can only be changed before its sessions have run."))
    rnd.name = name
    rnd.track = track
    rnd.laps = laps
    rnd.options = options or {}
    rnd.scheduled_at = scheduled_at
    rnd.qualifying_format = qualifying_format
    rnd.grid_rule = grid_rule
    rnd.points_multiplier = points_multiplier
    rnd.full_clean()
    rnd.save()
    sessions_sync(rnd=rnd)
    round_rules_check(rnd=rnd)
    return rnd


def sessions_sync(*, rnd: Round) -> None:
    """Make the round's sessions match its format and schedule."""
    wants_qualifying = rnd.qualifying_format == Round.QualifyingFormat.TIMED_LAP
    kinds = (
        [Session.Kind.QUALIFYING, Session.Kind.RACE] if wants_qualifying else [Session.Kind.RACE]
    )
    for kind in kinds:
        session, created = Session.objects.get_or_create(
            round=rnd,
            kind=kind,
            defaults={"scheduled_at": rnd.scheduled_at, "live": rnd.season.live_play},
        )
        if not created and session.status == Session.Status.SCHEDULED:
            session.scheduled_at = rnd.scheduled_at
            session.save(update_fields=["scheduled_at"])
    if not wants_qualifying:
        Session.objects.filter(
            round=rnd, kind=Session.Kind.QUALIFYING, status=Session.Status.SCHEDULED
        ).delete()
