"""Rounds, sessions and results: what the engines ran and what they said."""

from __future__ import annotations

import secrets
import zlib
from datetime import UTC, datetime
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from league.fields import ValuesJSONField
from league.models import Entry, Season, Team
from league.season_settings.options import validate_round_options
from races.replay.stored_actions import ActionsAppended
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


def new_seed() -> str:
    """A session's seed: from a secure source, secret until the session ends."""
    return secrets.token_hex(16)


class Session(ActionsAppended):
    class Kind(models.TextChoices):
        QUALIFYING = "qualifying", _("Qualifying")
        RACE = "race", _("Race")

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        AWAITING = "awaiting", _("Awaiting players")
        FINISHED = "finished", _("Finished")
        FAILED = "failed", _("Failed")
        CANCELLED = "cancelled", _("Cancelled")

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="sessions", verbose_name=_("round")
    )
    kind = models.CharField(
        max_length=12, choices=Kind.choices, default=Kind.RACE, verbose_name=_("kind")
    )
    status = models.CharField(
        max_length=12, choices=Status.choices, default=Status.SCHEDULED, verbose_name=_("status")
    )
    live = models.BooleanField(
        default=False,
        help_text=_("People drive their own cars turn by turn (online play)."),
        verbose_name=_("online"),
    )
    scheduled_at = models.DateTimeField(null=True, blank=True, verbose_name=_("scheduled for"))
    seed = models.CharField(max_length=64, default=new_seed, editable=False)
    seats = models.JSONField(default=list, blank=True, help_text=_("The seats the engine ran."))
    config = models.JSONField(default=dict, blank=True, help_text=_("The engine config used."))
    actions = models.JSONField(default=list, blank=True, help_text=_("Every action applied."))
    event_log = models.BinaryField(null=True, blank=True, editable=False)
    log_sha256 = models.CharField(max_length=64, blank=True)
    progress = models.JSONField(default=dict, blank=True)
    summary = models.JSONField(
        default=dict, blank=True, help_text=_("The engine's result details.")
    )
    claim = models.CharField(max_length=32, blank=True, editable=False)
    queued_at = models.DateTimeField(null=True, blank=True, editable=False)
    lease_until = models.DateTimeField(null=True, blank=True, editable=False)
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("started"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished"))
    error = models.TextField(blank=True, verbose_name=_("error"))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sessions_entered",
        help_text=_("Who entered the result by hand (empty: the engine ran it)."),
        verbose_name=_("results entered by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        ordering = ["round", "kind"]
        constraints = [
            models.UniqueConstraint(fields=["round", "kind"], name="session_kind_unique")
        ]

    def __str__(self) -> str:
        return f"{self.round} — {self.get_kind_display()}"

    @property
    def seed_revealed(self) -> str | None:
        """The seed is shown only once the session has finished."""
        return self.seed if self.status == self.Status.FINISHED else None

    @property
    def entered_by_hand(self) -> bool:
        return self.entered_by_id is not None

    def set_event_log(self, canonical_log: str) -> None:
        # Level 1: a quarter of level 6's time for a log about half again as
        # large; compressing is on every session's path to its standings.
        self.event_log = zlib.compress(canonical_log.encode("utf-8"), 1)

    def event_log_text(self) -> str:
        if not self.event_log:
            return ""
        return zlib.decompress(bytes(self.event_log)).decode("utf-8")


class Result(models.Model):
    """One car's result in a session: its place and status as run (by the
    engine or as entered by hand), and, after stewarding, the place, status
    and points that count (races/results/standings.py writes those)."""

    class Status(models.TextChoices):
        FINISHED = "finished", _("Finished")
        NOT_CLASSIFIED = "not_classified", _("Not classified")
        ELIMINATED = "eliminated", _("Retired")
        DISQUALIFIED = "disqualified", _("Disqualified")
        DID_NOT_START = "did_not_start", _("Did not start")

    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="results", verbose_name=_("session")
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="results", verbose_name=_("entry")
    )
    seat = models.CharField(max_length=40, help_text=_("The seat id in the engine's log."))
    position = models.PositiveSmallIntegerField(verbose_name=_("position"))
    status = models.CharField(max_length=14, choices=Status.choices, verbose_name=_("status"))
    laps = models.PositiveSmallIntegerField(default=0, verbose_name=_("laps"))
    distance = models.IntegerField(default=0, verbose_name=_("distance"))
    figures = ValuesJSONField(default=dict, blank=True)
    points = models.DecimalField(
        max_digits=10, decimal_places=2, default=0, verbose_name=_("points")
    )
    final_position = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("The place after stewarding (empty: as run)."),
        verbose_name=_("final position"),
    )
    final_status = models.CharField(
        max_length=14,
        choices=Status.choices,
        blank=True,
        help_text=_("After stewarding."),
        verbose_name=_("final status"),
    )

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "entry"], name="result_entry_unique"),
            models.UniqueConstraint(fields=["session", "position"], name="result_position_unique"),
        ]

    def __str__(self) -> str:
        return f"P{self.position} {self.entry}"

    @property
    def place(self) -> int:
        """The place that counts: after stewarding."""
        return self.final_position or self.position

    @property
    def standing_status(self) -> str:
        return self.final_status or self.status

    def get_standing_status_display(self) -> str:
        return (
            self.Status(self.standing_status).label
            if self.standing_status in self.Status.values
            else self.standing_status
        )


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
        choices=Session.Kind.choices,
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


class Turn(models.Model):
    """A decision a person owes in a live session, with its deadline."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="turns")
    seat = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="turns"
    )
    step = models.PositiveIntegerField(help_text=_("How many actions the race had when it opened."))
    kind = models.CharField(max_length=40)
    prompt = models.CharField(max_length=200, blank=True)
    opened_at = models.DateTimeField()
    deadline = models.DateTimeField(db_index=True)
    notified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["deadline"]
        constraints = [models.UniqueConstraint(fields=["session", "seat"], name="turn_seat_unique")]

    def __str__(self) -> str:
        return f"{self.seat} to decide {self.kind} in {self.session}"


class TurnNotices(models.Model):
    """How a person wants to be told that a live race waits for them: the
    notice on every page always, an e-mail when they choose it."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="turn_notices"
    )
    by_email = models.BooleanField(
        default=True,
        help_text=_("E-mail me when a live race has waited a few minutes for my decision."),
        verbose_name=_("by e-mail"),
    )

    def __str__(self) -> str:
        return f"turn notices for {self.user}"
