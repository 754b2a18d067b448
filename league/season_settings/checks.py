"""Settings the game cannot run are refused where they are made, field by
field, in words an organiser understands: a season's grid, bots and teams,
and a driver's car setup, checked against the game's capabilities
(races/rules/face/capabilities.py), never left to fail in a worker later."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from races.rules import ConfigError, get_presentation
from races.rules.face.capabilities import check_setup_fields


def capabilities(game: str, rules: Mapping[str, Any]):
    try:
        return get_presentation(game).capabilities.capabilities(rules or {})
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


def autopilot_default(
    game: str, rules: Mapping[str, Any] | None = None, preferred: str = ""
) -> str:
    """The autopilot a new entry starts with: the season's bots' level when a
    person may hand their car to it, else "pro" where the game has one, else
    the game's strongest autopilot."""
    names = [key for key, _label in autopilot_choices(game, rules)]
    if not names:
        return preferred or "pro"
    for wanted in (preferred, "pro"):
        if wanted in names:
            return wanted
    return names[-1]


def autopilot_check(
    *, game: str, rules: Mapping[str, Any] | None, autopilot: str, bot: bool = False
) -> None:
    """An entry's autopilot is one of its own season's game (never another
    game's bot); a bot persona may be any of the game's bots, a person's car
    any of its autopilots."""
    found = capabilities(game, rules or {})
    if found is None:
        return
    offered = dict(found.bots if bot else found.autopilot_bots)
    if autopilot not in offered:
        names = ", ".join(str(label) for label in offered.values())
        raise ValidationError(
            {"autopilot": _("This game's autopilots are: %(names)s.") % {"names": names}}
        )


def season_form_defaults(game: str) -> dict:
    """The grid and bots a new season of this game starts from: its largest
    field up to ten cars, and its "pro" bots (else its strongest)."""
    found = capabilities(game, {})
    if found is None:
        return {}
    bots = [key for key, _label in found.bots]
    return {
        "grid_size": max(found.min_seats, min(10, found.max_seats)),
        "bot_level": "pro" if "pro" in bots else bots[-1],
    }


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
    if team_mode and team_size and grid_size is not None and team_size > grid_size:
        errors["team_size"] = _(
            "A team of %(size)s drivers cannot race on a grid of %(grid)s cars: make the team "
            "smaller or the grid larger."
        ) % {"size": team_size, "grid": grid_size}
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
        return get_presentation(game).capabilities.setup_schema(rules or {})
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
