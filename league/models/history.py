"""The league's history (issue 23): an append-only record of who changed
what and when, written in the same transaction as the change itself.

Rows are never updated or deleted by the site: `save()` refuses an update and
`delete()` refuses outright, so the record an organiser or steward reads is
the record the site wrote. The actor's name is copied at the time of the
change, so the line still reads right if the account is later closed.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class LeagueChange(models.Model):
    """One change in a league, in words: `summary` says what happened,
    `before` and `after` say the changed values as a person reads them. The
    three are English message ids (marked with gettext_noop where written)
    with %(name)s places filled from `params` when read."""

    class Topic(models.TextChoices):
        RESULT = "result", _("Results")
        PENALTY = "penalty", _("Penalties")
        ENTRY = "entry", _("Entries")
        TEAM = "team", _("Teams")
        ROUND = "round", _("Rounds")
        SETTINGS = "settings", _("Settings")
        LIFE_CYCLE = "life_cycle", _("Season stage")
        PEOPLE = "people", _("People")

    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, related_name="changes", verbose_name=_("league")
    )
    season = models.ForeignKey(
        "league.Season",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="changes",
        verbose_name=_("season"),
    )
    at = models.DateTimeField(auto_now_add=True, db_index=True, verbose_name=_("when"))
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("who"),
    )
    actor_name = models.CharField(max_length=150, blank=True, verbose_name=_("who"))
    topic = models.CharField(max_length=20, choices=Topic.choices, verbose_name=_("topic"))
    summary = models.CharField(max_length=300, verbose_name=_("what changed"))
    before = models.TextField(blank=True, verbose_name=_("before"))
    after = models.TextField(blank=True, verbose_name=_("after"))
    # Names, numbers and dates that fill the %(name)s places of the three
    # texts above, which are stored untranslated and read in the reader's
    # language (a league's organiser and its stewards may read different ones).
    params = models.JSONField(default=dict, blank=True, verbose_name=_("details"))

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["league", "topic", "-at"])]

    def __str__(self) -> str:
        return self.summary_words()

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("The league's history is append-only: a change is never rewritten.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("The league's history is append-only: a change is never deleted.")

    def _words(self, text: str) -> str:
        if not text:
            return ""
        said = gettext(text)
        return said % self.params if self.params and "%(" in said else said

    def summary_words(self) -> str:
        return self._words(self.summary)

    def before_words(self) -> str:
        return self._words(self.before)

    def after_words(self) -> str:
        return self._words(self.after)
