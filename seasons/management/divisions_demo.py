"""The demo's divided season (issue 26, items 2 and 3): eight drivers split
by hand into two divisions, each racing its own grid and keeping its own
table, with promotion and relegation of one when the season is copied; its
third round a race weekend, a sprint and then the main race from the
sprint's result with its top two reversed. Three rounds have run, the
fourth (another weekend) lies a week ahead, where the scheduler leaves it.

Idempotent: a second run finds the season split and its rounds run."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from league.models import Division, Driver, Entry, League, ScoringSystem, Season
from league.organise.entries import entry_create
from races.models import Round, Session
from races.rounds.edits import round_create
from races.running.runner import session_run
from seasons.divisions import divisions_split

SLUG = "divisions"
# (name, a weekend with a sprint?)
ROUNDS = [
    ("Division Opener", False),
    ("Second Round", False),
    ("Sprint Weekend", True),
    ("Season Finale Weekend", True),
]
RUN = 3
# The main race's grid: the sprint's result with its top two swapped.
REVERSE_TOP = 2


def divided_season(
    league: League, drivers: list[Driver], *, game: str, track: str, rules: dict
) -> Season:
    """The divided season of `game` on `track` for eight `drivers`, the
    first four in the top division, made and run once."""
    season = _season_made(league, drivers, game=game, track=track, rules=rules)
    for rnd in Round.objects.filter(season=season, number__lte=RUN).order_by("number"):
        # Qualifying, then each division's sprint, then its main race.
        for session in rnd.sessions.order_by("kind", "division__number", "-leg"):
            if session.status == Session.Status.SCHEDULED:
                Session.objects.filter(pk=session.pk).update(status=Session.Status.QUEUED)
                session_run(session_id=session.pk)
    return season


@transaction.atomic
def _season_made(league, drivers, *, game: str, track: str, rules: dict) -> Season:
    season = Season.objects.filter(league=league, slug=SLUG).first()
    if season is not None:
        return season
    season = Season(
        league=league,
        slug=SLUG,
        name="Divisions Trophy",
        game=game,
        rules=rules,
        scoring=ScoringSystem.objects.get(slug="formula-1-2010"),
        grid_size=4,
        fill_with_bots=False,
        promotion=1,
        status=Season.Status.RUNNING,
    )
    season.full_clean()
    season.save()
    for number, driver in enumerate(drivers, start=1):
        if not Entry.objects.filter(season=season, driver=driver).exists():
            entry_create(season=season, driver=driver, car_number=number)
    sprint, _ = ScoringSystem.objects.get_or_create(
        slug="demo-sprint", defaults={"name": "Sprint points", "race_points": [8, 6, 4, 3, 2, 1]}
    )
    for number, (name, weekend) in enumerate(ROUNDS, start=1):
        round_create(
            season=season,
            number=number,
            name=name,
            track=track,
            laps=1,
            scheduled_at=_evening(number),
            sprint_scoring=sprint if weekend else None,
            feature_grid=Round.FeatureGrid.SPRINT,
            reverse_top=REVERSE_TOP if weekend else 0,
        )
    if not Division.objects.filter(season=season).exists():
        divisions_split(
            season=season, count=2, by="hand", lines=["1 2 3 4", "5 6 7 8"],
            names=["Gold", "Silver"],
        )  # fmt: skip
    return season


def _evening(number: int) -> datetime:
    """Rounds run in the past weeks; the next one a week ahead."""
    evening = timezone.now().replace(hour=20, minute=0, second=0, microsecond=0)
    return evening + timedelta(weeks=number - RUN - 1 if number <= RUN else number - RUN)
