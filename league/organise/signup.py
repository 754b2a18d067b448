"""Drivers entering a season themselves: sign-up while the season takes
entries, the grid's seats and its waiting list (the reserves, in the order
they signed up), and the organiser's invitation links.

Whether a season takes entries is read in one place, `season_takes_entries`:
the season's stage (issue 23, item 1) decides it, and only that function
knows how the stage is stored."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history.record import record
from league.models import Driver, Entry, Season, Team
from league.organise.teams import team_create
from league.season_settings.checks import autopilot_default
from league.season_stage import Action, stage_check

INVITATION_SALT = "paddock.season-invitation"
INVITATION_DAYS_MAX = 60


def season_takes_entries(season: Season) -> bool:
    """Whether drivers may sign up for the season now: open for entries, or
    running with late entries taken. The one reader of the season's stage
    for sign-up."""
    stage = season.status
    return stage == Season.Status.OPEN or (stage == Season.Status.RUNNING and season.late_entries)


def racing_count(season: Season) -> int:
    """The people holding a seat on the grid (not withdrawn, not waiting);
    bots only fill the seats left (races/running/seating.py)."""
    return Entry.objects.filter(
        season=season, withdrawn=False, reserve=False, driver__is_bot=False
    ).count()


def waiting_list(season: Season) -> list[Entry]:
    """The reserves in the order they take a seat: first come, first served."""
    return list(
        Entry.objects.filter(season=season, reserve=True, withdrawn=False)
        .select_related("driver")
        .order_by("created_at", "pk")
    )


def grid_full(season: Season) -> bool:
    return racing_count(season) >= season.grid_size


def driver_for_user(*, user) -> Driver:
    """The user's driver, created on first use under a unique name."""
    driver = Driver.objects.filter(user=user).first()
    if driver:
        return driver
    base = (user.get_full_name() or user.get_username())[:55]
    name, n = base, 2
    while Driver.objects.filter(name=name).exists():
        name, n = f"{base} {n}", n + 1
    return Driver.objects.create(user=user, name=name)


@dataclass(frozen=True)
class Invitation:
    """What a signed invitation link says: the season it lets a person
    into, and until when."""

    season_id: int
    until: datetime


@transaction.atomic
def invitation_make(*, season: Season, days: int, actor) -> tuple[str, Invitation]:
    """A signed token for an invitation link to the season, good for `days`
    days: whoever opens it while it is good may enter, even before the
    season opens for entries. Nothing is stored but the history line."""
    if not 1 <= days <= INVITATION_DAYS_MAX:
        raise ValidationError(
            {
                "days": _("An invitation is good for 1 to %(most)s days.")
                % {"most": INVITATION_DAYS_MAX}
            }
        )
    until = timezone.now() + timedelta(days=days)
    token = signing.dumps(
        {"season": season.pk, "until": int(until.timestamp())}, salt=INVITATION_SALT
    )
    record(
        season.league,
        actor=actor,
        topic="entry",
        season=season,
        summary=gettext_noop("An invitation link to %(season)s was made, good for %(days)s days"),
        params={"season": season.name, "days": days},
    )
    return token, Invitation(season_id=season.pk, until=until)


def invitation_read(*, token: str) -> Invitation:
    """The invitation a token carries, or a ValidationError in words: a link
    that was changed or cut, or one past its date."""
    try:
        data = signing.loads(token, salt=INVITATION_SALT)
        invitation = Invitation(
            season_id=int(data["season"]), until=datetime.fromtimestamp(int(data["until"]), UTC)
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise ValidationError(
            _("This invitation link is not valid: check it was copied whole.")
        ) from None
    if invitation.until < timezone.now():
        raise ValidationError(_("This invitation has expired: ask the organiser for a new link."))
    return invitation


def _join_checks(
    season: Season, user, car_number: int, team: Team | None, new_team: str, invited: bool
) -> None:
    if not invited and not season_takes_entries(season):
        raise ValidationError(_("This season is not open for entries."))
    if Entry.objects.filter(season=season, driver__user=user).exists():
        raise ValidationError(_("You have already entered this season."))
    if team and new_team:
        raise ValidationError({"new_team": _("Join a team or found one, not both.")})
    if (team or new_team) and not season.team_mode:
        raise ValidationError({"team": _("This season has no teams.")})
    if Entry.objects.filter(season=season, car_number=car_number).exists():
        raise ValidationError(
            {
                "car_number": _("Car number %(car_number)s is taken in this season.")
                % {"car_number": car_number}
            }
        )


@transaction.atomic
def season_join(
    *,
    season: Season,
    user,
    car_number: int,
    team: Team | None = None,
    new_team: str = "",
    setup: dict | None = None,
    autopilot: str = "",
    invited: bool = False,
) -> Entry:
    """A driver enters a season that takes entries (or one they were
    invited to), joining a team or founding one. Once the grid is full, the
    entry joins the waiting list: a reserve that takes a seat, in sign-up
    order, when a driver withdraws."""
    # The season's row lock orders sign-ups: two drivers never both take the last seat.
    season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
    stage_check(season, Action.ENTRIES)
    _join_checks(season, user, car_number, team, new_team, invited)
    if new_team:
        team = team_create(season=season, name=new_team)
    driver = driver_for_user(user=user)
    reserve = grid_full(season)
    entry = Entry(
        season=season,
        driver=driver,
        car_number=car_number,
        team=team,
        setup=setup or {},
        autopilot=autopilot or autopilot_default(season.game, season.rules, season.bot_level),
        reserve=reserve,
    )
    entry.full_clean()
    entry.save()
    record(
        season.league,
        actor=user,
        topic="entry",
        season=season,
        summary=gettext_noop("%(driver)s signed up as car #%(car)s")
        if not reserve
        else gettext_noop("%(driver)s signed up as car #%(car)s, on the waiting list"),
        params={"driver": driver.name, "car": car_number},
        after=gettext_noop("Reserve") if reserve else gettext_noop("Racing"),
    )
    return entry
