"""The scheduler's pass over tournaments (Celery beat, every
DISPATCH_EVERY_SECONDS): a tournament open for sign-ups starts at its start
time, and a running one draws the round a lost message left undrawn."""

from __future__ import annotations

import logging
from datetime import datetime

from django.core.exceptions import ValidationError

from tournaments.models import Tournament
from tournaments.organise.stages import tournament_start
from tournaments.running.draw import round_draw_next

log = logging.getLogger(__name__)


def tournaments_draw_due(*, now: datetime) -> int:
    """Start what is due and draw what is due; returns how many rounds were drawn."""
    drawn = 0
    due = Tournament.objects.filter(status=Tournament.Status.OPEN, starts_at__lte=now)
    for tournament in due:
        try:
            tournament_start(tournament=tournament, actor=None)
            drawn += 1
        except ValidationError as error:  # said on the page; the organiser starts it by hand
            log.warning("tournament %s could not start: %s", tournament.pk, error.messages)
    running = Tournament.objects.filter(status=Tournament.Status.RUNNING)
    for pk in running.values_list("pk", flat=True):
        if round_draw_next(tournament_id=pk, now=now) is not None:
            drawn += 1
    return drawn
