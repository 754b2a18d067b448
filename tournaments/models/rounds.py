"""A tournament's rounds, their tables (one race session each) and byes."""

from __future__ import annotations

from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _

from races.models import Session
from tournaments.models.entries import Player
from tournaments.models.events import Tournament


class Round(models.Model):
    class Part(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("Round robin")
        HEATS = "heats", _("Heats")
        REPECHAGE = "repechage", _("Repechage")
        SEMI_FINAL = "semi_final", _("Semi-finals")
        FINAL = "final", _("Final")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="draws")
    number = models.PositiveSmallIntegerField()
    part = models.CharField(max_length=12, choices=Part.choices)
    scheduled_at = models.DateTimeField(null=True, blank=True)
    drawn_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="tround_number_unique")
        ]

    def __str__(self) -> str:
        return _("Round %(number)s") % {"number": self.number}


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    session = models.OneToOneField(
        Session, on_delete=models.PROTECT, related_name="tournament_table"
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique")
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}


class Seat(models.Model):
    """A player at a table (a filling bot has no player)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="places")
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )
    entry_id = models.BigIntegerField()  # the car raced: the season entry
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["table", "order"]
        constraints = [
            models.UniqueConstraint(fields=["table", "entry_id"], name="seat_entry_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table} — {self.order + 1}"


class Bye(models.Model):
    """A round a player sat out, scored as the tournament says."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="byes")
    points = models.DecimalField(max_digits=6, decimal_places=2, default=Decimal(0))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="bye_player_unique")
        ]

    def __str__(self) -> str:
        return f"{self.round} — {self.player}"
