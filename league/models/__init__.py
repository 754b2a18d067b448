"""Leagues, seasons, drivers, teams, entries, scoring systems and standings,
one module per concept; every model is imported here, so `from league.models
import Season` works everywhere (and the migrations' `league.models.bot_names`).

Validation that a form or the admin needs lives in `clean()`; business rules
(scoring, standings) live in league/scoring/tables.py and league/scoring/championship.py;
the standings are stored by races/results/standings.py.
"""

from league.models.divisions import MAX_DIVISIONS, Division
from league.models.entries import Entry, Team, TeamChange
from league.models.history import LeagueChange
from league.models.leagues import DESCRIPTION_MAX, League
from league.models.people import ConfirmedAddress, Driver, Preferences, address_confirmed, bot_names
from league.models.removals import RESTORE_WINDOW, Removal
from league.models.scoring import (
    BONUS_KEYS,
    POINTS_TABLE_MAX,
    POINTS_VALUE_MAX,
    ScoringSystem,
    points_table_error,
    points_value_error,
)
from league.models.seasons import Season
from league.models.standings import DriverStanding, TeamStanding

__all__ = [
    "BONUS_KEYS",
    "ConfirmedAddress",
    "DESCRIPTION_MAX",
    "POINTS_TABLE_MAX",
    "POINTS_VALUE_MAX",
    "Division",
    "Driver",
    "DriverStanding",
    "Entry",
    "League",
    "LeagueChange",
    "MAX_DIVISIONS",
    "Preferences",
    "RESTORE_WINDOW",
    "Removal",
    "ScoringSystem",
    "Season",
    "Team",
    "TeamChange",
    "TeamStanding",
    "address_confirmed",
    "bot_names",
    "points_table_error",
    "points_value_error",
]
