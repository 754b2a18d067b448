"""A round's qualifying and grid settings, checked against the game where
they are made: timed qualifying only where the game has a qualifying mode,
and a grid rule that agrees with the qualifying format. Values are the
round model's choices (races/models/rounds.py)."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from races.rules import ConfigError, get_presentation

TIMED_LAP = "timed_lap"
FROM_QUALIFYING, ENTRY = "qualifying", "entry"
# Qualifying formats that are grid rules of their own (no session is run).
GRID_FORMATS = {"random": "random", "championship": "championship", "reverse": "reverse"}


def qualifying_choices(game: str, rules: dict, choices: Sequence[tuple[str, str]]) -> list:
    """The qualifying formats (of `choices`) this game can run."""
    try:
        modes = get_presentation(game).capabilities.capabilities(rules or {}).modes
    except ConfigError:
        modes = ("race",)
    return [
        (value, label) for value, label in choices if value != TIMED_LAP or "qualifying" in modes
    ]


def round_settings_check(
    *,
    game: str,
    rules: dict,
    qualifying_format: str,
    grid_rule: str,
    choices: Sequence[tuple[str, str]],
) -> None:
    """Raise a ValidationError naming the setting the game cannot run."""
    if qualifying_format not in dict(qualifying_choices(game, rules, choices)):
        raise ValidationError(
            {"qualifying_format": _("This game has no qualifying lap: choose how the grid is set.")}
        )
    if grid_rule == FROM_QUALIFYING and qualifying_format != TIMED_LAP:
        raise ValidationError(
            {
                "grid_rule": _(
                    "The grid comes from qualifying, but this round has no "
                    "qualifying lap: choose a timed qualifying lap, or another grid rule."
                )
            }
        )
    # With a qualifying lap, the grid rule is the race's grid should the qualifying
    # fail (races/rounds/qualifying.py): any rule may stand beside it.
    fixed = GRID_FORMATS.get(qualifying_format)
    if fixed and grid_rule not in (fixed, ENTRY):
        raise ValidationError(
            {
                "grid_rule": _(
                    "The qualifying format already sets the grid (%(value)s): leave the grid "
                    "rule to it."
                )
                % {"value": dict(choices)[qualifying_format].lower()}
            }
        )
