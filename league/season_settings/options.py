"""A season's and a round's rules options, checked against the game engine's
own option schema, so the league and the engine agree on what is valid."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from races.rules import ConfigError, get_game

# Options a round or a session decides, never the season's rules document.
ROUND_KEYS = frozenset({"track", "laps", "mode"})


def _game_or_error(game_key: str, field: str):
    try:
        return get_game(game_key)
    except ConfigError as error:
        raise ValidationError({field: str(error)}) from None


def validate_season_rules(game_key: str, rules: Any) -> dict:
    """Return the rules with their values normalised, or raise ValidationError."""
    if rules in (None, ""):
        rules = {}
    if not isinstance(rules, dict):
        raise ValidationError({"rules": _("The rules must be a set of option: value pairs.")})
    if not rules:
        return {}
    game = _game_or_error(game_key, "rules")
    schema = game.options
    for key in rules:
        if key in ROUND_KEYS:
            raise ValidationError(
                {
                    "rules": _("%(key)s is set on each round, not on the season.")
                    % {"key": repr(key)}
                }
            )
        if key in schema.keys and not schema[key].season:
            raise ValidationError(
                {"rules": _("%(key)s is set for each session by Paddock.") % {"key": repr(key)}}
            )
    try:
        return schema.validate(rules, partial=True)
    except ConfigError as error:
        raise ValidationError({"rules": str(error)}) from None


def track_ids(game_key: str) -> list[str]:
    try:
        return [t["id"] for t in get_game(game_key).tracks()]
    except ConfigError:
        return []


def validate_round_options(game_key: str, track: str, laps: int | None, options: Any) -> dict:
    """Check a round's track, laps and variant options against the game."""
    game = _game_or_error(game_key, "track")
    known = track_ids(game_key)
    if track not in known:
        raise ValidationError(
            {
                "track": _("Unknown track %(track)s; tracks: %(tracks)s.")
                % {"track": repr(track), "tracks": ", ".join(known) or pgettext("tracks", "none")}
            }
        )
    if options in (None, ""):
        options = {}
    if not isinstance(options, dict):
        raise ValidationError({"options": _("The options must be a set of option: value pairs.")})
    schema = game.options
    checked = {"track": track, **({"laps": laps} if laps else {}), **options}
    try:
        schema.validate(checked, partial=True)
    except ConfigError as error:
        field = "laps" if "laps" in str(error) and "option 'laps'" in str(error) else "options"
        raise ValidationError({field: str(error)}) from None
    return dict(options)
