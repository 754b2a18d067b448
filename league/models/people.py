"""Drivers (people and bot personas) and a person's preferences."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.page_versions import PageRows
from races.rules import game_choices, get_presentation


def bot_names() -> list[tuple[str, str]]:
    """Every bot of every registered game; a season's form offers its own
    game's (league/season_settings/checks.py)."""
    found: dict[str, str] = {}
    for key, _label in game_choices():
        found.update(get_presentation(key).capabilities.capabilities({}).bots)
    return list(found.items())


class Driver(models.Model):
    """A person with an account, or a bot persona with a name and a level."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="driver",
        verbose_name=_("account"),
    )
    name = models.CharField(max_length=60, unique=True, verbose_name=_("name"))
    is_bot = models.BooleanField(default=False, verbose_name=_("bot"))
    bot_level = models.CharField(
        max_length=20, choices=bot_names, blank=True, verbose_name=_("bot level")
    )
    # Set when the person closed their account (issue 28): the driver keeps
    # their results under a neutral name, and their account keeps nothing.
    closed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("account closed"))

    objects = PageRows.as_manager()
    page_season = "entries__season"  # league/page_versions.py
    page_unshown = frozenset(("user",))

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(is_bot=True, user__isnull=True)
                    | models.Q(is_bot=False, user__isnull=False)
                ),
                name="driver_is_a_person_or_a_bot",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.is_bot and not self.bot_level:
            raise ValidationError({"bot_level": _("A bot persona needs a level.")})


class Preferences(models.Model):
    """A person's settings: the time zone dates are shown in, and the
    language pages speak (blank: the browser's)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="preferences",
        verbose_name=_("account"),
    )
    time_zone = models.CharField(max_length=64, default="UTC", verbose_name=_("time zone"))
    language = models.CharField(max_length=16, blank=True, default="", verbose_name=_("language"))

    class Meta:
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.time_zone}"


class ConfirmedAddress(models.Model):
    """The e-mail address a person proved is theirs by following a signed
    link. Notices go to `user.email` only while it is this address: an
    address typed at sign-up or changed later (or set by staff) is silent
    until confirmed."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="confirmed_address",
        verbose_name=_("account"),
    )
    email = models.EmailField(verbose_name=_("e-mail address"))
    confirmed_at = models.DateTimeField(verbose_name=_("confirmed"))

    class Meta:
        verbose_name_plural = _("confirmed addresses")

    def __str__(self) -> str:
        return self.email


def address_confirmed(user) -> bool:
    """Whether notices may go to `user.email`: it is set and confirmed."""
    email = (user.email or "").strip().lower()
    if not email:
        return False
    confirmed = ConfirmedAddress.objects.filter(user=user).values_list("email", flat=True).first()
    return (confirmed or "").lower() == email
