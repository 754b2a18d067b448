"""Creating a season (its stages are moved in league/season_stage/)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.models import League, Season
from league.organise.leagues import scoring_custom_create, unique_slug
from league.season_settings.value import SeasonSettings

# The league's own pages under /l/<league>/ (paddock/urls.py): no season's
# address may take their names.
LEAGUE_PAGES = frozenset({"edit", "delete", "webhooks", "history", "tournaments"})


@transaction.atomic
def season_create(*, league: League, settings: SeasonSettings, actor=None) -> Season:
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
        lambda s: s in LEAGUE_PAGES or Season.objects.filter(league=league, slug=s).exists(),
        fallback="season",
    )
    season = Season(league=league, slug=slug, scoring=scoring, **settings.season_fields())
    season.full_clean()
    season.save()
    record(
        league,
        actor=actor,
        topic="life_cycle",
        season=season,
        summary=gettext_noop("Season %(season)s created"),
        params={"season": season.name},
        after=gettext_noop("Draft"),
    )
    return season
