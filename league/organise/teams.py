"""A season's teams."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Season, Team


@transaction.atomic
def team_create(*, season: Season, name: str, colour: str = "#c0392b") -> Team:
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
    return team


@transaction.atomic
def team_update(*, team: Team, name: str, colour: str) -> Team:
    """Rename a team or change its colour."""
    name = name.strip()
    taken = Team.objects.filter(season=team.season_id, name__iexact=name).exclude(pk=team.pk)
    if taken.exists():
        raise ValidationError(
            {"name": _("There is already a team called %(name)s in this season.") % {"name": name}}
        )
    team = Team.objects.select_for_update().get(pk=team.pk)
    team.name = name
    team.colour = colour
    team.full_clean()
    team.save()
    return team


@transaction.atomic
def team_delete(*, team: Team) -> None:
    """Delete a team nobody drives for."""
    team = Team.objects.select_for_update().get(pk=team.pk)
    if team.members.exists():
        raise ValidationError(_("Only a team without drivers can be deleted."))
    team.delete()


def _team_empty_delete(team: Team | None) -> None:
    if team is not None and not team.members.exists() and not team.spells.exists():
        team.delete()
