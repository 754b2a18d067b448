"""History lines about a season's entries and teams, named as people read
them (a driver's name and car number, a team's name)."""

from __future__ import annotations

from league.history.record import record
from league.models import Entry, Team


def entry_words(entry: Entry) -> str:
    return f"#{entry.car_number} {entry.driver.name}"


def entry_record(
    entry: Entry, *, actor, summary: str, before: str = "", after: str = "", **params
) -> None:
    season = entry.season
    record(
        season.league,
        actor=actor,
        topic="entry",
        season=season,
        summary=summary,
        params={"entry": entry_words(entry), "season": season.name, **params},
        before=before,
        after=after,
    )


def team_record(
    team: Team, *, actor, summary: str, before: str = "", after: str = "", **params
) -> None:
    season = team.season
    record(
        season.league,
        actor=actor,
        topic="team",
        season=season,
        summary=summary,
        params={"team": team.name, "season": season.name, **params},
        before=before,
        after=after,
    )
