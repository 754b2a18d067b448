"""A tournament: its game and table, its format, its points, its sign-up and
its schedule. Its tables race as sessions of the season it keeps for them
(`season`), so the runner, the live table and the replays serve them as
they serve any season's sessions."""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.models import League, Season, bot_names
from races.rules import game_choices

# A tournament's stages are a season's (league/season_stage): draft, open for
# entries, running, finished, archived.
Stage = Season.Status


class Tournament(models.Model):
    Status = Stage

    class Format(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("Knockout with heats")
        ROUND_ROBIN = "round_robin", _("Round robin")
        STAGES = "stages", _("Swiss, then a knockout of the best")

    class Fill(models.TextChoices):
        BOTS = "bots", _("Bots fill the empty seats")
        BYES = "byes", _("Byes: the seats stay empty")

    class Seeding(models.TextChoices):
        RATING = "rating", _("By rating")
        QUALIFYING = "qualifying", _("By a qualifying session")
        HAND = "hand", _("By hand")
        RANDOM = "random", _("At random")

    class SignUp(models.TextChoices):
        OPEN = "open", _("Anyone may sign up")
        INVITE = "invite", _("By invitation")

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="tournaments", verbose_name=_("league")
    )
    season = models.OneToOneField(
        Season, on_delete=models.PROTECT, related_name="tournament", editable=False
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    slug = models.SlugField(max_length=100, verbose_name=_("short name in addresses"))
    game = models.CharField(max_length=20, choices=game_choices, verbose_name=_("game"))
    rules = models.JSONField(default=dict, blank=True, verbose_name=_("game options"))
    track = models.CharField(max_length=40, verbose_name=_("track"))
    laps = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("laps"))
    format = models.CharField(
        max_length=12, choices=Format.choices, default=Format.SWISS, verbose_name=_("format")
    )
    rounds = models.PositiveSmallIntegerField(
        default=5,
        validators=[MinValueValidator(1), MaxValueValidator(20)],
        help_text=_("Swiss rounds (in stages: before the knockout)."),
        verbose_name=_("rounds"),
    )
    table_size = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(2), MaxValueValidator(12)], verbose_name=_("table size")
    )
    advance = models.PositiveSmallIntegerField(
        default=2,
        validators=[MinValueValidator(1), MaxValueValidator(11)],
        help_text=_("How many of each knockout table go through."),
        verbose_name=_("go through per table"),
    )
    repechage = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(11)],
        help_text=_("How many of a repechage table of those knocked out go through (0: none)."),
        verbose_name=_("go through from the repechage"),
    )
    cut = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(2)],
        help_text=_("In stages: how many of the Swiss standings play the knockout."),
        verbose_name=_("knockout of the best"),
    )
    points = models.JSONField(
        default=list, help_text=_("Points per place, first place first."), verbose_name=_("points")
    )
    bye_points = models.DecimalField(
        max_digits=6, decimal_places=2, default=Decimal(0), verbose_name=_("points for a bye")
    )
    fill = models.CharField(
        max_length=6, choices=Fill.choices, default=Fill.BOTS, verbose_name=_("empty seats")
    )
    bot_level = models.CharField(
        max_length=20, choices=bot_names, default="pro", verbose_name=_("bots")
    )
    seeding = models.CharField(
        max_length=12, choices=Seeding.choices, default=Seeding.RATING, verbose_name=_("seeding")
    )
    seed = models.CharField(max_length=64, blank=True, editable=False)
    seeded_at = models.DateTimeField(null=True, blank=True, editable=False)
    sign_up = models.CharField(
        max_length=8, choices=SignUp.choices, default=SignUp.OPEN, verbose_name=_("sign-up")
    )
    invite_code = models.CharField(max_length=32, blank=True, editable=False)
    cap = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(2), MaxValueValidator(10000)],
        help_text=_("Most players; later sign-ups wait on the waiting list."),
        verbose_name=_("places"),
    )
    check_in_minutes = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(24 * 60)],
        help_text=_("Check-in opens this long before the start (0: no check-in)."),
        verbose_name=_("check-in window in minutes"),
    )
    starts_at = models.DateTimeField(null=True, blank=True, verbose_name=_("starts"))
    round_minutes = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(7 * 24 * 60)],
        help_text=_("Minutes between the starts of two rounds (0: as soon as a round ends)."),
        verbose_name=_("minutes between rounds"),
    )
    live_play = models.BooleanField(default=False, verbose_name=_("drivers drive online"))
    status = models.CharField(
        max_length=10, choices=Stage.choices, default=Stage.DRAFT, verbose_name=_("stage")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["league", "slug"], name="tournament_slug_unique")
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament", args=[self.league.slug, self.slug])

    def points_for(self, place: int) -> Decimal:
        """The points of a place at a table (TOUR-PTS: the table of the event)."""
        if 1 <= place <= len(self.points):
            return Decimal(str(self.points[place - 1]))
        return Decimal(0)
