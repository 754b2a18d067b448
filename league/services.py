"""League services: they load, call the plain rules in scoring.py, and store."""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction
from django.db.models import Sum

from league import scoring
from league.caching import standings_changed
from league.models import DriverStanding, Entry, Penalty, Season, TeamStanding


def _round_scores(season: Season) -> tuple[dict, list[int]]:
    from races.models import Result, Session

    # Unordered: standings are ranked afterwards with a total order, and the
    # default ordering would join up to the league only to sort.
    rows = (
        Result.objects.filter(
            session__round__season=season, session__status=Session.Status.FINISHED
        )
        .order_by()
        .values_list("entry_id", "session__kind", "session__round__number", "position", "points")
    )
    scores: dict[int, list[scoring.RoundScore]] = defaultdict(list)
    held: set[int] = set()
    for entry_id, kind, number, position, points in rows:
        is_race = kind == Session.Kind.RACE
        scores[entry_id].append(scoring.RoundScore(number, points, position if is_race else None))
        held.add(number)
    return scores, sorted(held)


# Inside a caller's transaction no savepoint: a failure leaves nothing
# half-replaced worth keeping, and a savepoint costs two round trips.
@transaction.atomic(savepoint=False)
def standings_recompute(*, season: Season) -> None:
    """Rebuild the season's driver and team standings from stored results and
    penalties. Safe to call any number of times: it replaces, never adds."""
    table = scoring.PointsTable.of(season.scoring)
    scores, held = _round_scores(season)
    # Each entry with its penalty points, in one query.
    entries = list(
        Entry.objects.filter(season=season)
        .order_by()
        .only("id", "team_id", "withdrawn")
        .annotate(penalty_total=Sum("penalties__points"))
    )
    for entry in entries:
        scores.setdefault(entry.id, [])
    penalties = {e.id: e.penalty_total for e in entries if e.penalty_total is not None}
    lines = scoring.driver_standings(table, scores, held=held, penalties=penalties)
    standings_changed(season_id=season.pk)

    DriverStanding.objects.filter(season=season).delete()
    DriverStanding.objects.bulk_create(
        DriverStanding(
            season=season,
            entry_id=line.key,
            rank=line.rank,
            points=line.points,
            penalty_points=line.penalty,
            rounds={str(n): p for n, p in sorted(line.rounds.items())},
            dropped=line.dropped,
            positions={str(p): c for p, c in sorted(line.positions.items())},
        )
        for line in lines
    )

    TeamStanding.objects.filter(season=season).delete()
    if not season.team_mode:
        return
    members: dict[int, list[int]] = {
        team_id: [] for team_id in season.teams.values_list("id", flat=True)
    }
    for entry in entries:
        if entry.team_id:
            members[entry.team_id].append(entry.id)
    by_entry = {line.key: line for line in lines}
    team_lines = scoring.team_standings(table, members, by_entry, held=held)
    TeamStanding.objects.bulk_create(
        TeamStanding(
            season=season,
            team_id=line.key,
            rank=line.rank,
            points=line.points,
            penalty_points=line.penalty,
            rounds={str(n): p for n, p in sorted(line.rounds.items())},
            positions={str(p): c for p, c in sorted(line.positions.items())},
        )
        for line in team_lines
    )


@transaction.atomic
def penalty_add(*, entry: Entry, round, points: int, reason: str, steward) -> Penalty:
    penalty = Penalty(entry=entry, round=round, points=points, reason=reason, steward=steward)
    penalty.full_clean()
    penalty.save()
    standings_recompute(season=entry.season)
    return penalty


@transaction.atomic
def penalty_remove(*, penalty: Penalty) -> None:
    season = penalty.entry.season
    penalty.delete()
    standings_recompute(season=season)


@transaction.atomic
def entry_create(
    *,
    season: Season,
    driver,
    car_number: int,
    team=None,
    setup: dict | None = None,
    autopilot: str = "pro",
) -> Entry:
    """Enter a driver in a season; a clear ValidationError stores nothing."""
    entry = Entry(
        season=season,
        driver=driver,
        car_number=car_number,
        team=team,
        setup=setup or {},
        autopilot=autopilot,
    )
    entry.full_clean()
    entry.save()
    return entry
