"""A player of a tournament: a person or a bot, its seed, check-in and
whether it dropped out or waits for a place."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Driver, Entry
from tournaments.models.events import Tournament


class Player(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="players", verbose_name=_("tournament")
    )
    driver = models.ForeignKey(
        Driver,
        on_delete=models.PROTECT,
        related_name="tournament_players",
        verbose_name=_("driver"),
    )
    # The driver's entry in the tournament's season: the car it races at every table.
    entry = models.OneToOneField(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="tournament_player"
    )
    seed = models.PositiveIntegerField(null=True, blank=True, verbose_name=_("seed"))
    rating = models.FloatField(null=True, blank=True, editable=False)
    checked_in_at = models.DateTimeField(null=True, blank=True, verbose_name=_("checked in"))
    dropped_after = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("The last round played before dropping out.")
    )
    waiting = models.BooleanField(default=False, verbose_name=_("on the waiting list"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seed", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "driver"], name="player_driver_unique")
        ]

    def __str__(self) -> str:
        return self.driver.name

    @property
    def dropped(self) -> bool:
        return self.dropped_after is not None
