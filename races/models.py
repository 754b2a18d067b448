"""Rounds, sessions and results: what the engines ran and what they said."""

from __future__ import annotations

import secrets
import zlib

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse

from league.fields import ValuesJSONField
from league.models import Entry, Season
from league.rules_options import validate_round_options
from races.round_settings import round_settings_check


class Round(models.Model):
    class QualifyingFormat(models.TextChoices):
        NONE = "none", "No qualifying: grid by the grid rule"
        TIMED_LAP = "timed_lap", "Timed qualifying lap"
        RANDOM = "random", "Random grid"
        CHAMPIONSHIP = "championship", "Championship order"
        REVERSE = "reverse", "Reverse championship order"

    class GridRule(models.TextChoices):
        QUALIFYING = "qualifying", "From qualifying"
        CHAMPIONSHIP = "championship", "Championship order"
        REVERSE = "reverse", "Reverse championship order"
        RANDOM = "random", "Random (seeded)"
        ENTRY = "entry", "Entry order"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    name = models.CharField(max_length=100)
    track = models.CharField(max_length=40)
    laps = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(10)]
    )
    options = models.JSONField(default=dict, blank=True, help_text="Variants for this round.")
    scheduled_at = models.DateTimeField(null=True, blank=True)
    qualifying_format = models.CharField(
        max_length=20, choices=QualifyingFormat.choices, default=QualifyingFormat.NONE
    )
    grid_rule = models.CharField(max_length=20, choices=GridRule.choices, default=GridRule.ENTRY)
    # An organiser's choice when the round's qualifying failed: the race
    # starts without it, on this grid rule (races/qualifying.py).
    fallback_grid = models.CharField(
        max_length=20,
        choices=GridRule.choices,
        blank=True,
        help_text="The grid the race took because its qualifying failed.",
    )
    fallback_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Who chose to run the race without its qualifying.",
    )

    class Meta:
        ordering = ["season", "number"]
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return f"Round {self.number}: {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("round", args=[self.season.league.slug, self.season.slug, self.number])

    def clean(self) -> None:
        if self.season_id:
            taken = Round.objects.filter(season_id=self.season_id, number=self.number)
            if self.number and taken.exclude(pk=self.pk).exists():
                raise ValidationError(
                    {"number": f"Round {self.number} already exists in this season."}
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


def new_seed() -> str:
    """A session's seed: from a secure source, secret until the session ends."""
    return secrets.token_hex(16)


class Session(models.Model):
    class Kind(models.TextChoices):
        QUALIFYING = "qualifying", "Qualifying"
        RACE = "race", "Race"

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        AWAITING = "awaiting", "Awaiting players"
        FINISHED = "finished", "Finished"
        FAILED = "failed", "Failed"
        CANCELLED = "cancelled", "Cancelled"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="sessions")
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.RACE)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.SCHEDULED)
    live = models.BooleanField(
        default=False, help_text="People drive their own cars turn by turn (online play)."
    )
    scheduled_at = models.DateTimeField(null=True, blank=True)
    seed = models.CharField(max_length=64, default=new_seed, editable=False)
    seats = models.JSONField(default=list, blank=True, help_text="The seats the engine ran.")
    config = models.JSONField(default=dict, blank=True, help_text="The engine config used.")
    actions = models.JSONField(default=list, blank=True, help_text="Every action applied.")
    event_log = models.BinaryField(null=True, blank=True, editable=False)
    log_sha256 = models.CharField(max_length=64, blank=True)
    progress = models.JSONField(default=dict, blank=True)
    summary = models.JSONField(default=dict, blank=True, help_text="The engine's result details.")
    claim = models.CharField(max_length=32, blank=True, editable=False)
    queued_at = models.DateTimeField(null=True, blank=True, editable=False)
    lease_until = models.DateTimeField(null=True, blank=True, editable=False)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

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

    def set_event_log(self, canonical_log: str) -> None:
        # Level 1: a quarter of level 6's time for a log about half again as
        # large; compressing is on every session's path to its standings.
        self.event_log = zlib.compress(canonical_log.encode("utf-8"), 1)

    def event_log_text(self) -> str:
        if not self.event_log:
            return ""
        return zlib.decompress(bytes(self.event_log)).decode("utf-8")


class Result(models.Model):
    class Status(models.TextChoices):
        FINISHED = "finished", "Finished"
        ELIMINATED = "eliminated", "Eliminated"
        DID_NOT_START = "did_not_start", "Did not start"

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="results")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="results")
    seat = models.CharField(max_length=40, help_text="The seat id in the engine's log.")
    position = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=14, choices=Status.choices)
    laps = models.PositiveSmallIntegerField(default=0)
    distance = models.IntegerField(default=0)
    figures = ValuesJSONField(default=dict, blank=True)
    points = models.IntegerField(default=0)

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "entry"], name="result_entry_unique"),
            models.UniqueConstraint(fields=["session", "position"], name="result_position_unique"),
        ]

    def __str__(self) -> str:
        return f"P{self.position} {self.entry}"


class Turn(models.Model):
    """A decision a person owes in a live session, with its deadline."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="turns")
    seat = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="turns"
    )
    step = models.PositiveIntegerField(help_text="How many actions the race had when it opened.")
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
        help_text="E-mail me when a live race has waited a few minutes for my decision.",
    )

    def __str__(self) -> str:
        return f"turn notices for {self.user}"
