"""Divisions (issue 26, item 2): a season's drivers split into grids that
each race their own session of every round and keep their own table, by
rating, by a round's result or by hand. The split is refused once a
division has raced; a round that already ran undivided (a qualifying round)
keeps its results and its sessions as raced."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.models import MAX_DIVISIONS, Division, Entry, Season
from league.season_settings.checks import capabilities
from league.season_stage import Action, stage_check
from races.models import Result, Round, Session
from races.results.standings import standings_follow
from races.rounds.edits import sessions_sync
from ratings.models import Rating

RATING, ROUND, HAND = "rating", "round", "hand"
SPLITS = {
    RATING: gettext_noop("The drivers were split into %(count)s divisions by rating"),
    ROUND: gettext_noop("The drivers were split into %(count)s divisions by round %(round)s"),
    HAND: gettext_noop("The drivers were split into %(count)s divisions by hand"),
}
UNDIVIDED = gettext_noop("The season's divisions were removed")


def racing_entries(season: Season) -> list[Entry]:
    return list(
        Entry.objects.filter(season=season, withdrawn=False, reserve=False)
        .select_related("driver")
        .order_by("car_number")
    )


def divisions_raced(season: Season) -> bool:
    """A division has results, or a session of one has started (a live
    race has no results until it ends): the split stays."""
    sessions = Session.objects.filter(round__season=season, division__isnull=False)
    started = sessions.exclude(status__in=(Session.Status.SCHEDULED, Session.Status.CANCELLED))
    return started.exists() or Result.objects.filter(session__in=sessions).exists()


def _by_rating(season: Season, entries: list[Entry]) -> list[Entry]:
    """Highest rating first (the ratings' ordinal); unrated cars after, by number."""
    best: dict[int, float] = {}
    for driver, ordinal in Rating.objects.filter(
        game=season.game, driver_id__in=[e.driver_id for e in entries]
    ).values_list("driver_id", "ordinal"):
        best[driver] = max(ordinal, best.get(driver, ordinal))
    return sorted(
        entries, key=lambda e: (e.driver_id not in best, -best.get(e.driver_id, 0), e.car_number)
    )


def _by_round(season: Season, entries: list[Entry], number: int | None) -> list[Entry]:
    """In the order of a round's result: its qualifying when it has one,
    else its race; cars without a place after, by number."""
    rnd = Round.objects.filter(season=season, number=number).first()
    if rnd is None:
        raise ValidationError({"round": _("This season has no round %(n)s.") % {"n": number}})
    sessions = Session.objects.filter(
        round=rnd, status=Session.Status.FINISHED, leg=Session.Leg.MAIN, results__isnull=False
    ).distinct()
    session = sessions.filter(kind=Session.Kind.QUALIFYING).first() or sessions.first()
    if session is None:
        raise ValidationError(
            {"round": _("Round %(n)s has no result yet to split by.") % {"n": number}}
        )
    place = {
        r.entry_id: r.final_position or r.position for r in Result.objects.filter(session=session)
    }
    return sorted(entries, key=lambda e: (e.pk not in place, place.get(e.pk, 0), e.car_number))


def _even_split(ordered: list[Entry], count: int) -> list[list[Entry]]:
    """`count` groups in order, as even as can be, the top ones larger."""
    size, extra = divmod(len(ordered), count)
    groups, start = [], 0
    for index in range(count):
        end = start + size + (1 if index < extra else 0)
        groups.append(ordered[start:end])
        start = end
    return groups


def hand_groups(season: Season, entries: list[Entry], lines: Sequence[str]) -> list[list[Entry]]:
    """Car numbers, one line a division ("1, 4, 7"): every racing car once."""
    by_number = {e.car_number: e for e in entries}
    groups, seen = [], set()
    for line in lines:
        group = []
        for word in line.replace(",", " ").split():
            if not word.lstrip("#").isdigit() or int(word.lstrip("#")) not in by_number:
                raise ValidationError(
                    {"cars": _("No car %(car)s races in this season.") % {"car": word}}
                )
            number = int(word.lstrip("#"))
            if number in seen:
                raise ValidationError(
                    {"cars": _("Car #%(car)s is in two divisions.") % {"car": number}}
                )
            seen.add(number)
            group.append(by_number[number])
        groups.append(group)
    missing = sorted(set(by_number) - seen)
    if missing:
        raise ValidationError(
            {
                "cars": _("Put every racing car in a division; missing: %(cars)s.")
                % {"cars": ", ".join(f"#{n}" for n in missing)}
            }
        )
    return groups


def split_check(season: Season, groups: list[list[Entry]]) -> None:
    """Every division a grid the game can run: no larger than the grid, and
    no smaller than the game's fewest cars unless bots fill it."""
    if not 2 <= len(groups) <= MAX_DIVISIONS:
        raise ValidationError(
            {"count": _("Split into 2 to %(most)s divisions.") % {"most": MAX_DIVISIONS}}
        )
    found = capabilities(season.game, season.rules)
    least = found.min_seats if found else 2
    for number, group in enumerate(groups, start=1):
        said = {"n": number, "cars": len(group), "grid": season.grid_size, "least": least}
        if len(group) > season.grid_size:
            raise ValidationError(
                _("Division %(n)s would have %(cars)s cars; the grid takes %(grid)s.") % said
            )
        if not group or (len(group) < least and not season.fill_with_bots):
            raise ValidationError(
                _(
                    "Division %(n)s would have %(cars)s cars; this game needs at least "
                    "%(least)s, or bots to fill the grid."
                )
                % said
            )


@transaction.atomic
def divisions_split(
    *,
    season: Season,
    count: int,
    by: str,
    actor=None,
    round_number: int | None = None,
    lines: Sequence[str] = (),
    names: Sequence[str] = (),
) -> list[Division]:
    """Split the season's racing cars into `count` divisions (1: none), the
    top division first, and give every round's sessions to them."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    stage_check(season, Action.ENTRIES)
    if divisions_raced(season):
        raise ValidationError(_("The divisions have raced: they stay as they are."))
    entries = racing_entries(season)
    if count == 1:
        return _divisions_remove(season, actor)
    if by == HAND:
        groups = hand_groups(season, entries, lines)
        count = len(groups)
    elif by == ROUND:
        groups = _even_split(_by_round(season, entries, round_number), max(count, 1))
    elif by == RATING:
        groups = _even_split(_by_rating(season, entries), max(count, 1))
    else:
        raise ValidationError({"by": _("Choose how to split the drivers.")})
    split_check(season, groups)
    with standings_follow(season):
        made = _divisions_store(season, groups, names)
        record(
            season.league,
            actor=actor,
            topic="entry",
            season=season,
            summary=SPLITS[by],
            params={"count": len(groups), "round": round_number or ""},
            after=", ".join(
                f"{d.name}: " + " ".join(f"#{e.car_number}" for e in g)
                for d, g in zip(made, groups, strict=True)
            ),
        )
    return made


def _divisions_store(season: Season, groups, names: Sequence[str]) -> list[Division]:
    season.divisions.all().delete()
    Entry.objects.filter(season=season).update(division=None)
    made = []
    for number, group in enumerate(groups, start=1):
        name = (names[number - 1].strip() if number <= len(names) else "") or _(
            "Division %(n)s"
        ) % {"n": number}
        division = Division.objects.create(season=season, number=number, name=name[:60])
        Entry.objects.filter(pk__in=[e.pk for e in group]).update(division=division)
        made.append(division)
    for rnd in season.rounds.all():
        sessions_sync(rnd=rnd)
    return made


def _divisions_remove(season: Season, actor) -> list[Division]:
    if not season.divisions.exists():
        return []
    with standings_follow(season):
        season.divisions.all().delete()
        for rnd in season.rounds.all():
            sessions_sync(rnd=rnd)
        record(season.league, actor=actor, topic="entry", season=season, summary=UNDIVIDED)
    return []
