"""League services the other league modules share. Standings are stored by
races/standings.py (they read results); the rules are in league/scoring.py
and league/championship.py."""

from __future__ import annotations

from django.db import transaction

from league.models import Entry, Season


@transaction.atomic
def entry_create(
    *,
    season: Season,
    driver,
    car_number: int,
    team=None,
    setup: dict | None = None,
    autopilot: str = "pro",
    reserve: bool = False,
) -> Entry:
    """Enter a driver in a season; a clear ValidationError stores nothing."""
    entry = Entry(
        season=season,
        driver=driver,
        car_number=car_number,
        team=team,
        setup=setup or {},
        autopilot=autopilot,
        reserve=reserve,
    )
    entry.full_clean()
    entry.save()
    return entry
