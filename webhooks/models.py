"""A league's webhooks and the log of every delivery to them."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import League

EVENTS = [
    ("session_started", _("A session starts")),
    ("result_stored", _("A result is stored")),
    ("season_finished", _("A season ends")),
    ("tournament_round", _("A tournament round is drawn")),
    ("tournament_finished", _("A tournament ends")),
]


def new_secret() -> str:
    return secrets.token_hex(32)


class Webhook(models.Model):
    class Form(models.TextChoices):
        PADDOCK = "paddock", _("Paddock JSON")
        DISCORD = "discord", _("Discord message")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    form = models.CharField(max_length=10, choices=Form.choices, default=Form.PADDOCK)
    events = models.JSONField(default=list, help_text=_("Which events are posted."))
    secret = models.CharField(max_length=64, default=new_secret, editable=False)
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "created_at"]

    def __str__(self) -> str:
        return f"{self.league}: {self.url}"

    def event_names(self) -> list[str]:
        names = dict(EVENTS)
        return [names[e] for e in self.events if e in names]


class Delivery(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting to be sent")
        SENDING = "sending", _("Being sent")
        DELIVERED = "delivered", _("Delivered")
        GAVE_UP = "gave_up", _("Given up")

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event = models.CharField(max_length=20, choices=EVENTS)
    dedupe = models.CharField(
        max_length=80, help_text=_("One delivery per event and subject, however often announced.")
    )
    body = models.TextField(help_text=_("The exact JSON posted (what the signature signs)."))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = _("deliveries")
        constraints = [
            models.UniqueConstraint(fields=["webhook", "dedupe"], name="delivery_dedupe_unique")
        ]

    def __str__(self) -> str:
        return f"{self.get_event_display()} to {self.webhook_id}: {self.get_status_display()}"
