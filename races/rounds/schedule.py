"""Schedules: a run of rounds on a weekly (or any) rhythm in one go, and a
season copied to new dates with its rules, scoring, rounds and, if wanted,
its teams and entries."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.models import Division, DriverStanding, Entry, League, Season, Team
from league.organise.leagues import unique_slug
from league.organise.promotion import PromotionError, promotion_moves
from races.models import Round, scheduled_at_error
from races.rounds.edits import round_create

MAX_ROUNDS = 52


def schedule_dates(*, first_at: datetime, count: int, every_days: int) -> list[datetime]:
    """`count` dates from `first_at`, `every_days` apart (7: weekly)."""
    if not 1 <= count <= MAX_ROUNDS:
        raise ValidationError(
            {"count": _("Add between 1 and %(most)s rounds at a time.") % {"most": MAX_ROUNDS}}
        )
    if not 1 <= every_days <= 365:
        raise ValidationError({"every_days": _("Give a gap of 1 to 365 days.")})
    error = scheduled_at_error(first_at)
    if error:
        raise ValidationError({"first_at": error})
    dates = []
    for i in range(count):
        when = first_at + timedelta(days=every_days * i)
        error = scheduled_at_error(when)
        if error:
            raise ValidationError(
                {"count": _("Round %(number)s would fall after 2099.") % {"number": i + 1}}
            )
        dates.append(when)
    return dates


@transaction.atomic
def rounds_schedule(
    *,
    season: Season,
    dates: list[datetime],
    tracks: list[str],
    name: str = "Round",
    laps: int | None = None,
    qualifying_format: str = Round.QualifyingFormat.NONE,
    grid_rule: str = Round.GridRule.ENTRY,
    points_multiplier=1,
    actor=None,
) -> list[Round]:
    """Add a round on each date, numbered after the season's last round; the
    tracks are used in turn. Any bad round stores none of them."""
    if not tracks:
        raise ValidationError({"tracks": _("Choose at least one track.")})
    last = season.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    made = []
    for index, when in enumerate(dates):
        number = last + index + 1
        made.append(
            round_create(
                season=season,
                number=number,
                name=f"{name.strip() or 'Round'} {number}",
                track=tracks[index % len(tracks)],
                laps=laps,
                scheduled_at=when,
                qualifying_format=qualifying_format,
                grid_rule=grid_rule,
                actor=actor,
            )
        )
    if points_multiplier != 1:
        Round.objects.filter(pk__in=[r.pk for r in made]).update(
            points_multiplier=points_multiplier
        )
    return made


@transaction.atomic
def season_copy(
    *,
    season: Season,
    name: str,
    first_at: datetime | None = None,
    with_entries: bool = False,
    league: League | None = None,
    actor=None,
) -> Season:
    """A new draft season like this one: game, rules, scoring, team and grid
    settings, its divisions, every round (track, laps, variants, format,
    multiplier, sprint) with its date shifted so the first round falls on
    `first_at` (the gaps kept), and, if asked, its teams and the entries of
    drivers who did not withdraw (reserves stay reserves), each in its
    division after promotion and relegation (issue 26, item 2)."""
    league = league or season.league
    copy = _season_settings_copied(season, name=name, league=league)
    error = scheduled_at_error(first_at)
    if error:
        raise ValidationError({"first_at": error})
    divisions = {
        d.number: Division.objects.create(season=copy, number=d.number, name=d.name)
        for d in season.divisions.order_by("number")
    }
    _rounds_copied(season, copy, first_at=first_at, actor=actor)
    if with_entries:
        _entries_copied(season, copy, divisions)
    said = {"season": season.name, "copy": copy.name}
    for where in (season, copy):
        record(
            where.league,
            actor=actor,
            topic="settings",
            season=where,
            summary=gettext_noop("%(season)s copied as the new season %(copy)s"),
            params=said,
        )
    return copy


def next_divisions(season: Season) -> dict[int, int]:
    """Each carrying-on entry's division number in the copy: promotion and
    relegation of the season's top and bottom N (league/organise/promotion.py)
    by the division tables; an entry without a standing ranks last."""
    divisions = list(season.divisions.order_by("number"))
    if not divisions:
        return {}
    rank = dict(
        DriverStanding.objects.filter(season=season).order_by().values_list("entry_id", "rank")
    )
    tables = []
    for division in divisions:
        cars = Entry.objects.filter(division=division, withdrawn=False, reserve=False)
        cars = cars.exclude(**_filled_bots(season)).values_list("pk", "car_number")
        ordered = sorted(cars, key=lambda c: (c[0] not in rank, rank.get(c[0], 0), c[1]))
        tables.append([pk for pk, _number in ordered])
    try:
        moved = promotion_moves(tables, season.promotion)
    except PromotionError as error:
        index, size = error.args
        raise ValidationError(
            _("%(division)s has %(cars)s drivers: too few to move %(n)s up and %(n)s down.")
            % {"division": divisions[index].name, "cars": size, "n": season.promotion}
        ) from None
    return {pk: divisions[index].number for pk, index in moved.items()}


def _number_of(entry: Entry) -> int | None:
    return entry.division.number if entry.division_id else None


def _filled_bots(season: Season) -> dict:
    """The entries a copy leaves out: bots that filled the grid come back by themselves."""
    if not season.fill_with_bots:
        return {"pk__in": []}
    return {"driver__is_bot": True, "team__isnull": True}


def _season_settings_copied(season: Season, *, name: str, league: League) -> Season:
    """The new draft season, stored: the game, rules, scoring, team and grid settings."""
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": _("Give the new season a name.")})
    slug = unique_slug(name, lambda s: Season.objects.filter(league=league, slug=s).exists())
    copy = Season(
        league=league,
        name=name,
        slug=slug,
        game=season.game,
        rules=dict(season.rules),
        scoring=season.scoring,
        team_mode=season.team_mode,
        team_size=season.team_size,
        grid_size=season.grid_size,
        fill_with_bots=season.fill_with_bots,
        bot_level=season.bot_level,
        live_play=season.live_play,
        decision_seconds=season.decision_seconds,
        speed=season.speed,
        late_entries=season.late_entries,
        promotion=season.promotion,
    )
    copy.full_clean()
    copy.save()
    return copy


def _rounds_copied(season: Season, copy: Season, *, first_at: datetime | None, actor=None) -> None:
    """Every round, its date shifted so the first falls on `first_at` (the gaps kept)."""
    rounds = list(season.rounds.order_by("number"))
    dated = [r.scheduled_at for r in rounds if r.scheduled_at]
    shift = (first_at - min(dated)) if (first_at and dated) else timedelta(0)
    for rnd in rounds:
        when = rnd.scheduled_at + shift if rnd.scheduled_at else first_at
        new = round_create(
            season=copy,
            number=rnd.number,
            name=rnd.name,
            track=rnd.track,
            laps=rnd.laps,
            options=dict(rnd.options),
            scheduled_at=when,
            qualifying_format=rnd.qualifying_format,
            grid_rule=rnd.grid_rule,
            bonus=dict(rnd.bonus),
            sprint_scoring=rnd.sprint_scoring,
            feature_grid=rnd.feature_grid,
            reverse_top=rnd.reverse_top,
            actor=actor,
        )
        if rnd.points_multiplier != 1:
            Round.objects.filter(pk=new.pk).update(points_multiplier=rnd.points_multiplier)


def _entries_copied(season: Season, copy: Season, divisions: dict[int, Division]) -> None:
    """The teams, and the entries of drivers who did not withdraw (reserves
    stay reserves), each in its division after promotion and relegation."""
    moved = next_divisions(season)
    teams = {}
    if season.team_mode:
        for team in season.teams.all():
            teams[team.pk] = Team.objects.create(season=copy, name=team.name, colour=team.colour)
    for entry in season.entries.filter(withdrawn=False).select_related("driver", "division"):
        if entry.driver.is_bot and not entry.team_id and season.fill_with_bots:
            continue  # bots that filled the grid come back by themselves
        Entry.objects.create(
            season=copy,
            driver=entry.driver,
            car_number=entry.car_number,
            team=teams.get(entry.team_id),
            setup=dict(entry.setup),
            autopilot=entry.autopilot,
            reserve=entry.reserve,
            division=divisions.get(moved.get(entry.pk, _number_of(entry))),
        )
