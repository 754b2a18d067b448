"""What each stage of a season allows: the one table every service reads."""

from __future__ import annotations

from enum import StrEnum

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from league.models import Season

Stage = Season.Status


class Action(StrEnum):
    ENTRIES = "entries"  # add, change, withdraw or remove an entry
    TEAMS = "teams"  # add, change or delete a team
    ROUNDS = "rounds"  # add, change or delete a round
    RESULTS = "results"  # store, correct, import or delete a result
    PENALTIES = "penalties"  # give or take back a penalty


_ALL = frozenset(Action)

# Draft and open take everything; a result stored in either moves the season
# on to running by itself (moves.py). A finished season takes corrections of
# its results and penalties only: its entries, teams and rounds are as raced,
# and the organiser reopens it to change them (adding a round reopens it by
# itself: moves.season_stage_round_added). An archived season is kept as it
# stands.
ALLOWS: dict[str, frozenset[Action]] = {
    Stage.DRAFT: _ALL,
    Stage.OPEN: _ALL,
    Stage.RUNNING: _ALL,
    Stage.FINISHED: frozenset({Action.RESULTS, Action.PENALTIES}),
    Stage.ARCHIVED: frozenset(),
}

# The settings (fields of SeasonSettings.season_fields, and "scoring") that
# may no longer change in a stage. The game and teams shape every stored
# result, so they stay once the season runs; a finished season keeps all
# but its name; an archived one keeps everything.
_SHAPE = frozenset({"game", "team_mode"})
_ALL_SETTINGS = frozenset(
    {
        "name",
        "game",
        "rules",
        "team_mode",
        "team_size",
        "grid_size",
        "fill_with_bots",
        "bot_level",
        "live_play",
        "decision_seconds",
        "speed",
        "late_entries",
        "no_show",
        "start_when_all_in",
        "promotion",
        "scoring",
    }
)
FROZEN: dict[str, frozenset[str]] = {
    Stage.DRAFT: frozenset(),
    Stage.OPEN: frozenset(),
    Stage.RUNNING: _SHAPE,
    Stage.FINISHED: _ALL_SETTINGS - {"name"},
    Stage.ARCHIVED: _ALL_SETTINGS,
}


def stage_allows(season: Season, action: Action) -> bool:
    return action in ALLOWS.get(season.status, frozenset())


def settings_frozen(season: Season) -> frozenset[str]:
    return FROZEN.get(season.status, _ALL_SETTINGS)


def _refusal(season: Season, action: Action) -> str:
    stage = season.get_status_display().lower()
    said = {
        Action.ENTRIES: _("The season is %(stage)s: its entries can no longer change."),
        Action.TEAMS: _("The season is %(stage)s: its teams can no longer change."),
        Action.ROUNDS: _("The season is %(stage)s: its rounds can no longer change."),
        Action.RESULTS: _("The season is %(stage)s: its results can no longer change."),
        Action.PENALTIES: _("The season is %(stage)s: its penalties can no longer change."),
    }[action] % {"stage": stage}
    if season.status == Stage.ARCHIVED:
        return said + " " + _("Take it out of the archive first.")
    return said + " " + _("Reopen it first.")


def stage_check(season: Season, action: Action) -> None:
    """Refuse, with words, an action the season's stage does not allow."""
    if not stage_allows(season, action):
        raise ValidationError(_refusal(season, action))


def settings_check(season: Season, changed: set[str], labels: dict[str, str]) -> None:
    """Refuse a change to settings the season's stage keeps: `changed` are
    the settings that would change, `labels` their names in words."""
    frozen = sorted(changed & settings_frozen(season))
    if not frozen:
        return
    stage = season.get_status_display().lower()
    raise ValidationError(
        {
            name: _("The season is %(stage)s: its %(setting)s can no longer change.")
            % {"stage": stage, "setting": labels.get(name, name)}
            for name in frozen
        }
    )
