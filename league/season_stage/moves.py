"""Moving a season from stage to stage: by the organiser (with a
confirmation page, seasons/views/stage.py) or by itself where it is
obvious: the first session run makes a draft or open season running, the
last round scored makes it finished. Every move writes a line of the
league's history in its own transaction."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.models import Season

Stage = Season.Status

# The stage names as stored in the history (the model's labels, untranslated:
# the history is read in each reader's language).
STAGE_WORDS = {
    Stage.DRAFT: gettext_noop("Draft"),
    Stage.OPEN: gettext_noop("Open for entries"),
    Stage.RUNNING: gettext_noop("Running"),
    Stage.FINISHED: gettext_noop("Finished"),
    Stage.ARCHIVED: gettext_noop("Archived"),
}

# What an organiser may move a season to from each stage.
ORGANISER_MOVES: dict[str, tuple[str, ...]] = {
    Stage.DRAFT: (Stage.OPEN, Stage.RUNNING),
    Stage.OPEN: (Stage.DRAFT, Stage.RUNNING),
    Stage.RUNNING: (Stage.FINISHED,),
    Stage.FINISHED: (Stage.RUNNING, Stage.ARCHIVED),
    Stage.ARCHIVED: (Stage.FINISHED,),
}


def _stage_words(status: str) -> str:
    return str(Stage(status).label).lower() if status in Stage.values else status


@transaction.atomic
def season_stage_move(*, season: Season, stage: str, actor) -> Season:
    """The organiser moves the season on (or back) one stage."""
    season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
    if stage not in ORGANISER_MOVES.get(season.status, ()):
        raise ValidationError(
            _("A %(season)s season cannot become %(value)s.")
            % {"season": _stage_words(season.status), "value": _stage_words(stage)}
        )
    return _move(season, stage, actor=actor)


def _move(season: Season, stage: str, *, actor) -> Season:
    before = season.status
    season.status = stage
    season.save(update_fields=["status"])
    record(
        season.league,
        actor=actor,
        topic="life_cycle",
        season=season,
        summary=gettext_noop("%(season)s moved to another stage"),
        params={"season": season.name},
        before=STAGE_WORDS[before],
        after=STAGE_WORDS[stage],
    )
    return season


def stage_after_results(status: str, *, rounds: int, scored: int) -> str | None:
    """The stage a season moves to by itself once a result is stored: the
    first result makes a draft or open season running; every round scored
    makes a running one finished. None: it stays."""
    if status in (Stage.DRAFT, Stage.OPEN):
        status_now = Stage.RUNNING
    elif status == Stage.RUNNING:
        status_now = status
    else:
        return None
    if rounds and scored >= rounds:
        return Stage.FINISHED
    return status_now if status_now != status else None


def season_stage_follow(*, season: Season, rounds: int, scored: int) -> str | None:
    """After a result is stored (inside its transaction): move the season on
    by itself where it is obvious. Returns the new stage, if any."""
    stage = stage_after_results(season.status, rounds=rounds, scored=scored)
    if stage is None:
        return None
    _move(season, stage, actor=None)
    return stage


def season_stage_round_added(*, season: Season, actor) -> Season:
    """A round added to a finished season means it goes on: it is running
    again (the last round scored had finished it by itself)."""
    if season.status == Stage.FINISHED:
        _move(season, Stage.RUNNING, actor=actor)
    return season
