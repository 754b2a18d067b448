"""A season's divisions (issue 26, item 2): its drivers split into grids
that each race their own session of every round and keep their own table;
division 1 is the top one. Promotion and relegation between adjacent
divisions happen when the season is copied (races/rounds/schedule.py)."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models.seasons import Season
from league.page_versions import PageRows

MAX_DIVISIONS = 8


class Division(models.Model):
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="divisions", verbose_name=_("season")
    )
    number = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(MAX_DIVISIONS)],
        help_text=_("1 is the top division."),
        verbose_name=_("number"),
    )
    name = models.CharField(max_length=60, verbose_name=_("name"))

    objects = PageRows.as_manager()
    page_season = "season"  # league/page_versions.py

    class Meta:
        ordering = ["season", "number"]
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="division_number_unique")
        ]

    def __str__(self) -> str:
        return self.name
