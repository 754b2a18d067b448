"""The driver an organiser names when entering a season (issue 23, item 4):
a person by their login name, an existing driver, or a bot only when asked."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from league.models import Driver, Season
from league.organise.signup import driver_for_user


def driver_named(season: Season, name: str, *, bot: bool) -> Driver:
    """The driver an organiser names: a person by their login name (their
    account's driver, made on first use), a driver by their shown name, or,
    only when asked, a new bot persona of that name."""
    name = name.strip()
    user = get_user_model().objects.filter(username__iexact=name).first()
    found = driver_for_user(user=user) if user is not None and not bot else None
    found = found or Driver.objects.filter(name__iexact=name).first()
    if found is not None and bot and not found.is_bot:
        raise ValidationError(
            {
                "driver_name": _("%(name)s is a person's name: choose another for a bot.")
                % {"name": name}
            }
        )
    if found is not None:
        return found
    if not bot:
        raise ValidationError(
            {
                "driver_name": _(
                    "Nobody is called %(name)s here: give a person's login name, send them "
                    "an invitation link, or tick “a new bot” to enter a bot of that name."
                )
                % {"name": name}
            }
        )
    driver = Driver(name=name, is_bot=True, bot_level=season.bot_level)
    driver.full_clean()
    driver.save()
    return driver
