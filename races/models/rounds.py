"""A round of a season: its track, options, qualifying and grid, and its date."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.models import BONUS_KEYS, ScoringSystem, Season, points_value_error
from league.page_versions import PageRows
from league.season_settings.options import validate_round_options
from races.rounds.round_settings import round_settings_check


class Round(models.Model):
    class QualifyingFormat(models.TextChoices):
        NONE = "none", _("No qualifying: grid by the grid rule")
        TIMED_LAP = "timed_lap", _("Timed qualifying lap")
        RANDOM = "random", _("Random grid")
        CHAMPIONSHIP = "championship", _("Championship order")
        REVERSE = "reverse", _("Reverse championship order")

    class GridRule(models.TextChoices):
        QUALIFYING = "qualifying", _("From qualifying")
        CHAMPIONSHIP = "championship", _("Championship order")
        REVERSE = "reverse", _("Reverse championship order")
        RANDOM = "random", _("Random (seeded)")
        ENTRY = "entry", _("Entry order")

    class FeatureGrid(models.TextChoices):
        SPRINT = "sprint", _("From the sprint's result")
        ROUND = "round", _("By the round's grid rule")

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("season")
    )
    number = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1)], verbose_name=_("number")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    track = models.CharField(max_length=40, verbose_name=_("track"))
    laps = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(10)],
        verbose_name=_("laps"),
    )
    options = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("Variants for this round."),
        verbose_name=_("game options"),
    )
    scheduled_at = models.DateTimeField(null=True, blank=True, verbose_name=_("scheduled for"))
    qualifying_format = models.CharField(
        max_length=20,
        choices=QualifyingFormat.choices,
        default=QualifyingFormat.NONE,
        verbose_name=_("qualifying"),
    )
    grid_rule = models.CharField(
        max_length=20, choices=GridRule.choices, default=GridRule.ENTRY, verbose_name=_("grid")
    )
    # An organiser's choice when the round's qualifying failed: the race
    # starts without it, on this grid rule (races/rounds/qualifying.py).
    fallback_grid = models.CharField(
        max_length=20,
        choices=GridRule.choices,
        blank=True,
        help_text=_("The grid the race took because its qualifying failed."),
        verbose_name=_("grid without qualifying"),
    )
    fallback_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("Who chose to run the race without its qualifying."),
        verbose_name=_("chosen by"),
    )
    points_multiplier = models.DecimalField(
        max_digits=4,
        decimal_places=2,
        default=Decimal(1),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(10))],
        help_text=_("2 for a double-points finale, 0.5 for a half-points round."),
        verbose_name=_("points multiplier"),
    )

    # Bonus points of this round alone, over the season's table (issue 23):
    # {"pole": 3} gives pole 3 points here; {"pole": 0} none this round.
    bonus = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("This round's own bonus points, over the season's (0: none this round)."),
        verbose_name=_("bonus points"),
    )

    # A race weekend (issue 26, item 3): a sprint before the round's race,
    # scored with its own points table; the race's grid from the sprint's
    # result (its top N reversed) or by the round's own grid rule.
    sprint_scoring = models.ForeignKey(
        ScoringSystem,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sprint_rounds",
        help_text=_("Empty: no sprint. Else a sprint race before the main race, scored so."),
        verbose_name=_("sprint points"),
    )
    feature_grid = models.CharField(
        max_length=20,
        choices=FeatureGrid.choices,
        default=FeatureGrid.SPRINT,
        verbose_name=_("main race grid after a sprint"),
    )
    reverse_top = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(12)],
        help_text=_("The sprint's top this many start the main race in reverse order (0: none)."),
        verbose_name=_("reversed top places"),
    )

    objects = PageRows.as_manager()
    page_season = "season"  # league/page_versions.py

    class Meta:
        ordering = ["season", "number"]
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return _("Round %(number)s: %(name)s") % {"number": self.number, "name": self.name}

    def get_absolute_url(self) -> str:
        return reverse("round", args=[self.season.league.slug, self.season.slug, self.number])

    def clean(self) -> None:
        error = scheduled_at_error(self.scheduled_at)
        if error:
            raise ValidationError({"scheduled_at": error})
        if self.reverse_top and self.season_id and self.reverse_top > self.season.grid_size:
            raise ValidationError(
                {
                    "reverse_top": _("Reverse at most the grid's %(size)s places.")
                    % {"size": self.season.grid_size}
                }
            )
        error = round_bonus_error(self.bonus)
        if error:
            raise ValidationError({"bonus": error})
        if self.season_id:
            taken = Round.objects.filter(season_id=self.season_id, number=self.number)
            if self.number and taken.exclude(pk=self.pk).exists():
                raise ValidationError(
                    {
                        "number": _("Round %(number)s already exists in this season.")
                        % {"number": self.number}
                    }
                )
            self.options = validate_round_options(
                self.season.game, self.track, self.laps, self.options
            )
            round_settings_check(
                game=self.season.game,
                rules={**self.season.rules, **self.options},
                qualifying_format=self.qualifying_format,
                grid_rule=self.grid_rule,
                choices=self.QualifyingFormat.choices,
            )


def round_bonus_error(bonus) -> str | None:
    """Why a round's own bonus points cannot be stored, or None."""
    if not isinstance(bonus, dict) or any(k not in BONUS_KEYS for k in bonus):
        return _("Bonus points go to: %(keys)s.") % {"keys": ", ".join(BONUS_KEYS)}
    for value in bonus.values():
        error = points_value_error(value)
        if error:
            return error
    return None


# Dates a round or a session may be set to: a sane window, so a calendar
# feed or a countdown never meets year 9999.
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)


LATEST = datetime(2100, 1, 1, tzinfo=UTC)


def scheduled_at_error(when: datetime | None) -> str | None:
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    if not EARLIEST <= when < LATEST:
        return _("Give a date between the years 2000 and 2099.")
    return None
