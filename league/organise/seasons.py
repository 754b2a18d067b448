"""Creating a season and moving it through its states."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import League, ScoringSystem, Season
from league.organise.leagues import scoring_custom_create, unique_slug


@transaction.atomic
def season_create(
    *,
    league: League,
    name: str,
    game: str,
    rules: dict,
    scoring: ScoringSystem | None = None,
    own_points: list[int] | None = None,
    drop_worst: int = 0,
    team_mode: bool = False,
    team_size: int = 2,
    grid_size: int = 10,
    fill_with_bots: bool = True,
    bot_level: str = "pro",
    live_play: bool = False,
    decision_seconds: int = 300,
    late_entries: bool = False,
    scoring_options: dict | None = None,
) -> Season:
    """A season in draft: with a preset scoring system or the organiser's own
    points table (stored as a new scoring system of the league's owner, with
    `scoring_options`: eliminated_score, bonus)."""
    if scoring is None:
        if not own_points:
            raise ValidationError({"scoring": _("Choose a preset or give your own points table.")})
        scoring = scoring_custom_create(
            name=f"{league.name} — {name}",
            race_points=own_points,
            drop_worst=drop_worst,
            owner=league.owner,
            **(scoring_options or {}),
        )
    slug = unique_slug(
        name, lambda s: Season.objects.filter(league=league, slug=s).exists(), fallback="season"
    )
    season = Season(
        league=league,
        name=name,
        slug=slug,
        game=game,
        rules=rules,
        scoring=scoring,
        team_mode=team_mode,
        team_size=team_size,
        grid_size=grid_size,
        fill_with_bots=fill_with_bots,
        bot_level=bot_level,
        live_play=live_play,
        decision_seconds=decision_seconds,
        late_entries=late_entries,
    )
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
