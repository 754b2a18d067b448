"""The demo's race night (issue 25, item 3): a real-time season of the demo
league whose next round is a table that `ana` can sit down at in `make run`.
It starts as soon as she sits down (the season starts a table once every
driver is at it), else at its time a quarter of an hour after the demo is
made; bots take the other seats. It is raced in the game, scoring and grid
of a season the demo already has (`like`), so this module names no game.

Each run of the demo finds the table in place; once its round has started
(she raced it, or nobody came), the next run of the demo lays a new round
for the next visitor, a quarter of an hour ahead.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from league.models import Driver, Entry, League, Season
from league.organise.entries import entry_create
from league.season_settings.value import SeasonSettings
from races.models import Session
from races.rounds.edits import round_create
from races.rules import ConfigError, get_game

SLUG = "race-night"
# How long after the demo is made its table starts if nobody sits down.
STARTS_AFTER = timedelta(minutes=15)


def race_night_settings(like: Season) -> SeasonSettings:
    return SeasonSettings(
        name="Race Night",
        game=like.game,
        scoring=like.scoring,
        grid_size=like.grid_size,
        bot_level=like.bot_level,
        live_play=True,
        decision_seconds=300,
        no_show="autopilot",
        start_when_all_in=True,
    )


@transaction.atomic
def race_night_season(league: League, like: Season) -> Season:
    season = Season.objects.filter(league=league, slug=SLUG).first()
    if season is not None:
        return season
    settings = race_night_settings(like)
    season = Season(
        league=league,
        slug=SLUG,
        scoring=settings.scoring,
        status=Season.Status.RUNNING,
        # A real-time speed: its rounds are tables at a set time (whether or
        # not the settings value carries the speed).
        **{**settings.season_fields(), "speed": "normal"},
    )
    season.full_clean()
    season.save()
    return season


def race_night_table(league: League, driver: Driver, *, like: Season) -> Session | None:
    """The race night's open table with `driver` entered, raced as `like`
    is; a new round when the last one has started. None when the game is
    not installed."""
    try:
        known = [t["id"] for t in get_game(like.game).tracks()]
    except ConfigError:
        return None
    season = race_night_season(league, like)
    if not Entry.objects.filter(season=season, driver=driver).exists():
        entry_create(season=season, driver=driver, car_number=1)
    waiting = Session.objects.filter(
        round__season=season, kind=Session.Kind.RACE, status=Session.Status.SCHEDULED
    ).first()
    if waiting is not None:
        return waiting
    number = season.rounds.count() + 1
    raced = like.rounds.order_by("number").values_list("track", flat=True)
    tracks = list(dict.fromkeys(t for t in raced if t in known)) or known
    track = tracks[(number - 1) % len(tracks)]
    rnd = round_create(
        season=season,
        number=number,
        name=f"Race Night {number}",
        track=track,
        scheduled_at=timezone.now() + STARTS_AFTER,
    )
    return rnd.sessions.get(kind=Session.Kind.RACE)
