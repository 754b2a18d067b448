"""Live play: the decisions people owe, and how they want to hear of them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from races.models.sessions import Session


class Turn(models.Model):
    """A decision a person owes in a live session, with its deadline."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="turns")
    seat = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="turns"
    )
    step = models.PositiveIntegerField(help_text=_("How many actions the race had when it opened."))
    kind = models.CharField(max_length=40)
    prompt = models.CharField(max_length=200, blank=True)
    opened_at = models.DateTimeField()
    deadline = models.DateTimeField(db_index=True)
    notified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["deadline"]
        constraints = [models.UniqueConstraint(fields=["session", "seat"], name="turn_seat_unique")]

    def __str__(self) -> str:
        return f"{self.seat} to decide {self.kind} in {self.session}"


class TurnNotices(models.Model):
    """How a person wants to be told that a live race waits for them: the
    notice on every page always, an e-mail when they choose it."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="turn_notices"
    )
    by_email = models.BooleanField(
        default=True,
        help_text=_("E-mail me when a live race has waited a few minutes for my decision."),
        verbose_name=_("by e-mail"),
    )

    def __str__(self) -> str:
        return f"turn notices for {self.user}"
