"""Stewarding: drivers' incident reports and the stewards' penalties."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from league.models import Entry, Team
from races.models.rounds import Round
from races.models.sessions import Session


class Protest(models.Model):
    """A driver's incident report on a session, decided by the stewards."""

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for the stewards")
        UPHELD = "upheld", _("Upheld")
        DISMISSED = "dismissed", _("Dismissed")

    session = models.ForeignKey(
        "Session", on_delete=models.CASCADE, related_name="protests", verbose_name=_("session")
    )
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="protests_filed",
        verbose_name=_("filed by"),
    )
    against = models.ForeignKey(
        Entry,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="protests_against",
        help_text=_("The car the report is about."),
        verbose_name=_("against"),
    )
    step = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text=_("The replay step the incident happens at."),
        verbose_name=_("replay step"),
    )
    description = models.TextField(
        validators=[MaxLengthValidator(2000)], verbose_name=_("description")
    )
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.OPEN, verbose_name=_("status")
    )
    decision = models.TextField(
        blank=True, validators=[MaxLengthValidator(2000)], verbose_name=_("decision")
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="protests_decided",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(null=True, blank=True, verbose_name=_("decided"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("filed"))

    class Meta:
        ordering = ["session", "created_at"]

    def __str__(self) -> str:
        return f"Protest by {self.filed_by} on {self.session}"


# The session a penalty's places or disqualification apply in: the round's
# qualifying, its race, or its sprint (a race weekend, issue 26).
PENALTY_SESSIONS = [*Session.Kind.choices, (Session.Leg.SPRINT.value, Session.Leg.SPRINT.label)]


class Penalty(models.Model):
    """A steward's penalty in a round: points off a driver or off a team
    alone, places lost in a session, or a disqualification; with a reason."""

    class Kind(models.TextChoices):
        POINTS = "points", _("Championship points")
        PLACES = "places", _("Places lost")
        DISQUALIFICATION = "disqualification", _("Disqualification")

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="penalties", verbose_name=_("round")
    )
    session_kind = models.CharField(
        max_length=12,
        choices=PENALTY_SESSIONS,
        default=Session.Kind.RACE,
        verbose_name=_("session"),
    )
    entry = models.ForeignKey(
        Entry,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="penalties",
        verbose_name=_("entry"),
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="penalties",
        help_text=_("A penalty against the team alone (no driver)."),
        verbose_name=_("team"),
    )
    kind = models.CharField(
        max_length=20, choices=Kind.choices, default=Kind.POINTS, verbose_name=_("kind")
    )
    points = models.DecimalField(
        max_digits=8,
        decimal_places=2,
        default=0,
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(10_000))],
        verbose_name=_("points"),
    )
    places = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(99)], verbose_name=_("places")
    )
    reason = models.CharField(max_length=200, verbose_name=_("reason"))
    protest = models.ForeignKey(
        Protest,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="penalties",
        verbose_name=_("report"),
    )
    steward = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="penalties_given",
        verbose_name=_("steward"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("given"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = _("penalties")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(entry__isnull=False) | models.Q(team__isnull=False),
                name="penalty_has_a_target",
            )
        ]

    def __str__(self) -> str:
        return f"{self.describe()} for {self.entry or self.team}: {self.reason}"

    def describe(self) -> str:
        if self.kind == self.Kind.PLACES:
            return ngettext("%(count)d place lost", "%(count)d places lost", self.places) % {
                "count": self.places
            }
        if self.kind == self.Kind.DISQUALIFICATION:
            return gettext("disqualified")
        return gettext("−%(points)s points") % {"points": f"{Decimal(self.points).normalize():f}"}

    def clean(self) -> None:
        errors = {}
        if self.entry_id is None and self.team_id is None:
            errors["entry"] = _("Choose a driver or a team.")
        if self.round_id and self.entry_id and self.entry.season_id != self.round.season_id:
            errors["entry"] = _("The entry and the round belong to different seasons.")
        if self.round_id and self.team_id and self.team.season_id != self.round.season_id:
            errors["team"] = _("The team and the round belong to different seasons.")
        if self.kind == self.Kind.POINTS and not self.points:
            errors["points"] = _("A points penalty takes at least some points.")
        if self.kind != self.Kind.POINTS and self.entry_id is None:
            errors["kind"] = _("Places and disqualifications are given to a driver.")
        if self.kind == self.Kind.PLACES and not self.places:
            errors["places"] = _("Give how many places the car loses.")
        if errors:
            raise ValidationError(errors)
