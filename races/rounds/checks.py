"""Whether a round's sessions can start under the season's rules, checked
where a setting is made."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from league.models import Season
from races.models import Session
from races.rules import ConfigError, get_game

# --- Leagues ---------------------------------------------------------------


def _unrun_sessions(season: Season):
    return Session.objects.filter(
        round__season=season,
        status__in=(Session.Status.SCHEDULED, Session.Status.CANCELLED, Session.Status.FAILED),
    ).select_related("round")


def round_config_check(*, season: Season, game_key: str, rules: dict) -> None:
    """Every session still to run must start under the new rules: the
    season's rules with its round's options, as the runner combines them
    (races/running/plan.py, through the game's presentation), checked
    against the game's option schema."""
    sessions = list(_unrun_sessions(season).order_by("round__number", "kind"))
    if not sessions:
        return
    try:
        game = get_game(game_key)
    except ConfigError as error:
        raise ValidationError({"rules": str(error)}) from None
    for session in sessions:
        error = _start_error(season, game, rules, session)
        if error:
            rnd = session.round
            raise ValidationError(
                {
                    "rules": _(
                        "Round %(number)s (%(name)s) could not be run under these rules: "
                        "%(error)s. Change that round first, or keep the rules."
                    )
                    % {"number": rnd.number, "name": rnd.name, "error": error}
                }
            )


def round_rules_check(*, rnd) -> None:
    """The round's sessions start under the season's rules with the round's
    options (a basic season's round cannot ask for weather, say)."""
    season = rnd.season
    game = get_game(season.game)
    for session in rnd.sessions.all().order_by("kind"):
        error = _start_error(season, game, season.rules, session)
        if error:
            raise ValidationError(
                _("This round could not be run under the season's rules: %(error)s.")
                % {"error": error}
            )


def _start_error(season: Season, game, rules: dict, session) -> str | None:
    """Why the session could not start under these rules, or None."""
    keys = game.options.keys
    rnd = session.round
    config = {**rules, **rnd.options, "track": rnd.track}
    if rnd.laps:
        config["laps"] = rnd.laps
    if "mode" in keys:
        config["mode"] = session.kind
    if "season_race" in keys and rules.get("season"):
        config["season_race"] = rnd.number
    if "season_seed" in keys and rules.get("season") == "custom":
        config["season_seed"] = f"{season.league.slug}/{season.slug}"
    try:
        game.options.validate(config)
    except ConfigError as error:
        return str(error)
    return None
