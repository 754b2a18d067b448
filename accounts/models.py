"""Personal access tokens for the API (issue 23, item 7): shown once, stored
as a digest, revocable, each with the scopes its person chose. A token acts
as its person: it reaches exactly the leagues they may organise."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AccessToken(models.Model):
    class Scope(models.TextChoices):
        READ = "read", _("Read what I may see")
        RESULTS = "results", _("Store and import results")
        ENTRIES = "entries", _("Add and withdraw entries")
        ROUNDS = "rounds", _("Create rounds")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="access_tokens",
        verbose_name=_("account"),
    )
    name = models.CharField(max_length=60, verbose_name=_("name"))
    # The first characters of the token, shown so a person can tell tokens
    # apart; the token itself is never stored, only its SHA-256 digest (a
    # random 256-bit secret needs no slow hash).
    prefix = models.CharField(max_length=12, verbose_name=_("starts with"))
    digest = models.CharField(max_length=64, unique=True)
    scopes = models.JSONField(default=list, verbose_name=_("scopes"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    last_used_at = models.DateTimeField(null=True, blank=True, verbose_name=_("last used"))
    revoked_at = models.DateTimeField(null=True, blank=True, verbose_name=_("revoked"))

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    def scope_names(self) -> list[str]:
        labels = dict(self.Scope.choices)
        return [str(labels[s]) for s in self.scopes if s in labels]
