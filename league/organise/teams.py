"""A season's teams."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import team_record
from league.models import Removal, Season, Team
from league.organise.removals import removal_keep, team_snapshot
from league.season_stage import Action, stage_check


@transaction.atomic
def team_create(*, season: Season, name: str, colour: str = "#c0392b", actor=None) -> Team:
    stage_check(season, Action.TEAMS)
    if not season.team_mode:
        raise ValidationError({"name": _("This season has no teams.")})
    name = name.strip()
    if Team.objects.filter(season=season, name__iexact=name).exists():
        raise ValidationError(
            {"name": _("There is already a team called %(name)s in this season.") % {"name": name}}
        )
    team = Team(season=season, name=name, colour=colour)
    team.full_clean()
    team.save()
    team_record(team, actor=actor, summary=gettext_noop("Team %(team)s added"))
    return team


@transaction.atomic
def team_update(*, team: Team, name: str, colour: str, actor=None) -> Team:
    """Rename a team or change its colour."""
    stage_check(team.season, Action.TEAMS)
    name = name.strip()
    taken = Team.objects.filter(season=team.season_id, name__iexact=name).exclude(pk=team.pk)
    if taken.exists():
        raise ValidationError(
            {"name": _("There is already a team called %(name)s in this season.") % {"name": name}}
        )
    team = (
        Team.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=team.pk)
    )
    was = {"was_name": team.name, "was_colour": team.colour}
    team.name = name
    team.colour = colour
    team.full_clean()
    team.save()
    if was != {"was_name": name, "was_colour": colour}:
        team_record(
            team,
            actor=actor,
            summary=gettext_noop("Team %(team)s changed"),
            before=gettext_noop("%(was_name)s, colour %(was_colour)s"),
            after=gettext_noop("%(team)s, colour %(now_colour)s"),
            now_colour=colour,
            **was,
        )
    return team


def team_delete_refusal(team: Team) -> str | None:
    """Why the team cannot be deleted, in words; None when it can. A team
    with drivers, past or present, or penalties keeps what it scored."""
    members = [str(e.driver) for e in team.members.select_related("driver")]
    if members:
        return _("%(team)s has drivers (%(drivers)s): move them to another team first.") % {
            "team": team.name,
            "drivers": ", ".join(members),
        }
    spell = team.spells.select_related("entry__driver").order_by("from_round").first()
    if spell is not None:
        return _(
            "%(driver)s drove for %(team)s from round %(round)s: the team keeps its results."
        ) % {"driver": spell.entry.driver, "team": team.name, "round": spell.from_round}
    if team.penalties.exists():
        return _("%(team)s has penalties: the team keeps the stewards' decisions.") % {
            "team": team.name
        }
    return None


@transaction.atomic
def team_delete(*, team: Team, actor=None) -> None:
    """Delete a team nobody drives or drove for; it can be restored within
    the restore window."""
    team = (
        Team.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=team.pk)
    )
    stage_check(team.season, Action.TEAMS)
    refusal = team_delete_refusal(team)
    if refusal:
        raise ValidationError(refusal)
    removal_keep(
        season=team.season,
        kind=Removal.Kind.TEAM,
        name=team.name,
        data=team_snapshot(team),
        actor=actor,
    )
    team_record(
        team,
        actor=actor,
        summary=gettext_noop("Team %(team)s deleted"),
        before=gettext_noop("In the season"),
        after=gettext_noop("Deleted (can be restored)"),
    )
    team.delete()
