"""An organiser changes or deletes a league or a season. Each service checks
everything first and stores nothing on a ValidationError; each keeps the
cached pages of what it changed from being served again."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.caching import season_changed, season_removed
from league.history import record
from league.models import Entry, League, ScoringSystem, Season, Team
from league.organise.leagues import scoring_custom_create
from league.scoring.tables import points_plain
from league.season_settings.value import SeasonSettings
from league.season_stage.allowances import settings_check
from races.models import Penalty, Result, Round, Session
from races.rounds.checks import round_config_check
from races.rules import ConfigError, game_choices, get_game
from seasons.settings_words import settings_changes

# --- Leagues ---------------------------------------------------------------


@transaction.atomic
def league_update(*, league: League, name: str, description: str = "", actor=None) -> League:
    """Rename a league or change its description; its address (slug) stays,
    so every link to it and its seasons still works."""
    league = League.objects.select_for_update().get(pk=league.pk)
    was = league.name
    league.name = name.strip()
    league.description = description
    league.full_clean()
    league.save(update_fields=["name", "description"])
    record(
        league,
        actor=actor,
        topic="settings",
        summary=gettext_noop("League %(league)s renamed or described anew"),
        params={"league": league.name, "was": was, "now": league.name},
        before=gettext_noop("%(was)s"),
        after=gettext_noop("%(now)s"),
    )
    for season_id in league.seasons.values_list("pk", flat=True):
        season_changed(season_id=season_id)
    return league


def league_contents(*, league: League) -> dict[str, int]:
    """What deleting the league takes with it."""
    return {
        "seasons": league.seasons.count(),
        "rounds": Round.objects.filter(season__league=league).count(),
        "sessions": Session.objects.filter(round__season__league=league).count(),
        "finished_sessions": Session.objects.filter(
            round__season__league=league, status=Session.Status.FINISHED
        ).count(),
        "results": Result.objects.filter(session__round__season__league=league).count(),
        "entries": Entry.objects.filter(season__league=league).count(),
        "teams": Team.objects.filter(season__league=league).count(),
        "penalties": Penalty.objects.filter(round__season__league=league).count(),
    }


@transaction.atomic
def league_delete(*, league: League, confirmed: bool = False) -> None:
    """Delete a league with its seasons, rounds, sessions, results, entries,
    teams, penalties and standings, in one transaction. A league whose
    seasons hold finished results goes only with the owner's confirmation;
    none goes while one of its sessions is being run."""
    league = League.objects.select_for_update().get(pk=league.pk)
    seasons = list(league.seasons.select_for_update())
    for season in seasons:
        _deletable_or_error(season, confirmed=confirmed)
    for season in seasons:
        season_removed(season_id=season.pk, league_slug=league.slug, season_slug=season.slug)
    league.delete()


def _rules_in_force(game_key: str, rules: dict) -> dict:
    """The rules with every unset option at the game's default, so that
    {"level": "basic"} and {} compare equal."""
    try:
        options = get_game(game_key).options.options
    except ConfigError:
        return dict(rules)
    return {**{o.key: o.default for o in options if o.season}, **rules}


@transaction.atomic
def season_update(*, season: Season, settings: SeasonSettings, actor=None) -> Season:
    """Change a season's settings, with the same checks as at its creation.
    The game changes only while the season has no rounds; rules that a
    scheduled round could not run under are refused; a new scoring system
    (or teams turned on) needs the standings recomputed, which the caller
    does in the same transaction (races/results/standings.py). Its address
    (slug) stays."""
    season = (
        Season.objects.select_for_update().select_related("league", "scoring").get(pk=season.pk)
    )
    _game_change_check(season, settings.game)
    _teams_check(season, settings)
    _grid_check(season, settings)
    scoring = _scoring_of(season, settings)
    same_rules = _rules_in_force(settings.game, settings.rules) == _rules_in_force(
        season.game, season.rules
    )
    changes = settings_changes(season, settings.season_fields(), scoring, same_rules=same_rules)
    settings_check(season, set(changes.names), changes.labels)
    old_game, old_rules = season.game, season.rules
    for name, value in settings.season_fields().items():
        setattr(season, name, value)
    season.name = settings.name.strip()
    season.scoring = scoring
    season.full_clean()  # the rules, validated against the game as at creation
    if _rules_in_force(settings.game, season.rules) != _rules_in_force(old_game, old_rules):
        round_config_check(season=season, game_key=settings.game, rules=season.rules)
    season.save()
    if changes.names:
        record(
            season.league,
            actor=actor,
            topic="settings",
            season=season,
            summary=gettext_noop("Settings of %(season)s changed"),
            params={"season": season.name, "was": changes.before, "now": changes.after},
            before=gettext_noop("%(was)s"),
            after=gettext_noop("%(now)s"),
        )
    season_changed(season_id=season.pk)
    return season


def _game_change_check(season: Season, game: str) -> None:
    """The game changes only while the season has no rounds."""
    if game != season.game and season.rounds.exists():
        games = dict(game_choices())
        raise ValidationError(
            _(
                "This season already has rounds, so its game stays %(current)s. Delete its "
                "rounds, or start a new season for %(game)s."
            )
            % {"current": games[season.game], "game": games.get(game, game)}
        )


def _teams_check(season: Season, settings: SeasonSettings) -> None:
    """Teams stay on while there are teams, and no team is over the size."""
    errors = {}
    teams = list(Team.objects.filter(season=season))
    if not settings.team_mode and teams:
        errors["team_mode"] = _("This season has teams: delete them before turning teams off.")
    for team in teams:
        members = team.members.filter(withdrawn=False).count()
        if settings.team_mode and members > settings.team_size:
            errors["team_size"] = _(
                "%(team)s has %(members)s drivers: teams cannot be smaller than that."
            ) % {"team": team.name, "members": members}
            break
    if errors:
        raise ValidationError(errors)


def _grid_check(season: Season, settings: SeasonSettings) -> None:
    """The grid holds every person who has a seat: a smaller grid than that
    would leave a racing driver without one (bots only fill what is left,
    races/running/seating.py)."""
    racing = Entry.objects.filter(
        season=season, withdrawn=False, reserve=False, driver__is_bot=False
    ).count()
    if settings.grid_size < racing:
        raise ValidationError(
            {
                "grid_size": _(
                    "%(count)s drivers have a seat in this season: the grid cannot be smaller "
                    "than that. Make some of them reserves or withdraw them first."
                )
                % {"count": racing}
            }
        )


def _scoring_of(season: Season, settings: SeasonSettings) -> ScoringSystem:
    """The preset chosen, or the season's own table: kept when the points
    are the same, else a new one of the league's owner."""
    if settings.scoring is not None:
        return settings.scoring
    if not settings.own_points:
        raise ValidationError({"scoring": _("Choose a preset or give your own points table.")})
    current = season.scoring
    same = (
        current.race_points == [points_plain(p) for p in settings.own_points]
        and current.drop_worst == settings.drop_worst
        and current.eliminated_score == settings.eliminated_score
        and current.bonus == {k: points_plain(v) for k, v in settings.bonus.items()}
    )
    if same:
        return current
    return scoring_custom_create(
        name=f"{season.league.name} — {settings.name}",
        race_points=list(settings.own_points),
        drop_worst=settings.drop_worst,
        owner=season.league.owner,
        eliminated_score=settings.eliminated_score,
        bonus=dict(settings.bonus),
    )


def rounds_run(*, season: Season) -> int:
    """How many of the season's rounds have a finished session."""
    return season.rounds.filter(sessions__status=Session.Status.FINISHED).distinct().count()


def season_contents(*, season: Season) -> dict[str, int]:
    """What deleting the season takes with it."""
    return {
        "rounds": season.rounds.count(),
        "sessions": Session.objects.filter(round__season=season).count(),
        "finished_sessions": Session.objects.filter(
            round__season=season, status=Session.Status.FINISHED
        ).count(),
        "results": Result.objects.filter(session__round__season=season).count(),
        "entries": season.entries.count(),
        "teams": season.teams.count(),
        "penalties": Penalty.objects.filter(round__season=season).count(),
    }


def _deletable_or_error(season: Season, *, confirmed: bool) -> None:
    busy = (
        Session.objects.filter(
            round__season=season, status__in=(Session.Status.QUEUED, Session.Status.RUNNING)
        )
        .select_related("round")
        .first()
    )
    if busy is not None:
        raise ValidationError(
            _(
                "%(season)s: the %(kind)s of round %(number)s is being run. Wait for it to "
                "finish before deleting."
            )
            % {
                "season": season.name,
                "kind": busy.get_kind_display().lower(),
                "number": busy.round.number,
            }
        )
    finished = Result.objects.filter(
        session__round__season=season, session__status=Session.Status.FINISHED
    ).exists()
    if finished and not confirmed:
        raise ValidationError(
            _(
                "%(season)s has finished results: tick the box to confirm that they, and the "
                "standings, are deleted for good."
            )
            % {"season": season.name}
        )


@transaction.atomic
def season_delete(*, season: Season, confirmed: bool = False, actor=None) -> None:
    """Delete a season with its rounds, sessions, results, entries, teams,
    penalties and standings, in one transaction. A season with finished
    results goes only with the owner's confirmation; none goes while one
    of its sessions is being run."""
    season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
    _deletable_or_error(season, confirmed=confirmed)
    record(
        season.league,
        actor=actor,
        topic="settings",
        summary=gettext_noop("Season %(season)s deleted"),
        params={"season": season.name},
    )
    season_removed(season_id=season.pk, league_slug=season.league.slug, season_slug=season.slug)
    season.delete()
