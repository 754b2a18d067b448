"""Entries: drivers signing up, added, changed, withdrawn and removed."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import entry_record, entry_words, record
from league.models import Entry, Removal, Season, Team, TeamChange
from league.organise.drivers import driver_named
from league.organise.removals import entry_snapshot, removal_keep
from league.organise.signup import grid_full
from league.season_settings.checks import autopilot_default
from league.season_stage import Action, stage_check


@transaction.atomic
def entry_withdraw(*, entry: Entry, actor=None) -> Entry | None:
    """A driver leaves a season. Before the season runs, an entry that has
    not raced is removed (its car number is free again, and the organiser
    may restore it). Any other stays with its results, marked withdrawn,
    so the tables keep what it scored, and the first reserve takes the seat
    (and the team place); returns that reserve, if any. Nothing stored is
    deleted, and the entry's team stays."""
    entry = (
        Entry.objects.select_for_update(of=("self",))
        .select_related("season__league", "driver")
        .get(pk=entry.pk)
    )
    season = entry.season
    stage_check(season, Action.ENTRIES)
    if entry.withdrawn:
        raise ValidationError(_("This driver has already withdrawn."))
    if season.status in (Season.Status.DRAFT, Season.Status.OPEN) and not _has_raced(entry):
        _entry_delete(entry, actor=actor, summary=gettext_noop("%(entry)s withdrew before racing"))
        return None
    entry.withdrawn = True
    entry.save(update_fields=["withdrawn"])
    entry_record(
        entry,
        actor=actor,
        summary=gettext_noop("%(entry)s withdrew"),
        before=gettext_noop("Reserve") if entry.reserve else gettext_noop("Racing"),
        after=gettext_noop("Withdrawn, results kept"),
    )
    if entry.reserve:
        return None
    reserve = (
        Entry.objects.select_for_update(of=("self",))
        .select_related("season__league", "driver")
        .filter(season=season, reserve=True, withdrawn=False)
        .order_by("created_at", "pk")
        .first()
    )
    if reserve is not None:
        reserve.reserve = False
        if season.team_mode and entry.team_id and reserve.team_id is None:
            reserve.team_id = entry.team_id
        if entry.division_id and reserve.division_id is None:
            reserve.division_id = entry.division_id  # the seat's division (issue 26)
        reserve.save(update_fields=["reserve", "team", "division"])
        entry_record(
            reserve,
            actor=actor,
            summary=gettext_noop("%(entry)s takes the seat of %(withdrawn)s"),
            withdrawn=entry_words(entry),
            before=gettext_noop("Reserve"),
            after=gettext_noop("Racing"),
        )
    return reserve


def _has_raced(entry: Entry) -> bool:
    return entry.results.exists() or entry.penalties.exists()


def entry_remove_refusal(entry: Entry) -> str | None:
    """Why the entry cannot be removed, in words; None when it can."""
    if entry.results.exists():
        return _(
            "This driver has results in the season: withdraw them instead, "
            "so the results and standings stay."
        )
    if entry.penalties.exists():
        return _(
            "This driver has penalties in the season: withdraw them instead, "
            "so the stewards' decisions stay."
        )
    return None


@transaction.atomic
def entry_remove(*, entry: Entry, actor=None) -> None:
    """An organiser removes an entry made by mistake: only one without
    results or penalties (a driver who raced withdraws instead, keeping the
    results). Its team stays, even when it was the team's last driver; the
    entry can be restored within the restore window."""
    entry = (
        Entry.objects.select_for_update(of=("self",))
        .select_related("season__league", "driver")
        .get(pk=entry.pk)
    )
    stage_check(entry.season, Action.ENTRIES)
    refusal = entry_remove_refusal(entry)
    if refusal:
        raise ValidationError(refusal)
    _entry_delete(entry, actor=actor, summary=gettext_noop("Entry %(entry)s removed"))


def _entry_delete(entry: Entry, *, actor, summary: str) -> None:
    removal_keep(
        season=entry.season,
        kind=Removal.Kind.ENTRY,
        name=entry_words(entry),
        data=entry_snapshot(entry),
        actor=actor,
    )
    entry_record(
        entry,
        actor=actor,
        summary=summary,
        before=gettext_noop("In the entry list"),
        after=gettext_noop("Removed (can be restored)"),
    )
    entry.delete()


@transaction.atomic
def entry_team_change(*, entry: Entry, team: Team | None, from_round: int, actor=None) -> Entry:
    """From round `from_round` on, the entry drives for `team` (None: for no
    team). The rounds before keep their team, so the team standings score
    each round for the team the car drove for then."""
    entry = (
        Entry.objects.select_for_update(of=("self",))
        .select_related("season__league", "driver", "team")
        .get(pk=entry.pk)
    )
    season = entry.season
    stage_check(season, Action.ENTRIES)
    was = entry.team.name if entry.team else "—"
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
    entry_record(
        entry,
        actor=actor,
        summary=gettext_noop("%(entry)s drives for another team from round %(round)s"),
        round=from_round,
        was_team=was,
        now_team=team.name if team else "—",
        before=gettext_noop("Team: %(was_team)s"),
        after=gettext_noop("Team: %(now_team)s"),
    )
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
    actor=None,
) -> Entry:
    """An organiser changes an entry: car number, autopilot, reserve or not,
    and its team (from a round on, once the season has results)."""
    entry = (
        Entry.objects.select_for_update(of=("self",))
        .select_related("season__league", "driver", "team")
        .get(pk=entry.pk)
    )
    stage_check(entry.season, Action.ENTRIES)
    was = _entry_state(entry, "was")
    if entry.reserve and not reserve and not entry.withdrawn:
        _seat_free_or_error(entry.season)
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
            entry = entry_team_change(entry=entry, team=team, from_round=from_round, actor=actor)
    now = _entry_state(entry, "now")
    if (was[0].replace("was", "now"), list(was[1].values())) != (now[0], list(now[1].values())):
        entry_record(
            entry,
            actor=actor,
            summary=gettext_noop("Entry %(entry)s changed"),
            before=was[0],
            after=now[0],
            **was[1],
            **now[1],
        )
    return entry


# An entry's car, team, autopilot and reserve place, before and after.
STATE_WORDS = {
    ("was", False): gettext_noop("#%(was_car)s, team %(was_team)s, autopilot %(was_autopilot)s"),
    ("was", True): gettext_noop(
        "#%(was_car)s, team %(was_team)s, autopilot %(was_autopilot)s, reserve"
    ),
    ("now", False): gettext_noop("#%(now_car)s, team %(now_team)s, autopilot %(now_autopilot)s"),
    ("now", True): gettext_noop(
        "#%(now_car)s, team %(now_team)s, autopilot %(now_autopilot)s, reserve"
    ),
}


def _entry_state(entry: Entry, prefix: str) -> tuple[str, dict]:
    values = {
        f"{prefix}_car": entry.car_number,
        f"{prefix}_team": entry.team.name if entry.team else "—",
        f"{prefix}_autopilot": str(entry.get_autopilot_display()),
    }
    return STATE_WORDS[(prefix, entry.reserve)], values


def _seat_free_or_error(season: Season) -> None:
    """A reserve takes a seat only while the grid has one free."""
    if grid_full(season):
        raise ValidationError(
            {
                "reserve": _(
                    "The grid of %(grid)s cars is full: this driver stays a reserve until a "
                    "driver withdraws (or make the grid larger)."
                )
                % {"grid": season.grid_size}
            }
        )


@transaction.atomic
def entry_add(
    *,
    season: Season,
    driver_name: str,
    car_number: int,
    team: Team | None = None,
    bot: bool = False,
    actor=None,
) -> Entry:
    """An organiser enters a driver by name: a person by their login name
    (their account is linked, never a bot made in their name), an existing
    driver, or, when `bot` is asked for, a bot persona at the season's bot
    level. Past the grid size the entry is a reserve, on the waiting list."""
    season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
    stage_check(season, Action.ENTRIES)
    driver = driver_named(season, driver_name, bot=bot)
    if Entry.objects.filter(season=season, driver=driver).exists():
        raise ValidationError(
            {
                "driver_name": _("%(driver)s has already entered this season.")
                % {"driver": driver.name}
            }
        )
    reserve = grid_full(season)
    if reserve and driver.is_bot:
        raise ValidationError(
            {
                "driver_name": _(
                    "The grid of %(grid)s cars is full of drivers: a bot would never race."
                )
                % {"grid": season.grid_size}
            }
        )
    entry = entry_create(
        season=season, driver=driver, car_number=car_number, team=team, reserve=reserve
    )
    record(
        season.league,
        actor=actor,
        topic="entry",
        season=season,
        summary=gettext_noop("%(driver)s entered as car #%(car)s")
        if not reserve
        else gettext_noop("%(driver)s entered as car #%(car)s, on the waiting list"),
        params={"driver": driver.name, "car": car_number},
        after=gettext_noop("Reserve") if reserve else gettext_noop("Racing"),
    )
    return entry


@transaction.atomic
def entry_create(
    *,
    season: Season,
    driver,
    car_number: int,
    team=None,
    setup: dict | None = None,
    autopilot: str = "",
    reserve: bool = False,
) -> Entry:
    """Enter a driver in a season; a clear ValidationError stores nothing.
    Without an autopilot, the season's game's default (its own bots only)."""
    if not autopilot:
        autopilot = autopilot_default(season.game, season.rules, season.bot_level)
        if getattr(driver, "is_bot", False):
            autopilot = season.bot_level
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
