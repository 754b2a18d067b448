"""A season's life cycle (issue 23): draft → open for entries → running →
finished → archived. What each stage allows is written once, in
`allowances.py`; the moves, by the organiser or by themselves, in
`moves.py`. Services ask `stage_check` before they change anything, so a
stage that forbids an action refuses it with words whatever page or API
called the service."""

from league.season_stage.allowances import (
    Action,
    settings_frozen,
    stage_allows,
    stage_check,
)
from league.season_stage.moves import (
    ORGANISER_MOVES,
    season_stage_follow,
    season_stage_move,
    season_stage_round_added,
    stage_after_results,
)

__all__ = [
    "ORGANISER_MOVES",
    "Action",
    "season_stage_follow",
    "season_stage_move",
    "season_stage_round_added",
    "settings_frozen",
    "stage_after_results",
    "stage_allows",
    "stage_check",
]
