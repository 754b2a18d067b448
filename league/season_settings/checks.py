"""Settings the game cannot run are refused where they are made, field by
field, in words an organiser understands: a season's grid, bots and teams,
and a driver's car setup, checked against the game's capabilities
(races/rules/presentation.py), never left to fail in a worker later."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from races.rules import ConfigError, get_presentation
from races.rules.presentation import check_setup_fields


def capabilities(game: str, rules: Mapping[str, Any]):
    try:
        return get_presentation(game).capabilities(rules or {})
    except ConfigError:
        return None


def bot_choices(game: str, rules: Mapping[str, Any] | None = None) -> list[tuple[str, str]]:
    """The bots a season of this game can fill its grid with."""
    found = capabilities(game, rules or {})
    return list(found.bots) if found else []


def autopilot_choices(game: str, rules: Mapping[str, Any] | None = None) -> list:
    """The bots a driver may hand their car to."""
    found = capabilities(game, rules or {})
    return list(found.autopilot_bots) if found else []


def season_settings_check(
    *,
    game: str,
    rules: Mapping[str, Any],
    grid_size: int | None,
    bot_level: str,
    team_mode: bool,
    team_size: int | None,
) -> None:
    """Raise a ValidationError naming each setting the game cannot run."""
    found = capabilities(game, rules)
    if found is None:
        return
    errors = {}
    if grid_size is not None and not found.min_seats <= grid_size <= found.max_seats:
        errors["grid_size"] = _(
            "This game races %(least)s to %(most)s cars under these rules: choose a grid size in "
            "that range."
        ) % {"least": found.min_seats, "most": found.max_seats}
    if bot_level and bot_level not in dict(found.bots):
        names = ", ".join(label for _, label in found.bots)
        errors["bot_level"] = _("This game's bots are: %(names)s.") % {"names": names}
    if found.team_race_option and rules.get(found.team_race_option):
        if not team_mode or team_size != 2:
            errors["team_mode"] = _(
                "A team race needs teams of two drivers: turn teams on, size 2."
            )
        elif grid_size is not None and grid_size % 2:
            errors["grid_size"] = _("A team race needs an even field, two cars per team.")
    if errors:
        raise ValidationError(errors)


def setup_fields(game: str, rules: Mapping[str, Any]):
    """The per-entry setup a join form draws for this season, or None."""
    try:
        return get_presentation(game).setup_schema(rules or {})
    except ConfigError:
        return None


def setup_check(game: str, rules: Mapping[str, Any], values: Mapping[str, int | None]) -> dict:
    """A driver's setup as the engine takes it ({} for the standard car), or
    a ValidationError saying what is wrong or that the season allows none."""
    schema = setup_fields(game, rules)
    given = {k: v for k, v in values.items() if v is not None}
    if schema is None:
        if given:
            raise ValidationError(_("This season's rules do not allow a car setup."))
        return {}
    try:
        return check_setup_fields(schema, values)
    except ConfigError as error:
        raise ValidationError(str(error).capitalize() + ".") from None


def entry_setup_check(game: str, rules: Mapping[str, Any], setup: Mapping[str, Any]) -> None:
    """A stored setup the season's rules allow (a car build only where the
    rules play it)."""
    chosen = {k: v for k, v in (setup or {}).items() if k != "carry_in"}
    if chosen and setup_fields(game, rules) is None:
        raise ValidationError({"setup": _("This season's rules do not allow a car setup.")})
