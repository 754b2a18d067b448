"""Ratings from stored results: every finished race of a game, in the order
the races finished, through the Plackett–Luce model (ratings/skill.py).

Idempotent by construction: rating a session replays the game's ledger from
that session on (its own changes and every later race's are dropped and
computed again), so storing a result twice, or correcting an old one, gives
the same ratings as if each race had been rated once, in order. The usual
case, the newest race of a game, replays just that race.

Who is rated: each person (their driver), and each bot level per game. A bot
persona races as a rookie in one season and a pro in the next (the entry's
autopilot decides), so the level, not the persona's name, is the player.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime

from django.db import connection, transaction
from django.db.models import Count, Q

from races.models import Result, Session
from races.rules import game_choices
from races.running.seats import seat_records
from ratings import skill as model
from ratings.models import Rating, RatingChange

DRIVER, BOT = "driver", "bot"


def _game_lock(game: str) -> None:
    """One rater per game at a time: the ledger is a sequence. PostgreSQL
    takes an advisory lock for the transaction; SQLite serialises writers."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"ratings:{game}"])


def _key_of(rating: Rating) -> tuple:
    return (DRIVER, rating.driver_id) if rating.driver_id else (BOT, rating.bot_level)


def _from(finished_at: datetime, session_id: int) -> Q:
    """Races at or after this one in the ledger's order."""
    return Q(finished_at__gt=finished_at) | Q(finished_at=finished_at, session_id__gte=session_id)


def _races(game: str, since: tuple[datetime, int] | None):
    sessions = Session.objects.filter(
        round__season__game=game,
        kind=Session.Kind.RACE,
        status=Session.Status.FINISHED,
        finished_at__isnull=False,
    )
    if since is not None:
        sessions = sessions.filter(
            Q(finished_at__gt=since[0]) | Q(finished_at=since[0], pk__gte=since[1])
        )
    return sessions.order_by("finished_at", "pk").only("pk", "finished_at", "seats")


def _finishers(session: Session, results: list[Result]) -> list[model.Finisher]:
    """The race as the model sees it: each car that started, by place; a bot's
    car counts for the level that drove it (the session's seat record)."""
    level_of = {r.entry_id: r.bot for r in seat_records(session.seats)}
    finishers = []
    for result in results:
        if result.status in (Result.Status.DID_NOT_START, Result.Status.DID_NOT_QUALIFY):
            continue
        driver = result.entry.driver
        if driver.is_bot:
            level = level_of.get(result.entry_id) or result.entry.autopilot or driver.bot_level
            key = (BOT, level)
        else:
            key = (DRIVER, driver.pk)
        finishers.append(model.Finisher(key, result.position))
    return finishers


def _restore(game: str, ratings: dict[tuple, Rating]) -> None:
    """Put every rating of the game back to its latest remaining change."""
    latest: dict[int, RatingChange] = {}
    counts = dict(
        RatingChange.objects.filter(rating__game=game)
        .values("rating_id")
        .annotate(n=Count("pk"))
        .values_list("rating_id", "n")
    )
    for change in RatingChange.objects.filter(rating__game=game).order_by(
        "rating_id", "finished_at", "session_id"
    ):
        latest[change.rating_id] = change
    start = model.initial()
    for rating in ratings.values():
        change = latest.get(rating.pk)
        rating.mu = change.mu if change else start.mu
        rating.sigma = change.sigma if change else start.sigma
        rating.races = counts.get(rating.pk, 0)
        rating.updated_at = change.finished_at if change else None


@transaction.atomic
def ratings_replay(*, game: str, since: tuple[datetime, int] | None = None) -> int:
    """Rate every finished race of `game` from `since` (finished_at, session
    id) on, or all of them; returns how many races were rated."""
    _game_lock(game)
    sessions, since = _ledger_from(game, since)
    ratings = {_key_of(r): r for r in Rating.objects.filter(game=game)}
    touched = _changes_dropped(game, since, [s.pk for s in sessions], ratings)
    results_of = _results_by_session(sessions)
    pending: list[tuple[tuple, RatingChange]] = []
    for session in sessions:
        pending += _race_rated(game, session, results_of[session.pk], ratings, touched)
    _ratings_store(ratings, touched, pending)
    return len(sessions)


def _ledger_from(
    game: str, since: tuple[datetime, int] | None
) -> tuple[list[Session], tuple[datetime, int] | None]:
    """The races to rate again from `since` on, read once, and where the
    replay must start so that none of them is rated twice: a race may hold
    changes from before `since` (a corrected result finishes later than it
    first did), and those go too, with everything after them. A result
    stored while this runs (stores do not wait for the raters) changes
    nothing here: the list is read once, and that store's own rating, queued
    when it commits, replays again after this one."""
    while True:
        sessions = list(_races(game, since))
        if since is None:
            return sessions, since
        earlier = (
            RatingChange.objects.filter(rating__game=game, session_id__in=[s.pk for s in sessions])
            .exclude(_from(*since))
            .order_by("finished_at", "session_id")
            .values_list("finished_at", "session_id")
            .first()
        )
        if earlier is None:
            return sessions, since
        since = earlier


def _changes_dropped(
    game: str,
    since: tuple[datetime, int] | None,
    again: list[int],
    ratings: dict[tuple, Rating],
) -> set[tuple]:
    """Drop the ledger from `since` on, and any change of the races to be
    rated `again`, and put the ratings back to what remains; returns the
    ratings so touched (all of them, if any change went)."""
    touched: set[tuple] = set()
    stale = RatingChange.objects.filter(rating__game=game)
    if since is not None:
        stale = stale.filter(_from(*since) | Q(session_id__in=again))
    if stale.exists():
        stale.delete()
        _restore(game, ratings)
        touched.update(ratings)
    return touched


def _results_by_session(sessions: list[Session]) -> dict[int, list[Result]]:
    results_of: dict[int, list[Result]] = defaultdict(list)
    for result in (
        Result.objects.filter(session__in=[s.pk for s in sessions])
        .select_related("entry__driver")
        .order_by("session_id", "position")
    ):
        results_of[result.session_id].append(result)
    return results_of


def _race_rated(
    game: str,
    session: Session,
    results: list[Result],
    ratings: dict[tuple, Rating],
    touched: set[tuple],
) -> list[tuple[tuple, RatingChange]]:
    """Rate one race: update `ratings` (adding the newcomers) and `touched`;
    returns each rated player's change, to be stored."""
    finishers = _finishers(session, results)
    skills = {
        f.key: model.Skill(ratings[f.key].mu, ratings[f.key].sigma)
        for f in finishers
        if f.key in ratings
    }
    pending = []
    for key, skill in model.rate_race(skills, finishers).items():
        rating = ratings.get(key)
        if rating is None:
            rating = ratings[key] = _new_rating(game, key)
        before = skills.get(key) or model.initial()
        rating.mu, rating.sigma = skill.mu, skill.sigma
        rating.races += 1
        touched.add(key)
        rating.updated_at = session.finished_at
        place = min(f.place for f in finishers if f.key == key)
        change = RatingChange(
            session_id=session.pk,
            finished_at=session.finished_at,
            place=place,
            cars=len(finishers),
            mu_before=before.mu,
            sigma_before=before.sigma,
            mu=skill.mu,
            sigma=skill.sigma,
            ordinal=skill.ordinal,
        )
        pending.append((key, change))
    return pending


def _ratings_store(
    ratings: dict[tuple, Rating],
    touched: set[tuple],
    pending: list[tuple[tuple, RatingChange]],
) -> None:
    changed = [ratings[key] for key in touched]
    for rating in changed:
        rating.ordinal = model.Skill(rating.mu, rating.sigma).ordinal
    new = [r for r in changed if r.pk is None]
    stored = [r for r in changed if r.pk is not None]
    Rating.objects.bulk_create(new)
    Rating.objects.bulk_update(stored, ["mu", "sigma", "ordinal", "races", "updated_at"])
    for key, change in pending:
        change.rating = ratings[key]
    RatingChange.objects.bulk_create([change for _, change in pending])


def _new_rating(game: str, key: tuple) -> Rating:
    start = model.initial()
    kind, who = key
    return Rating(
        game=game,
        driver_id=who if kind == DRIVER else None,
        bot_level=who if kind == BOT else "",
        mu=start.mu,
        sigma=start.sigma,
        ordinal=start.ordinal,
    )


@transaction.atomic
def session_rate(*, session_id: int) -> int:
    """Rate a race whose results were just stored (or stored again): the
    game's ledger is replayed from it on, in one transaction. Returns the
    races rated.

    The replay starts at the earlier of the race's place in the ledger and
    the place it was last rated at: a correction gives the race a later
    finishing time (or takes it out of the ledger), and its old changes must
    go with everything after them, or the race would count twice."""
    session = (
        Session.objects.filter(pk=session_id)
        .select_related("round__season")
        .only("pk", "finished_at", "kind", "status", "round__season__game")
        .first()
    )
    if session is None:
        return 0
    game = session.round.season.game
    _game_lock(game)  # before reading where the race was rated: the ledger is settled
    starts = []
    if session.kind == Session.Kind.RACE and session.finished_at is not None:
        starts.append((session.finished_at, session.pk))
    rated_at = (
        RatingChange.objects.filter(session_id=session.pk)
        .order_by("finished_at")
        .values_list("finished_at", flat=True)
        .first()
    )
    if rated_at is not None:
        starts.append((rated_at, session.pk))
    if not starts:
        return 0
    return ratings_replay(game=game, since=min(starts))


def ratings_rebuild(*, game: str | None = None) -> dict[str, int]:
    """Every game's ratings (or one game's) from the whole history, each game
    in one transaction."""
    games = [game] if game else [key for key, _ in game_choices()]
    out = {}
    for key in games:
        with transaction.atomic():
            _game_lock(key)
            Rating.objects.filter(game=key).delete()
            out[key] = ratings_replay(game=key)
    return out
