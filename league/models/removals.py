"""What an organiser removed, kept so it can be put back (issue 23): an
entry or a team removed, a round deleted, a session's result deleted. The
row holds what was removed as plain data; seasons/restore.py puts it back
within RESTORE_WINDOW."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# How long a removal can be undone: long enough to notice a mistake at the
# next week's race night.
RESTORE_WINDOW = timedelta(days=8)


class Removal(models.Model):
    class Kind(models.TextChoices):
        ENTRY = "entry", _("Entry")
        TEAM = "team", _("Team")
        ROUND = "round", _("Round")
        RESULT = "result", _("Result")

    season = models.ForeignKey(
        "league.Season", on_delete=models.CASCADE, related_name="removals", verbose_name=_("season")
    )
    kind = models.CharField(max_length=10, choices=Kind.choices, verbose_name=_("what"))
    # The removed thing as a person names it: "#7 Ana Silva", "Round 3 (Monza)".
    name = models.CharField(max_length=200, verbose_name=_("name"))
    data = models.JSONField(default=dict, verbose_name=_("what was removed"))
    removed_at = models.DateTimeField(auto_now_add=True, verbose_name=_("removed"))
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("removed by"),
    )
    restored_at = models.DateTimeField(null=True, blank=True, verbose_name=_("restored"))

    class Meta:
        ordering = ["-removed_at", "-pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def restore_until(self):
        return self.removed_at + RESTORE_WINDOW

    def restorable(self, now=None) -> bool:
        return self.restored_at is None and (now or timezone.now()) < self.restore_until
