"""Putting back what an organiser removed, within the restore window
(league/models/removals.py): an entry, a team, a round, a session's result.
Each is checked as it would be when made anew (a car number taken since,
a round number reused, a session that has a result again is refused with
words) and written in the league's history."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import entry_record, team_record
from league.models import RESTORE_WINDOW, Entry, Removal, Season, Team, TeamChange
from league.season_stage import Action, stage_check
from races.models import Result, Session
from races.results.standings import standings_recompute
from races.results.store import HAND_ENTERABLE, SeatResult, session_results_store
from races.rounds.edits import round_create, round_record

ACTION_OF = {
    Removal.Kind.ENTRY: Action.ENTRIES,
    Removal.Kind.TEAM: Action.TEAMS,
    Removal.Kind.ROUND: Action.ROUNDS,
    Removal.Kind.RESULT: Action.RESULTS,
}


def removals_of(*, season: Season) -> list[Removal]:
    """What may still be restored in the season, newest first."""
    since = timezone.now() - RESTORE_WINDOW
    return list(
        Removal.objects.filter(
            season=season, restored_at=None, removed_at__gt=since
        ).select_related("removed_by")
    )


@transaction.atomic
def removal_restore(*, removal: Removal, actor) -> Removal:
    removal = (
        Removal.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=removal.pk)
    )
    if removal.restored_at is not None:
        raise ValidationError(_("%(name)s has already been restored.") % {"name": removal.name})
    if not removal.restorable():
        raise ValidationError(
            _("%(name)s was removed too long ago to be restored.") % {"name": removal.name}
        )
    season = removal.season
    stage_check(season, ACTION_OF[removal.kind])
    RESTORERS[removal.kind](season, removal.data, actor)
    removal.restored_at = timezone.now()
    removal.save(update_fields=["restored_at"])
    return removal


def _entry_restore(season: Season, data: dict, actor) -> None:
    taken = Entry.objects.filter(season=season, car_number=data["car_number"]).exists()
    if taken:
        raise ValidationError(
            _("Car number %(number)s has been taken since: change that entry first.")
            % {"number": data["car_number"]}
        )
    if Entry.objects.filter(season=season, driver_id=data["driver"]).exists():
        raise ValidationError(_("This driver has entered the season again since."))
    teams = set(Team.objects.filter(season=season).values_list("pk", flat=True))
    entry = Entry.objects.create(
        season=season,
        driver_id=data["driver"],
        car_number=data["car_number"],
        team_id=data["team"] if data["team"] in teams else None,
        setup=data["setup"],
        autopilot=data["autopilot"],
        reserve=data["reserve"],
        withdrawn=data["withdrawn"],
        carry=data["carry"],
    )
    for team_id, from_round in data["team_changes"]:
        if team_id is None or team_id in teams:
            TeamChange.objects.create(entry=entry, team_id=team_id, from_round=from_round)
    entry_record(entry, actor=actor, summary=gettext_noop("Entry %(entry)s restored"))
    standings_recompute(season=season)


def _team_restore(season: Season, data: dict, actor) -> None:
    if Team.objects.filter(season=season, name__iexact=data["name"]).exists():
        raise ValidationError(
            _("There is already a team called %(name)s in this season.") % {"name": data["name"]}
        )
    team = Team.objects.create(season=season, name=data["name"], colour=data["colour"])
    team_record(team, actor=actor, summary=gettext_noop("Team %(team)s restored"))
    standings_recompute(season=season)


def _round_restore(season: Season, data: dict, actor) -> None:
    when = data["scheduled_at"]
    rnd = round_create(
        season=season,
        number=data["number"],
        name=data["name"],
        track=data["track"],
        laps=data["laps"],
        options=data["options"],
        scheduled_at=datetime.fromisoformat(when) if when else None,
        qualifying_format=data["qualifying_format"],
        grid_rule=data["grid_rule"],
        points_multiplier=Decimal(str(data["points_multiplier"])),
    )
    round_record(rnd, actor=actor, summary=gettext_noop("Round %(round)s restored"))


def _result_restore(season: Season, data: dict, actor) -> None:
    session = (
        Session.objects.select_for_update(of=("self",))
        .select_related("round__season")
        .filter(pk=data["session"], round__season=season)
        .first()
    )
    if session is None:
        raise ValidationError(_("The session of this result is gone: it cannot be restored."))
    if Result.objects.filter(session=session).exists() or session.status not in HAND_ENTERABLE:
        raise ValidationError(_("This session has a result again: delete it first."))
    entries = set(Entry.objects.filter(season=season).values_list("pk", flat=True))
    if not {line["entry_id"] for line in data["lines"]} <= entries:
        raise ValidationError(_("A car of this result has left the season: restore it first."))
    session.status = Session.Status.FINISHED
    session.save(update_fields=["status"])
    session_results_store(
        session=session,
        lines=[SeatResult(**line) for line in data["lines"]],
        actor=actor,
        how="restore",
    )


RESTORERS = {
    Removal.Kind.ENTRY: _entry_restore,
    Removal.Kind.TEAM: _team_restore,
    Removal.Kind.ROUND: _round_restore,
    Removal.Kind.RESULT: _result_restore,
}
