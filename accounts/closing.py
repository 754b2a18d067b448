"""Closing a person's account (issue 28): their results stay in every
league's tables under a neutral name, the leagues' histories say so, and
nothing else of theirs is kept.

The account's row stays, emptied (no name, address, password or
preferences, and unable to sign in), because results, penalties and reports
point at it; everything that names the person is removed or replaced.
"""

from __future__ import annotations

import uuid

from axes.models import AccessAttempt
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop, ngettext

from accounts.models import AccessToken
from league import history
from league.caching import season_changed
from league.models import ConfirmedAddress, Driver, League, Preferences
from races.models import Session, TurnNotices
from ratings.models import TitleOdds

FORMER = gettext_noop("Former driver")


def _former_name() -> str:
    number = Driver.objects.filter(closed_at__isnull=False).count() + 1
    while Driver.objects.filter(name=f"{FORMER} {number}").exists():
        number += 1
    return f"{FORMER} {number}"


def account_close_refusal(*, user) -> str:
    """Why the account cannot close now, in words (empty: it can)."""
    owned = list(League.objects.filter(owner=user).values_list("name", flat=True))
    if not owned:
        return ""
    return ngettext(
        "You organise %(leagues)s: a league needs its organiser, so delete it first.",
        "You organise %(leagues)s: a league needs its organiser, so delete them first.",
        len(owned),
    ) % {"leagues": ", ".join(owned)}


def _seat_names_replace(*, user, name: str) -> None:
    """The stored seats of the person's sessions take the neutral name, so
    replays and result pages no longer show the old one (the engines never
    read a seat's name, so every stored race still verifies)."""
    sessions = Session.objects.filter(round__season__entries__driver__user=user).distinct()
    for session in sessions:
        if not any(seat.get("user_id") == user.pk for seat in session.seats):
            continue
        session.seats = [
            {**seat, "name": name} if seat.get("user_id") == user.pk else seat
            for seat in session.seats
        ]
        session.save(update_fields=["seats"])


def _odds_names_replace(*, driver, name: str) -> None:
    """Stored title odds name each driver; the person's rows take the new name."""
    for odds in TitleOdds.objects.filter(season__entries__driver=driver).distinct():
        drivers = [
            {**row, "name": name} if row.get("driver_id") == driver.pk else row
            for row in odds.drivers
        ]
        if drivers != odds.drivers:
            odds.drivers = drivers
            odds.save(update_fields=["drivers"])


@transaction.atomic
def account_close(*, user) -> None:
    refusal = account_close_refusal(user=user)
    if refusal:
        raise ValidationError(refusal)
    driver = Driver.objects.select_for_update().filter(user=user).first()
    if driver is not None:
        former = _former_name()
        raced = League.objects.filter(seasons__entries__driver=driver).distinct()
        for league in raced:
            history.record(
                league,
                actor=None,
                topic="people",
                summary=gettext_noop(
                    "A driver closed their account; their results stay under the name %(former)s"
                ),
                params={"former": former},
            )
        driver.name, driver.closed_at = former, timezone.now()
        driver.save(update_fields=["name", "closed_at"])
        _seat_names_replace(user=user, name=former)
        _odds_names_replace(driver=driver, name=former)
        # The cached pages follow once the new name is committed, so no
        # reader caches the old one under the new version.
        seasons = set(driver.entries.values_list("season_id", flat=True))
        transaction.on_commit(lambda: [season_changed(season_id=pk) for pk in seasons])
    for league in League.objects.filter(stewards=user):
        history.record(
            league,
            actor=None,
            topic="people",
            summary=gettext_noop("A steward closed their account and is no longer a steward"),
        )
        league.stewards.remove(user)
    AccessAttempt.objects.filter(username=user.get_username()).delete()
    for model in (Preferences, TurnNotices, ConfirmedAddress, AccessToken):
        model.objects.filter(user=user).delete()
    user.username = f"former-{uuid.uuid4().hex[:20]}"
    user.email = user.first_name = user.last_name = ""
    user.is_active = user.is_staff = user.is_superuser = False
    user.set_unusable_password()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()
