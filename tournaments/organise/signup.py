"""Signing up for a tournament: open or by invitation, up to its cap, then
on the waiting list, whose first player takes the place of one who leaves.
The tournament's row lock orders sign-ups, so two never take the last place."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.models import Driver, Entry
from league.organise.signup import driver_for_user
from league.season_settings.checks import autopilot_default
from tournaments.models import Player, Tournament

Stage = Tournament.Status
TAKES_SIGN_UPS = (Stage.DRAFT, Stage.OPEN)


def locked(tournament: Tournament) -> Tournament:
    return (
        Tournament.objects.select_for_update(of=("self",))
        .select_related("league", "season")
        .get(pk=tournament.pk)
    )


def _seated(tournament: Tournament) -> int:
    return tournament.players.filter(waiting=False, dropped_after__isnull=True).count()


def _enter(tournament: Tournament, driver: Driver, *, actor) -> Player:
    if tournament.players.filter(driver=driver).exists():
        raise ValidationError(_("%(driver)s is already signed up.") % {"driver": driver.name})
    season = tournament.season
    number = (Entry.objects.filter(season=season).aggregate(n=Max("car_number"))["n"] or 0) + 1
    entry = Entry.objects.create(
        season=season,
        driver=driver,
        car_number=number,
        autopilot=tournament.bot_level
        if driver.is_bot
        else autopilot_default(season.game, season.rules, tournament.bot_level),
    )
    waiting = bool(tournament.cap) and _seated(tournament) >= tournament.cap
    player = Player.objects.create(
        tournament=tournament, driver=driver, entry=entry, waiting=waiting
    )
    record(
        tournament.league,
        actor=actor,
        topic="entry",
        season=season,
        summary=gettext_noop("%(driver)s signed up, on the waiting list")
        if waiting
        else gettext_noop("%(driver)s signed up"),
        params={"driver": driver.name},
    )
    return player


@transaction.atomic
def tournament_sign_up(*, tournament: Tournament, user, code: str = "") -> Player:
    """A person signs up while the tournament takes sign-ups: anyone when it
    is open, with the invitation's code when it is by invitation."""
    tournament = locked(tournament)
    if tournament.status != Stage.OPEN:
        raise ValidationError(_("This tournament does not take sign-ups now."))
    if tournament.sign_up == Tournament.SignUp.INVITE and not (
        code and tournament.invite_code and secrets.compare_digest(code, tournament.invite_code)
    ):
        raise ValidationError(_("This tournament is by invitation: use the link you were sent."))
    return _enter(tournament, driver_for_user(user=user), actor=user)


@transaction.atomic
def tournament_enter(*, tournament: Tournament, name: str, bot: bool, actor) -> Player:
    """The organiser enters a person by their login name, or a new bot."""
    tournament = locked(tournament)
    if tournament.status not in TAKES_SIGN_UPS:
        raise ValidationError(_("This tournament does not take sign-ups now."))
    name = (name or "").strip()
    if not name or len(name) > 60:
        raise ValidationError({"name": _("Give a name of 1 to 60 characters.")})
    if bot:
        if Driver.objects.filter(name=name).exists():
            raise ValidationError({"name": _("That name is taken: choose another.")})
        driver = Driver.objects.create(name=name, is_bot=True, bot_level=tournament.bot_level)
    else:
        driver = Driver.objects.filter(user__username=name, is_bot=False).first()
        if driver is None:
            user = _user_named(name)
            driver = driver_for_user(user=user)
    return _enter(tournament, driver, actor=actor)


def _user_named(name: str):
    user = get_user_model().objects.filter(username=name).first()
    if user is None:
        raise ValidationError({"name": _("Nobody signs in as %(name)s.") % {"name": name}})
    return user


@transaction.atomic
def tournament_leave(*, tournament: Tournament, player: Player, actor) -> Player | None:
    """A player leaves before the start; the first on the waiting list takes
    the place. Returns the player promoted, if any."""
    tournament = locked(tournament)
    if tournament.status not in TAKES_SIGN_UPS:
        raise ValidationError(_("The tournament has started: drop out instead."))
    player = Player.objects.select_related("driver", "entry").get(
        pk=player.pk, tournament=tournament
    )
    entry = player.entry
    player.delete()
    if entry is not None:
        entry.delete()
    record(
        tournament.league,
        actor=actor,
        topic="entry",
        season=tournament.season,
        summary=gettext_noop("%(driver)s left the tournament"),
        params={"driver": player.driver.name},
    )
    return waiting_promote(tournament)


def waiting_promote(tournament: Tournament) -> Player | None:
    """The first of the waiting list takes a free place (caller holds the lock)."""
    if tournament.cap and _seated(tournament) >= tournament.cap:
        return None
    first = tournament.players.filter(waiting=True).order_by("created_at", "pk").first()
    if first is None:
        return None
    first.waiting = False
    first.save(update_fields=["waiting"])
    record(
        tournament.league,
        actor=None,
        topic="entry",
        season=tournament.season,
        summary=gettext_noop("%(driver)s took a place from the waiting list"),
        params={"driver": first.driver.name},
    )
    return first


@transaction.atomic
def invitation_code_make(*, tournament: Tournament, actor) -> str:
    tournament = locked(tournament)
    tournament.invite_code = secrets.token_urlsafe(16)
    tournament.save(update_fields=["invite_code"])
    record(
        tournament.league,
        actor=actor,
        topic="entry",
        season=tournament.season,
        summary=gettext_noop("A new invitation link to %(tournament)s was made"),
        params={"tournament": tournament.name},
    )
    return tournament.invite_code
