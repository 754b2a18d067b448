"""Ratings per player per game, the ledger they are replayed from, and each
season's title odds as computed after each round.

The services that fill them read results, so they live in races/
(ratings/updates.py, seasons/title_odds.py); these models know only the league.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Driver, Season, bot_names
from races.rules import game_choices


class Rating(models.Model):
    """A player's current rating in one game: a person, or a bot level (all
    the bots of a level are one algorithm, so they are one player)."""

    game = models.CharField(max_length=20, choices=game_choices)
    driver = models.ForeignKey(
        Driver, on_delete=models.CASCADE, null=True, blank=True, related_name="ratings"
    )
    bot_level = models.CharField(max_length=20, choices=bot_names, blank=True)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text=_("mu - 3 sigma: what the ladder ranks by."))
    races = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "-ordinal"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "driver"],
                condition=models.Q(driver__isnull=False),
                name="rating_driver_unique",
            ),
            models.UniqueConstraint(
                fields=["game", "bot_level"],
                condition=models.Q(driver__isnull=True),
                name="rating_bot_level_unique",
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(driver__isnull=False, bot_level="")
                    | (models.Q(driver__isnull=True) & ~models.Q(bot_level=""))
                ),
                name="rating_is_a_person_or_a_bot_level",
            ),
        ]
        indexes = [models.Index(fields=["game", "-ordinal"], name="rating_ladder")]

    def __str__(self) -> str:
        return f"{self.holder} ({self.get_game_display()}): {self.ordinal:.2f}"

    @property
    def holder(self) -> str:
        """Who holds the rating, in words."""
        if self.driver_id:
            return self.driver.name
        return f"{self.get_bot_level_display()} bots"


class RatingChange(models.Model):
    """What one race did to one rating: the ledger ratings are replayed from,
    in the order the races finished."""

    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    session = models.ForeignKey(
        "races.Session", on_delete=models.CASCADE, related_name="rating_changes"
    )
    finished_at = models.DateTimeField()
    place = models.PositiveSmallIntegerField(help_text=_("Best place of the player's cars."))
    cars = models.PositiveSmallIntegerField(help_text=_("Cars rated in the race."))
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    class Meta:
        ordering = ["finished_at", "session_id"]
        constraints = [
            models.UniqueConstraint(fields=["rating", "session"], name="rating_change_unique")
        ]
        indexes = [models.Index(fields=["finished_at", "session"], name="rating_change_order")]

    def __str__(self) -> str:
        return f"{self.rating_id} in session {self.session_id}: {self.ordinal:.2f}"

    @property
    def ordinal_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before


class TitleOdds(models.Model):
    """A season's title odds and clinch states after a round, by simulation
    from the ratings; one row per season and round, so a chart shows how
    they moved."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="title_odds")
    after_round = models.PositiveSmallIntegerField()
    computed_at = models.DateTimeField()
    simulations = models.PositiveIntegerField()
    seed = models.CharField(max_length=64)
    drivers = models.JSONField(
        default=list,
        help_text=_("Per entry: title, top three, expected position, margin, clinch state."),
    )
    teams = models.JSONField(default=list)

    class Meta:
        ordering = ["season", "after_round"]
        constraints = [
            models.UniqueConstraint(fields=["season", "after_round"], name="title_odds_unique")
        ]

    def __str__(self) -> str:
        return f"{self.season} after round {self.after_round}"
