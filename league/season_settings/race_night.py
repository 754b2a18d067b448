"""Real-time rounds in a league (issue 25, item 3): a round of a season that
plays at a real-time speed is a table that opens before its time, where the
drivers sit down, and that starts on time with whoever is there. What
happens to a driver who is not at the table is the season's choice, checked
here against what the game can run (its capabilities), so a setting the game
cannot run is a field error, never a worker failure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.season_settings.checks import capabilities
from league.season_settings.speeds import speed_of

# A no-show's car: their autopilot drives it until they arrive (and they
# take it back), their autopilot drives it the whole race, or a bot of the
# season races in their place (their entry does not race that round).
NO_SHOW_AUTOPILOT = "autopilot"
NO_SHOW_AUTOPILOT_WHOLE_RACE = "autopilot_whole_race"
NO_SHOW_BOT = "bot"
NO_SHOW_CHOICES = [
    (
        NO_SHOW_AUTOPILOT,
        gettext_lazy("Their autopilot drives until they arrive; then they take their car back"),
    ),
    (NO_SHOW_AUTOPILOT_WHOLE_RACE, gettext_lazy("Their autopilot drives the whole race")),
    (NO_SHOW_BOT, gettext_lazy("A bot races in their place; they score nothing that round")),
]
DEFAULT_NO_SHOW = NO_SHOW_AUTOPILOT


def real_time(season) -> bool:
    """A season whose live rounds are real-time tables at a set time."""
    return bool(season.live_play) and speed_of(season.speed).real_time


def late_arrival_allowed(season) -> bool:
    """A no-show arriving after the start takes their car back."""
    return season.no_show == NO_SHOW_AUTOPILOT


def no_show_check(
    *, game: str, rules: Mapping[str, Any], no_show: str, fill_with_bots: bool, live: bool
) -> None:
    """Raise a ValidationError on `no_show` when the game cannot run it; a
    season whose rounds are no real-time tables (`live` false) never uses
    it, so only its choice is checked there."""
    if no_show not in dict(NO_SHOW_CHOICES):
        raise ValidationError({"no_show": _("Choose what happens to a driver who is not there.")})
    found = capabilities(game, rules) if live else None
    if found is None:
        return
    if no_show == NO_SHOW_BOT:
        if not found.bots:
            raise ValidationError(
                {"no_show": _("This game has no bots to race in a driver's place.")}
            )
        if not fill_with_bots:
            raise ValidationError(
                {
                    "no_show": _(
                        "A bot can race in a driver's place only where bots fill the empty "
                        "places: tick that, or let the autopilot drive."
                    )
                }
            )
        if found.team_race_option and rules.get(found.team_race_option):
            raise ValidationError(
                {
                    "no_show": _(
                        "A team race keeps every team's two cars: let the autopilot drive "
                        "a driver who is not there."
                    )
                }
            )
    elif not found.autopilot_bots:
        raise ValidationError(
            {"no_show": _("This game has no autopilot: let a bot race in the driver's place.")}
        )
