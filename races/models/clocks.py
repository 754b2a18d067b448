"""Game clocks (issue 25): each person's clock at a live table, the
organiser's pause, and the table's own lines in the race log (a decision
made by default, the autopilot taking a car, a pause)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from races.models.sessions import Session


class SeatClock(models.Model):
    """A seat's time, kept by the server as Board Game Arena's game clock:
    `left_ms` is what the clock held at `since` when it runs (None: it is
    stopped); every decision made adds `increment_ms`, up to `max_ms`."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="clocks")
    seat = models.CharField(max_length=40)
    left_ms = models.BigIntegerField()
    since = models.DateTimeField(null=True, blank=True)
    increment_ms = models.BigIntegerField(default=0)
    max_ms = models.BigIntegerField(null=True, blank=True)
    timeouts = models.PositiveSmallIntegerField(
        default=0, help_text=_("How often the clock ran out in this race.")
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="seat_clock_unique")
        ]

    def __str__(self) -> str:
        return f"clock of {self.seat} in {self.session}"


class TablePause(models.Model):
    """A live table the organiser paused: every clock stopped until resumed."""

    session = models.OneToOneField(Session, on_delete=models.CASCADE, related_name="pause")
    paused_at = models.DateTimeField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )

    def __str__(self) -> str:
        return f"{self.session} paused"


class TableNote(models.Model):
    """A line of the race log that is the table's, not the engine's, after
    the first `events` events of the race."""

    class Kind(models.TextChoices):
        DEFAULTED = "defaulted"
        AUTOPILOT = "autopilot"
        TAKEN_BACK = "taken_back"
        PAUSED = "paused"
        RESUMED = "resumed"
        TIMER_TURNED = "timer_turned"

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="notes")
    at = models.DateTimeField()
    events = models.PositiveIntegerField()
    kind = models.CharField(max_length=20, choices=Kind.choices)
    seat = models.CharField(max_length=40, blank=True)
    # A game's sand timer turned (TIMER_TURNED): which run, and its seconds;
    # `at` is when its sand began to run (races/clocks/sand_timers.py).
    timer = models.CharField(max_length=40, blank=True, default="")
    seconds = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.kind} {self.seat} in {self.session}"
