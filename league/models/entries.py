"""Teams and entries: a driver in a season, the car's number, setup and team."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models.divisions import Division
from league.models.people import Driver, bot_names
from league.models.seasons import Season
from league.page_versions import PageRows
from league.season_settings.checks import autopilot_check, entry_setup_check


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

    objects = PageRows.as_manager()
    page_season = "season"  # league/page_versions.py

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
    division = models.ForeignKey(
        Division,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
        help_text=_("The division the car races in (a season with divisions)."),
        verbose_name=_("division"),
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

    objects = PageRows.as_manager()
    page_season = "season"  # league/page_versions.py
    page_unshown = frozenset(("setup", "carry", "created_at"))

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
        if self.division_id and self.division.season_id != self.season_id:
            errors["division"] = _("That division races in another season.")
        if self.season_id and self.car_number:
            taken = Entry.objects.filter(season_id=self.season_id, car_number=self.car_number)
            if taken.exclude(pk=self.pk).exists():
                errors["car_number"] = _("Car number %(number)s is taken in this season.") % {
                    "number": self.car_number
                }
        if self.season_id and self.autopilot:
            try:
                autopilot_check(
                    game=self.season.game,
                    rules=self.season.rules,
                    autopilot=self.autopilot,
                    bot=bool(self.driver_id and self.driver.is_bot),
                )
            except ValidationError as error:
                errors.update(error.error_dict)
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
