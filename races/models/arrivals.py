"""Real-time rounds: the drivers at a table before it starts (issue 25,
item 3). A driver with an entry sits down at the table of a real-time
session; the session starts with whoever is there, and a driver who is not
is a no-show (league/season_settings/race_night.py says what their car
does). A no-show arriving after the start is recorded too, as `late`."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Entry
from races.models.sessions import Session


class Arrival(models.Model):
    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="arrivals", verbose_name=_("session")
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="arrivals", verbose_name=_("entry")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="arrivals",
        verbose_name=_("person"),
    )
    arrived_at = models.DateTimeField(verbose_name=_("arrived"))
    late = models.BooleanField(
        default=False,
        help_text=_("Arrived after the start and took the car back from the autopilot."),
        verbose_name=_("late"),
    )

    class Meta:
        ordering = ["arrived_at"]
        constraints = [
            models.UniqueConstraint(fields=["session", "entry"], name="arrival_entry_unique")
        ]

    def __str__(self) -> str:
        return f"{self.entry} at {self.session}"
