"""Scoring systems: a points table and how a championship counts it.

The business rules that use them live in league/scoring/tables.py and
league/scoring/championship.py."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models.leagues import DESCRIPTION_MAX
from league.page_versions import PageRows
from league.scoring.tables import points_value

# Limits on what an organiser can store (issue 13), beside DESCRIPTION_MAX.
POINTS_TABLE_MAX = 60
POINTS_VALUE_MAX = Decimal(100_000)
BONUS_KEYS = ("pole", "fastest_lap", "most_laps_led", "lap_led")


class ScoringSystem(models.Model):
    """A points table and how a championship counts it. Points tables are data."""

    class Source(models.TextChoices):
        POSITION = "position", _("Points by finishing position")
        FIGURE = "figure", _("A game figure as points (e.g. Galaxy Trucker credits)")

    class TeamPoints(models.TextChoices):
        SUM = "sum", _("Sum of all members")
        BEST_N = "best_n", _("Best N members in each round")

    name = models.CharField(max_length=100, unique=True, verbose_name=_("name"))
    slug = models.SlugField(max_length=100, unique=True, verbose_name=_("short name in addresses"))
    description = models.TextField(
        blank=True, validators=[MaxLengthValidator(DESCRIPTION_MAX)], verbose_name=_("description")
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="scoring_systems",
        help_text=_("The organiser whose own table this is; none for a preset everyone sees."),
        verbose_name=_("organiser"),
    )
    source = models.CharField(
        max_length=10,
        choices=Source.choices,
        default=Source.POSITION,
        verbose_name=_("points from"),
    )
    race_points = models.JSONField(
        default=list,
        blank=True,
        help_text=_("Points for positions 1, 2, 3, …; beyond: 0."),
        verbose_name=_("race points"),
    )
    figure_key = models.CharField(
        max_length=40,
        blank=True,
        help_text=_("With a figure source: the result figure to score."),
        verbose_name=_("figure scored"),
    )
    qualifying_points = models.JSONField(
        default=list,
        blank=True,
        help_text=_("Points for qualifying positions 1, 2, 3, …"),
        verbose_name=_("qualifying points"),
    )
    eliminated_score = models.BooleanField(
        default=True,
        verbose_name=_("points for cars not classified"),
        help_text=_("Cars that retired or were not classified score the points of their position."),
    )
    bonus = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("Bonus points: pole, fastest_lap, most_laps_led, lap_led → points."),
        verbose_name=_("bonus points"),
    )
    drop_worst = models.PositiveSmallIntegerField(
        default=0,
        help_text=_("How many worst rounds each driver drops."),
        verbose_name=_("worst rounds dropped"),
    )
    team_points = models.CharField(
        max_length=10,
        choices=TeamPoints.choices,
        default=TeamPoints.SUM,
        verbose_name=_("team points"),
    )
    team_best_n = models.PositiveSmallIntegerField(
        default=2,
        validators=[MinValueValidator(1)],
        verbose_name=_("members counted in each round"),
    )

    objects = PageRows.as_manager()
    page_season = "seasons"  # league/page_versions.py

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        for field in ("race_points", "qualifying_points"):
            error = points_table_error(getattr(self, field))
            if error:
                raise ValidationError({field: error})
        if not isinstance(self.bonus, dict) or any(k not in BONUS_KEYS for k in self.bonus):
            raise ValidationError(
                {"bonus": _("Bonus points go to: %(keys)s.") % {"keys": ", ".join(BONUS_KEYS)}}
            )
        for key, value in self.bonus.items():
            error = points_value_error(value)
            if error:
                raise ValidationError(
                    {
                        "bonus": _("%(bonus)s: %(error)s")
                        % {"bonus": key.replace("_", " "), "error": error}
                    }
                )
        if self.source == self.Source.FIGURE and not self.figure_key:
            raise ValidationError({"figure_key": _("A figure source needs the figure to score.")})
        if self.source == self.Source.POSITION and not self.race_points:
            raise ValidationError({"race_points": _("Give the points for each position.")})


def points_value_error(value) -> str | None:
    """Why a points value cannot be stored, or None: non-negative, at most
    two decimals (half points), below POINTS_VALUE_MAX."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal, str)):
        return _("points are numbers.")
    try:
        number = points_value(value)
    except (InvalidOperation, ValueError):
        return _("points are numbers.")
    if not number.is_finite():
        return _("NaN and infinity are not points: give a number such as 12.5.")
    if number < 0:
        return _("points cannot be negative.")
    if number >= POINTS_VALUE_MAX:
        return _("points stay below %(most)s.") % {"most": f"{POINTS_VALUE_MAX:,}"}
    if number != number.quantize(Decimal("0.01")):
        return _("points have at most two decimals (e.g. 12.5).")
    return None


def points_table_error(table) -> str | None:
    if not isinstance(table, list):
        return _("Give a list of points.")
    if len(table) > POINTS_TABLE_MAX:
        return _("A points table has at most %(most)d places.") % {"most": POINTS_TABLE_MAX}
    for value in table:
        error = points_value_error(value)
        if error:
            return _("Give non-negative points, at most two decimals: %(error)s") % {"error": error}
    return None
