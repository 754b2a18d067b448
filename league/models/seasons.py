"""A season of a league: its game, its options, its scoring and its grid."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.models.leagues import League
from league.models.people import bot_names
from league.models.scoring import ScoringSystem
from league.season_settings.checks import season_settings_check
from league.season_settings.options import validate_season_rules
from races.rules import game_choices


class Season(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        OPEN = "open", _("Open for entries")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="seasons", verbose_name=_("league")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    slug = models.SlugField(max_length=100, verbose_name=_("short name in addresses"))
    game = models.CharField(max_length=20, choices=game_choices, verbose_name=_("game"))
    rules = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("The game's options in force, e.g. ruleset, level."),
        verbose_name=_("game options"),
    )
    scoring = models.ForeignKey(
        ScoringSystem, on_delete=models.PROTECT, related_name="seasons", verbose_name=_("scoring")
    )
    team_mode = models.BooleanField(default=False, verbose_name=_("teams"))
    team_size = models.PositiveSmallIntegerField(
        default=2,
        validators=[MinValueValidator(1), MaxValueValidator(10)],
        verbose_name=_("team size"),
    )
    grid_size = models.PositiveSmallIntegerField(
        default=10,
        validators=[MinValueValidator(2), MaxValueValidator(12)],
        verbose_name=_("grid size"),
    )
    fill_with_bots = models.BooleanField(
        default=True, verbose_name=_("fill empty places with bots")
    )
    bot_level = models.CharField(
        max_length=20, choices=bot_names, default="pro", verbose_name=_("bots")
    )
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.DRAFT, verbose_name=_("status")
    )
    live_play = models.BooleanField(
        default=False,
        help_text=_("People drive their own cars, turn by turn; bots fill the rest."),
        verbose_name=_("drivers drive online"),
    )
    late_entries = models.BooleanField(
        default=False,
        help_text=_("Drivers may still join once the season is running."),
        verbose_name=_("late entries"),
    )
    decision_seconds = models.PositiveIntegerField(
        default=300,
        validators=[MinValueValidator(30), MaxValueValidator(72 * 3600)],
        help_text=_(
            "Time for each decision in a live race (30 s to 72 h); then the autopilot plays."
        ),
        verbose_name=_("seconds per decision"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        ordering = ["league", "-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["league", "slug"], name="season_slug_unique")
        ]

    def __str__(self) -> str:
        return f"{self.league} — {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("season", args=[self.league.slug, self.slug])

    def clean(self) -> None:
        self.rules = validate_season_rules(self.game, self.rules)
        season_settings_check(
            game=self.game,
            rules=self.rules,
            grid_size=self.grid_size,
            bot_level=self.bot_level,
            team_mode=self.team_mode,
            team_size=self.team_size,
        )
