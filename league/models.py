"""Leagues, seasons, drivers, teams, entries, scoring systems and standings.

Validation that a form or the admin needs lives in `clean()`; business rules
(scoring, standings) live in league/scoring/tables.py and league/scoring/championship.py;
the standings are stored by races/results/standings.py.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.fields import ValuesJSONField
from league.scoring.tables import points_value
from league.season_settings.checks import entry_setup_check, season_settings_check
from league.season_settings.options import validate_season_rules
from races.rules import game_choices, get_presentation

# Limits on what an organiser can store (issue 13): long enough for any real
# series, short enough that nobody stores a novel or an absurd number.
DESCRIPTION_MAX = 2000
POINTS_TABLE_MAX = 60
POINTS_VALUE_MAX = Decimal(100_000)
BONUS_KEYS = ("pole", "fastest_lap", "most_laps_led", "lap_led")


def bot_names() -> list[tuple[str, str]]:
    """Every bot of every registered game; a season's form offers its own
    game's (league/season_settings/checks.py)."""
    found: dict[str, str] = {}
    for key, _label in game_choices():
        found.update(get_presentation(key).capabilities({}).bots)
    return list(found.items())


class League(models.Model):
    name = models.CharField(max_length=100, verbose_name=_("name"))
    slug = models.SlugField(max_length=100, unique=True, verbose_name=_("short name in addresses"))
    description = models.TextField(
        blank=True, validators=[MaxLengthValidator(DESCRIPTION_MAX)], verbose_name=_("description")
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="owned_leagues",
        verbose_name=_("organiser"),
    )
    stewards = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="stewarded_leagues",
        verbose_name=_("stewards"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("league", args=[self.slug])


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
    if not number.is_finite() or number < 0:
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


class Driver(models.Model):
    """A person with an account, or a bot persona with a name and a level."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="driver",
        verbose_name=_("account"),
    )
    name = models.CharField(max_length=60, unique=True, verbose_name=_("name"))
    is_bot = models.BooleanField(default=False, verbose_name=_("bot"))
    bot_level = models.CharField(
        max_length=20, choices=bot_names, blank=True, verbose_name=_("bot level")
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(is_bot=True, user__isnull=True)
                    | models.Q(is_bot=False, user__isnull=False)
                ),
                name="driver_is_a_person_or_a_bot",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.is_bot and not self.bot_level:
            raise ValidationError({"bot_level": _("A bot persona needs a level.")})


class Team(models.Model):
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="teams", verbose_name=_("season")
    )
    name = models.CharField(max_length=60, verbose_name=_("name"))
    colour = models.CharField(
        max_length=7,
        default="#c0392b",
        help_text=_("A colour as #rrggbb, used in tables."),
        verbose_name=_("colour"),
    )

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["season", "name"], name="team_name_unique")]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        colour = self.colour or ""
        if len(colour) != 7 or colour[0] != "#" or not _is_hex(colour[1:]):
            raise ValidationError({"colour": _("Give a colour as #rrggbb.")})


def _is_hex(text: str) -> bool:
    return all(c in "0123456789abcdefABCDEF" for c in text)


class Entry(models.Model):
    """A driver in a season: car number, team, and the car's setup."""

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="entries", verbose_name=_("season")
    )
    driver = models.ForeignKey(
        Driver, on_delete=models.PROTECT, related_name="entries", verbose_name=_("driver")
    )
    car_number = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(999)],
        verbose_name=_("car number"),
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="members",
        verbose_name=_("team"),
    )
    setup = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("Per-car choices: a Formula D build, tyres…"),
        verbose_name=_("car setup"),
    )
    autopilot = models.CharField(
        max_length=20,
        choices=bot_names,
        default="pro",
        help_text=_("Who drives when you don't."),
        verbose_name=_("autopilot"),
    )
    carry = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("What the last race handed the next (carry-over)."),
        verbose_name=_("carried over"),
    )
    withdrawn = models.BooleanField(default=False, verbose_name=_("withdrawn"))
    reserve = models.BooleanField(
        default=False,
        help_text=_("A reserve waits for a seat: it races once a driver withdraws."),
        verbose_name=_("reserve"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        ordering = ["season", "car_number"]
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "car_number"], name="entry_car_number_unique"
            ),
            models.UniqueConstraint(fields=["season", "driver"], name="entry_driver_unique"),
        ]

    def __str__(self) -> str:
        return f"#{self.car_number} {self.driver}"

    def clean(self) -> None:
        errors = {}
        if self.team_id and self.team.season_id != self.season_id:
            errors["team"] = _("That team races in another season.")
        elif self.team_id and self.season_id:
            if not self.season.team_mode:
                errors["team"] = _("This season has no teams.")
            else:
                others = (
                    self.team.members.exclude(pk=self.pk)
                    .filter(withdrawn=False, reserve=False)
                    .count()
                )
                if others >= self.season.team_size:
                    errors["team"] = _("%(team)s is full: a team has at most %(size)d drivers.") % {
                        "team": self.team,
                        "size": self.season.team_size,
                    }
        if self.season_id and self.car_number:
            taken = Entry.objects.filter(season_id=self.season_id, car_number=self.car_number)
            if taken.exclude(pk=self.pk).exists():
                errors["car_number"] = _("Car number %(number)s is taken in this season.") % {
                    "number": self.car_number
                }
        if self.season_id and self.setup:
            try:
                entry_setup_check(self.season.game, self.season.rules, self.setup)
            except ValidationError as error:
                errors.update(error.error_dict)
        if errors:
            raise ValidationError(errors)


class TeamChange(models.Model):
    """From a round on, an entry drives for this team (none: no team). The
    standings score each round for the team the car drove for then."""

    entry = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="team_changes", verbose_name=_("entry")
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="spells",
        verbose_name=_("team"),
    )
    from_round = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1)], verbose_name=_("from round")
    )

    class Meta:
        ordering = ["entry", "from_round"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "from_round"], name="team_change_unique")
        ]

    def __str__(self) -> str:
        return f"{self.entry} drives for {self.team or 'no team'} from round {self.from_round}"


class Preferences(models.Model):
    """A person's settings: the time zone dates are shown in, and the
    language pages speak (blank: the browser's)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="preferences",
        verbose_name=_("account"),
    )
    time_zone = models.CharField(max_length=64, default="UTC", verbose_name=_("time zone"))
    language = models.CharField(max_length=16, blank=True, default="", verbose_name=_("language"))

    class Meta:
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.time_zone}"


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

    class Meta:
        ordering = ["season", "rank", "team__name"]

    def __str__(self) -> str:
        return f"P{self.rank} {self.team_id}: {self.points}"
