"""Creating a tournament and changing its settings: the table size is
checked against the game's seat range (its capabilities, through the
registry), and the season its tables race in is made with it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.models import League, Season
from league.organise.leagues import scoring_custom_create, unique_slug
from league.season_settings.options import validate_round_options
from races.rules import get_presentation
from tournaments.models import Tournament

POINTS_MOST = 12


@dataclass
class TournamentSettings:
    """What a tournament is created or changed with."""

    name: str
    game: str
    track: str
    table_size: int
    format: str = Tournament.Format.SWISS
    rounds: int = 5
    advance: int = 2
    repechage: int = 0
    cut: int | None = None
    points: list = field(default_factory=lambda: [6, 4, 2, 0])
    bye_points: Decimal | int = 0
    fill: str = Tournament.Fill.BOTS
    bot_level: str = "pro"
    seeding: str = Tournament.Seeding.RATING
    sign_up: str = Tournament.SignUp.OPEN
    cap: int | None = None
    check_in_minutes: int = 0
    starts_at: datetime | None = None
    round_minutes: int = 0
    laps: int | None = None
    rules: dict = field(default_factory=dict)
    live_play: bool = False

    def fields(self) -> dict:
        return {k: v for k, v in self.__dict__.items()}


def seat_range(game: str, rules: dict) -> tuple[int, int]:
    """The least and most seats a table of the game holds (its capabilities)."""
    caps = get_presentation(game).capabilities.capabilities(rules or {})
    return caps.min_seats, caps.max_seats


def _points_clean(points) -> list:
    try:
        values = [Decimal(str(p)) for p in points]
    except (InvalidOperation, TypeError, ValueError):
        raise ValidationError({"points": _("Give the points per place as numbers.")}) from None
    if not values or len(values) > POINTS_MOST:
        raise ValidationError(
            {"points": _("Give points for 1 to %(most)s places.") % {"most": POINTS_MOST}}
        )
    if any(not v.is_finite() or v < 0 or v >= 1000 for v in values):
        raise ValidationError({"points": _("Points per place lie between 0 and 999.")})
    return [int(v) if v == v.to_integral() else float(v) for v in values]


def settings_check(settings: TournamentSettings) -> None:
    """A clear field error for a setting the game or the format cannot run."""
    validate_round_options(settings.game, settings.track, settings.laps, {})
    low, high = seat_range(settings.game, settings.rules)
    if not low <= settings.table_size <= high:
        raise ValidationError(
            {
                "table_size": _("A table of this game seats %(low)s to %(high)s.")
                % {"low": low, "high": high}
            }
        )
    settings.points = _points_clean(settings.points)
    if settings.format in (Tournament.Format.KNOCKOUT, Tournament.Format.STAGES):
        if not 1 <= settings.advance < settings.table_size:
            raise ValidationError(
                {"advance": _("Fewer go through than sit at a table, and at least one.")}
            )
        if settings.repechage >= settings.table_size:
            raise ValidationError(
                {"repechage": _("Fewer go through from the repechage than sit at its table.")}
            )
    if settings.format == Tournament.Format.STAGES and not settings.cut:
        raise ValidationError({"cut": _("Say how many play the knockout.")})


@transaction.atomic
def tournament_create(*, league: League, settings: TournamentSettings, actor) -> Tournament:
    settings_check(settings)
    slug = unique_slug(
        settings.name,
        lambda s: Tournament.objects.filter(league=league, slug=s).exists(),
        fallback="tournament",
    )
    season = _season_for(league, settings, slug)
    tournament = Tournament(league=league, season=season, slug=slug, **settings.fields())
    tournament.full_clean()
    tournament.save()
    record(
        league,
        actor=actor,
        topic="life_cycle",
        season=season,
        summary=gettext_noop("Tournament %(tournament)s created"),
        params={"tournament": tournament.name},
        after=gettext_noop("Draft"),
    )
    return tournament


def _season_for(league: League, settings: TournamentSettings, slug: str) -> Season:
    """The season the tournament's tables race in: one round per table."""
    scoring = scoring_custom_create(
        name=f"{league.name} — {settings.name}",
        race_points=list(settings.points),
        drop_worst=0,
        owner=league.owner,
    )
    season_slug = unique_slug(
        f"{slug}-tables", lambda s: Season.objects.filter(league=league, slug=s).exists()
    )
    season = Season(
        league=league,
        name=settings.name,
        slug=season_slug,
        game=settings.game,
        rules=dict(settings.rules),
        scoring=scoring,
        grid_size=settings.table_size,
        fill_with_bots=False,
        bot_level=settings.bot_level,
        live_play=settings.live_play,
        status=Season.Status.RUNNING,
    )
    season.full_clean()
    season.save()
    return season


SETTINGS_BEFORE_START = frozenset(
    {
        "format",
        "rounds",
        "table_size",
        "advance",
        "repechage",
        "cut",
        "fill",
        "seeding",
        "track",
        "laps",
    }
)


@transaction.atomic
def tournament_change(*, tournament: Tournament, changes: dict, actor) -> Tournament:
    """Change settings; the format and the table are kept once it runs, and
    a finished or archived tournament keeps everything."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.ARCHIVED):
        raise ValidationError(_("A finished tournament's settings no longer change."))
    frozen = SETTINGS_BEFORE_START & set(changes)
    if tournament.status == Tournament.Status.RUNNING and frozen:
        raise ValidationError(_("The tournament is running: its format and tables stay."))
    settings = TournamentSettings(
        **{k: getattr(tournament, k) for k in TournamentSettings.__dataclass_fields__}
    )
    for key, value in changes.items():
        setattr(settings, key, value)
    settings_check(settings)
    for key, value in settings.fields().items():
        setattr(tournament, key, value)
    tournament.full_clean()
    tournament.save()
    record(
        tournament.league,
        actor=actor,
        topic="settings",
        season=tournament.season,
        summary=gettext_noop("Settings of tournament %(tournament)s changed"),
        params={"tournament": tournament.name},
    )
    return tournament
