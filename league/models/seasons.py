"""A season of a league: its game, its options, its scoring and its grid."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.models.leagues import League
from league.models.people import bot_names
from league.models.scoring import ScoringSystem
from league.page_versions import PageRows
from league.season_settings.checks import season_settings_check
from league.season_settings.options import validate_season_rules
from league.season_settings.race_night import (
    DEFAULT_NO_SHOW,
    NO_SHOW_CHOICES,
    no_show_check,
    real_time,
)
from league.season_settings.speeds import DEFAULT_SPEED, SPEED_CHOICES
from races.rules import game_choices


class Season(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        OPEN = "open", _("Open for entries")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        ARCHIVED = "archived", _("Archived")

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
            "Time for each decision in a live race at the season's own speed (30 s to 72 h)."
        ),
        verbose_name=_("seconds per decision"),
    )
    speed = models.CharField(
        max_length=20,
        choices=SPEED_CHOICES,
        default=DEFAULT_SPEED,
        help_text=_(
            "The game clock of live races: real-time (a bank of time and a little more "
            "each move) or turn-based (a day or more a move)."
        ),
        verbose_name=_("speed"),
    )
    # Real-time rounds (league/season_settings/race_night.py): a driver who
    # is not at the table when it starts, and whether it starts early.
    no_show = models.CharField(
        max_length=24,
        choices=NO_SHOW_CHOICES,
        default=DEFAULT_NO_SHOW,
        help_text=_(
            "In a real-time round: the car of a driver who is not at the table at the start."
        ),
        verbose_name=_("a driver not at the table"),
    )
    start_when_all_in = models.BooleanField(
        default=False,
        help_text=_("A real-time round starts as soon as every driver is at the table."),
        verbose_name=_("start when everyone is in"),
    )
    promotion = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(6)],
        help_text=_(
            "With divisions: the top and bottom this many drivers move up and down a "
            "division when the season is copied (0: nobody moves)."
        ),
        verbose_name=_("promoted and relegated"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    objects = PageRows.as_manager()
    page_season = "pk"  # league/page_versions.py

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
        no_show_check(
            game=self.game,
            rules=self.rules,
            no_show=self.no_show,
            fill_with_bots=self.fill_with_bots,
            live=real_time(self),
        )
