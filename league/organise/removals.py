"""Keeping what an organiser removes, so it can be put back within the
restore window (league/models/removals.py; seasons/restore.py restores)."""

from __future__ import annotations

from league.models import Entry, Removal, Season, Team


def removal_keep(*, season: Season, kind: str, name: str, data: dict, actor) -> Removal:
    """Called inside the removal's transaction, before the rows go."""
    return Removal.objects.create(
        season=season,
        kind=kind,
        name=name[:200],
        data=data,
        removed_by=actor if getattr(actor, "is_authenticated", False) else None,
    )


def entry_snapshot(entry: Entry) -> dict:
    return {
        "driver": entry.driver_id,
        "car_number": entry.car_number,
        "team": entry.team_id,
        "setup": entry.setup,
        "autopilot": entry.autopilot,
        "reserve": entry.reserve,
        "withdrawn": entry.withdrawn,
        "carry": entry.carry,
        "team_changes": [
            [change.team_id, change.from_round] for change in entry.team_changes.all()
        ],
    }


def team_snapshot(team: Team) -> dict:
    return {"name": team.name, "colour": team.colour}
