"""Creating a season and moving it through its states."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import League, Season
from league.organise.leagues import scoring_custom_create, unique_slug
from league.season_settings.value import SeasonSettings


@transaction.atomic
def season_create(*, league: League, settings: SeasonSettings) -> Season:
    """A season in draft: with a preset scoring system or the organiser's own
    points table (stored as a new scoring system of the league's owner, with
    its eliminated_score and bonus)."""
    scoring = settings.scoring
    if scoring is None:
        if not settings.own_points:
            raise ValidationError({"scoring": _("Choose a preset or give your own points table.")})
        scoring = scoring_custom_create(
            name=f"{league.name} — {settings.name}",
            race_points=list(settings.own_points),
            drop_worst=settings.drop_worst,
            owner=league.owner,
            eliminated_score=settings.eliminated_score,
            bonus=dict(settings.bonus),
        )
    slug = unique_slug(
        settings.name,
        lambda s: Season.objects.filter(league=league, slug=s).exists(),
        fallback="season",
    )
    season = Season(league=league, slug=slug, scoring=scoring, **settings.season_fields())
    season.full_clean()
    season.save()
    return season


SEASON_MOVES = {
    Season.Status.DRAFT: (Season.Status.OPEN,),
    Season.Status.OPEN: (Season.Status.DRAFT, Season.Status.RUNNING),
    Season.Status.RUNNING: (Season.Status.FINISHED,),
    Season.Status.FINISHED: (Season.Status.RUNNING,),
}


@transaction.atomic
def season_status_set(*, season: Season, status: str) -> Season:
    allowed = SEASON_MOVES.get(season.status, ())
    if status not in allowed:
        raise ValidationError(
            _("A %(season)s season cannot become %(value)s.")
            % {
                "season": season.get_status_display().lower(),
                "value": Season.Status(status).label.lower()
                if status in Season.Status.values
                else status,
            }
        )
    season.status = status
    season.save(update_fields=["status"])
    return season
