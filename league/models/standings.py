"""Standings, materialised when results are stored (races/results/standings.py)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.fields import ValuesJSONField
from league.models.entries import Entry, Team
from league.models.seasons import Season


class DriverStanding(models.Model):
    """Materialised when results are stored, so a standings page is one query."""

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="driver_standings", verbose_name=_("season")
    )
    entry = models.OneToOneField(
        Entry, on_delete=models.CASCADE, related_name="standing", verbose_name=_("entry")
    )
    rank = models.PositiveSmallIntegerField(verbose_name=_("position"))
    points = models.DecimalField(max_digits=12, decimal_places=2, verbose_name=_("points"))
    penalty_points = models.DecimalField(
        max_digits=12, decimal_places=2, default=0, verbose_name=_("penalty points")
    )
    rounds = ValuesJSONField(default=dict, help_text=_("round number → points scored"))
    dropped = ValuesJSONField(default=list, help_text=_("round numbers dropped"))
    positions = ValuesJSONField(default=dict, help_text=_("finishing position → count"))
    # What each round gave the car, as league/scoring/rounds.py keeps it:
    # a stored session replaces its round's and ranks again from these.
    places = models.JSONField(default=dict, help_text=_("round number → what the round gave"))

    class Meta:
        ordering = ["season", "rank", "entry__car_number"]

    def __str__(self) -> str:
        return f"P{self.rank} {self.entry_id}: {self.points}"


class TeamStanding(models.Model):
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="team_standings", verbose_name=_("season")
    )
    team = models.OneToOneField(
        Team, on_delete=models.CASCADE, related_name="standing", verbose_name=_("team")
    )
    rank = models.PositiveSmallIntegerField(verbose_name=_("position"))
    points = models.DecimalField(max_digits=12, decimal_places=2, verbose_name=_("points"))
    penalty_points = models.DecimalField(
        max_digits=12, decimal_places=2, default=0, verbose_name=_("penalty points")
    )
    rounds = ValuesJSONField(default=dict)
    positions = ValuesJSONField(default=dict)
    places = models.JSONField(default=dict, help_text=_("round number → what the round gave"))

    class Meta:
        ordering = ["season", "rank", "team__name"]

    def __str__(self) -> str:
        return f"P{self.rank} {self.team_id}: {self.points}"
