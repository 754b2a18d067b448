"""One car's result in a session."""

from __future__ import annotations

from django.db import models
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.fields import ValuesJSONField
from league.models import Entry
from races.models.sessions import Session
from races.rules.face.capabilities import STATUS_WORDS


class Result(models.Model):
    """One car's result in a session: its place and status as run (by the
    engine or as entered by hand), and, after stewarding, the place, status
    and points that count (races/results/standings.py writes those)."""

    class Status(models.TextChoices):
        FINISHED = "finished", _("Finished")
        NOT_CLASSIFIED = "not_classified", _("Not classified")
        ELIMINATED = "eliminated", _("Retired")
        DISQUALIFIED = "disqualified", _("Disqualified")
        DID_NOT_START = "did_not_start", _("Did not start")
        DID_NOT_QUALIFY = "did_not_qualify", _("Did not qualify")

    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="results", verbose_name=_("session")
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="results", verbose_name=_("entry")
    )
    seat = models.CharField(max_length=40, help_text=_("The seat id in the engine's log."))
    position = models.PositiveSmallIntegerField(verbose_name=_("position"))
    status = models.CharField(max_length=16, choices=Status.choices, verbose_name=_("status"))
    laps = models.PositiveSmallIntegerField(default=0, verbose_name=_("laps"))
    distance = models.IntegerField(default=0, verbose_name=_("distance"))
    figures = ValuesJSONField(default=dict, blank=True)
    points = models.DecimalField(
        max_digits=10, decimal_places=2, default=0, verbose_name=_("points")
    )
    final_position = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("The place after stewarding (empty: as run)."),
        verbose_name=_("final position"),
    )
    final_status = models.CharField(
        max_length=16,
        choices=Status.choices,
        blank=True,
        help_text=_("After stewarding."),
        verbose_name=_("final status"),
    )

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "entry"], name="result_entry_unique"),
            models.UniqueConstraint(fields=["session", "position"], name="result_position_unique"),
        ]

    def __str__(self) -> str:
        return f"P{self.position} {self.entry}"

    @property
    def place(self) -> int:
        """The place that counts: after stewarding."""
        return self.final_position or self.position

    @property
    def standing_status(self) -> str:
        return self.final_status or self.status

    def get_standing_status_display(self) -> str:
        status = self.standing_status
        if status in self.Status.values:
            return self.Status(status).label
        # A game's own status (RoboRally's robots that did not reach every
        # flag), in the game's words, never the engine's key.
        return capfirst(gettext(STATUS_WORDS[status])) if status in STATUS_WORDS else status
