"""Entries: drivers signing up, added, changed, withdrawn and removed."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Driver, Entry, Season, Team, TeamChange
from league.organise.teams import _team_empty_delete, team_create


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


@transaction.atomic
def season_join(
    *,
    season: Season,
    user,
    car_number: int,
    team: Team | None = None,
    new_team: str = "",
    setup: dict | None = None,
    autopilot: str = "pro",
) -> Entry:
    """A driver enters an open season, joining a team or founding one; a
    running season that takes late entries takes them too. Past the grid
    size, the entry is a reserve that races once a driver withdraws."""
    late = season.status == Season.Status.RUNNING and season.late_entries
    if season.status != Season.Status.OPEN and not late:
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
    if new_team:
        team = team_create(season=season, name=new_team)
    driver = driver_for_user(user=user)
    racing = Entry.objects.filter(season=season, withdrawn=False, reserve=False).count()
    entry = entry_create(
        season=season,
        driver=driver,
        car_number=car_number,
        team=team,
        setup=setup,
        autopilot=autopilot,
        reserve=racing >= season.grid_size,
    )
    return entry


@transaction.atomic
def entry_withdraw(*, entry: Entry) -> Entry | None:
    """A driver leaves a season. Before it starts the entry is removed (its
    car number is free again). Once it runs, the entry stays with its
    results, marked withdrawn, and the first reserve takes the seat (and
    the team place); returns that reserve, if any."""
    entry = Entry.objects.select_for_update().select_related("season").get(pk=entry.pk)
    season = entry.season
    if season.status in (Season.Status.DRAFT, Season.Status.OPEN):
        team = entry.team
        entry.delete()
        _team_empty_delete(team)
        return None
    if entry.withdrawn:
        raise ValidationError(_("This driver has already withdrawn."))
    entry.withdrawn = True
    entry.save(update_fields=["withdrawn"])
    if entry.reserve:
        return None
    reserve = (
        Entry.objects.select_for_update()
        .filter(season=season, reserve=True, withdrawn=False)
        .order_by("created_at", "pk")
        .first()
    )
    if reserve is not None:
        reserve.reserve = False
        if season.team_mode and entry.team_id and reserve.team_id is None:
            reserve.team_id = entry.team_id
        reserve.save(update_fields=["reserve", "team"])
    return reserve


@transaction.atomic
def entry_remove(*, entry: Entry) -> None:
    """An organiser removes an entry made by mistake: only one without
    results (a driver who raced withdraws instead, keeping the results)."""
    if entry.results.exists():
        raise ValidationError(
            _(
                "This driver has results in the season: withdraw them instead, "
                "so the results and standings stay."
            )
        )
    team = entry.team
    entry.delete()
    _team_empty_delete(team)


@transaction.atomic
def entry_team_change(*, entry: Entry, team: Team | None, from_round: int) -> Entry:
    """From round `from_round` on, the entry drives for `team` (None: for no
    team). The rounds before keep their team, so the team standings score
    each round for the team the car drove for then."""
    entry = Entry.objects.select_for_update().select_related("season").get(pk=entry.pk)
    season = entry.season
    if not season.team_mode:
        raise ValidationError({"team": _("This season has no teams.")})
    if team is not None and team.season_id != season.pk:
        raise ValidationError({"team": _("That team races in another season.")})
    if not 1 <= from_round <= 999:
        raise ValidationError({"from_round": _("Give a round number from 1.")})
    changes = entry.team_changes.all()
    if from_round > 1 and not changes.exists():
        TeamChange.objects.create(entry=entry, team=entry.team, from_round=1)
    TeamChange.objects.update_or_create(entry=entry, from_round=from_round, defaults={"team": team})
    latest = entry.team_changes.order_by("-from_round").first()
    entry.team = latest.team
    entry.full_clean()
    entry.save(update_fields=["team"])
    return entry


@transaction.atomic
def entry_update(
    *,
    entry: Entry,
    car_number: int,
    autopilot: str,
    reserve: bool,
    team: Team | None = None,
    from_round: int | None = None,
) -> Entry:
    """An organiser changes an entry: car number, autopilot, reserve or not,
    and its team (from a round on, once the season has results)."""
    entry = Entry.objects.select_for_update().select_related("season").get(pk=entry.pk)
    entry.car_number = car_number
    entry.autopilot = autopilot
    entry.reserve = reserve
    entry.full_clean()
    entry.save(update_fields=["car_number", "autopilot", "reserve"])
    if entry.season.team_mode and team != entry.team:
        if from_round is None or from_round <= 1:
            entry.team_changes.all().delete()
            entry.team = team
            entry.full_clean()
            entry.save(update_fields=["team"])
        else:
            entry = entry_team_change(entry=entry, team=team, from_round=from_round)
    return entry


@transaction.atomic
def entry_add(
    *, season: Season, driver_name: str, car_number: int, team: Team | None = None
) -> Entry:
    """An organiser enters a driver by name: an existing driver, or a new
    bot persona at the season's bot level."""
    driver = Driver.objects.filter(name__iexact=driver_name.strip()).first()
    if driver is None:
        driver = Driver(name=driver_name.strip(), is_bot=True, bot_level=season.bot_level)
        driver.full_clean()
        driver.save()
    if Entry.objects.filter(season=season, driver=driver).exists():
        raise ValidationError(
            {
                "driver_name": _("%(driver)s has already entered this season.")
                % {"driver": driver.name}
            }
        )
    entry = entry_create(season=season, driver=driver, car_number=car_number, team=team)
    return entry


@transaction.atomic
def entry_create(
    *,
    season: Season,
    driver,
    car_number: int,
    team=None,
    setup: dict | None = None,
    autopilot: str = "pro",
    reserve: bool = False,
) -> Entry:
    """Enter a driver in a season; a clear ValidationError stores nothing."""
    entry = Entry(
        season=season,
        driver=driver,
        car_number=car_number,
        team=team,
        setup=setup or {},
        autopilot=autopilot,
        reserve=reserve,
    )
    entry.full_clean()
    entry.save()
    return entry
