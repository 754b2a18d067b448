"""Creating and changing a round, and keeping its sessions in step with it."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.models import Season
from league.scoring.tables import points_plain
from league.season_stage import Action, season_stage_round_added, stage_check
from races.models import Round, Session
from races.replay.names import track_name
from races.results.standings import standings_recompute
from races.rounds.checks import round_rules_check
from races.rounds.history import round_changes_record


@transaction.atomic
def round_create(
    *,
    season: Season,
    number: int,
    name: str,
    track: str,
    laps: int | None = None,
    options: dict | None = None,
    scheduled_at: datetime | None = None,
    qualifying_format: str = Round.QualifyingFormat.NONE,
    grid_rule: str = Round.GridRule.ENTRY,
    points_multiplier: Decimal | int = 1,
    bonus: dict | None = None,
    sprint_scoring=None,
    feature_grid: str = Round.FeatureGrid.SPRINT,
    reverse_top: int = 0,
    actor=None,
) -> Round:
    """A round with its sessions: a qualifying session when the format runs
    one (a timed lap), then the race."""
    season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
    season_stage_round_added(season=season, actor=actor)
    stage_check(season, Action.ROUNDS)
    rnd = Round(
        season=season,
        number=number,
        name=name,
        track=track,
        laps=laps,
        options=options or {},
        scheduled_at=scheduled_at,
        qualifying_format=qualifying_format,
        grid_rule=grid_rule,
        points_multiplier=points_multiplier,
        bonus={k: points_plain(v) for k, v in (bonus or {}).items()},
        sprint_scoring=sprint_scoring,
        feature_grid=feature_grid,
        reverse_top=reverse_top,
    )
    rnd.full_clean()
    rnd.save()
    sessions_sync(rnd=rnd)
    round_rules_check(rnd=rnd)
    round_record(rnd, actor=actor, summary=gettext_noop("Round %(round)s added"))
    return rnd


def round_words(rnd: Round) -> str:
    """'3 (Monza GP)': the round's number and name."""
    return f"{rnd.number} ({rnd.name})"


def round_record(rnd: Round, *, actor, summary: str, before: str = "", after: str = "") -> None:
    """A line of the league's history about a round, in its transaction."""
    season = rnd.season
    record(
        season.league,
        actor=actor,
        topic="round",
        season=season,
        summary=summary,
        params={"round": round_words(rnd), "season": season.name, "was": before, "now": after},
        before=gettext_noop("%(was)s") if before else "",
        after=gettext_noop("%(now)s") if after else "",
    )


def round_said(rnd: Round) -> str:
    """The round's settings as a person reads them (names, numbers, dates)."""
    when = rnd.scheduled_at.strftime("%Y-%m-%d %H:%M UTC") if rnd.scheduled_at else "—"
    track = track_name(rnd.season.game, rnd.track)
    laps = f" ×{rnd.laps}" if rnd.laps else ""
    return (
        f"{rnd.name}, {track}{laps}, {when}, "
        f"{rnd.get_qualifying_format_display()}, {rnd.get_grid_rule_display()}, "
        f"×{points_plain(Decimal(rnd.points_multiplier))}"
    )


UNRUN = (Session.Status.SCHEDULED, Session.Status.CANCELLED)


# What a round that has run keeps as raced: changing them would change the
# race itself. Its name, date, grid rule, points multiplier and bonus points
# may still change, and the season is scored again in the same transaction.
AS_RACED = (
    "track",
    "laps",
    "options",
    "qualifying_format",
    "sprint_scoring",
    "feature_grid",
    "reverse_top",
)
CHANGEABLE = ("name", "scheduled_at", "grid_rule", "points_multiplier", "bonus")


@transaction.atomic
def round_update(
    *,
    rnd: Round,
    name: str,
    track: str,
    laps: int | None = None,
    options: dict | None = None,
    scheduled_at: datetime | None = None,
    qualifying_format: str = Round.QualifyingFormat.NONE,
    grid_rule: str = Round.GridRule.ENTRY,
    points_multiplier: Decimal | int = 1,
    bonus: dict | None = None,
    sprint_scoring=None,
    feature_grid: str = Round.FeatureGrid.SPRINT,
    reverse_top: int = 0,
    actor=None,
) -> Round:
    """Change a round; its sessions follow the new format and schedule.
    Once a session has run, its track, laps, options and qualifying stay as
    raced, and a new multiplier or bonus rescores the season (a forgotten
    double-points finale is fixed after the race)."""
    rnd = (
        Round.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=rnd.pk)
    )
    stage_check(rnd.season, Action.ROUNDS)
    ran = rnd.sessions.exclude(status__in=UNRUN).exists()
    before = {field: getattr(rnd, field) for field in (*AS_RACED, *CHANGEABLE)}
    wanted = {
        "name": name,
        "track": track,
        "laps": laps,
        "options": options or {},
        "scheduled_at": scheduled_at,
        "qualifying_format": qualifying_format,
        "grid_rule": grid_rule,
        "points_multiplier": points_multiplier,
        "bonus": {k: points_plain(v) for k, v in (bonus or {}).items()},
        "sprint_scoring": sprint_scoring,
        "feature_grid": feature_grid,
        "reverse_top": reverse_top,
    }
    for field, value in wanted.items():
        setattr(rnd, field, value)
    rnd.full_clean()
    if ran:
        _as_raced_check(rnd, before)
    rnd.save()
    sessions_sync(rnd=rnd)
    round_rules_check(rnd=rnd)
    changed = round_changes_record(rnd=rnd, before=before, actor=actor)
    if ran and changed & {"points_multiplier", "bonus"}:
        standings_recompute(season=rnd.season)
    return rnd


def _as_raced_check(rnd: Round, before: dict) -> None:
    """A round that has run keeps what it was raced with."""
    for field in AS_RACED:
        if getattr(rnd, field) != before[field]:
            raise ValidationError(
                {
                    field: _(
                        "This round has run: its %(what)s stays as raced. The name, date, "
                        "grid rule, points multiplier and bonus points may still change."
                    )
                    % {"what": Round._meta.get_field(field).verbose_name}
                }
            )


def sessions_sync(*, rnd: Round) -> None:
    """Make the round's sessions match its format, schedule, sprint and the
    season's divisions: each division races its own sessions (issue 26)."""
    wants_qualifying = rnd.qualifying_format == Round.QualifyingFormat.TIMED_LAP
    wanted = [(Session.Kind.RACE, Session.Leg.MAIN)]
    if rnd.sprint_scoring_id:
        wanted.insert(0, (Session.Kind.RACE, Session.Leg.SPRINT))
    if wants_qualifying:
        wanted.insert(0, (Session.Kind.QUALIFYING, Session.Leg.MAIN))
    # A round that has run keeps the divisions it ran with (or none).
    raced = set(
        Session.objects.filter(round=rnd, results__isnull=False).values_list(
            "division_id", flat=True
        )
    )
    divisions = sorted(raced, key=str) if raced else None
    divisions = divisions or list(rnd.season.divisions.values_list("pk", flat=True)) or [None]
    for division in divisions:
        for kind, leg in wanted:
            session, created = Session.objects.get_or_create(
                round=rnd,
                kind=kind,
                leg=leg,
                division_id=division,
                defaults={"scheduled_at": rnd.scheduled_at, "live": rnd.season.live_play},
            )
            if not created and session.status == Session.Status.SCHEDULED:
                session.scheduled_at = rnd.scheduled_at
                session.save(update_fields=["scheduled_at"])
    unwanted = Session.objects.filter(
        round=rnd, status=Session.Status.SCHEDULED, results__isnull=True
    )
    if not wants_qualifying:
        unwanted.filter(kind=Session.Kind.QUALIFYING).delete()
    if not rnd.sprint_scoring_id:
        unwanted.filter(leg=Session.Leg.SPRINT).delete()
    if divisions == [None]:
        unwanted.filter(division__isnull=False).delete()
    else:
        unwanted.filter(division__isnull=True).delete()
