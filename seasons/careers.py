"""A driver's career, read from stored results: seasons, wins, podiums,
poles, laps led, per-track figures and ratings per game. A fixed number of
queries whatever the length of the career (laps led read from each race's
log once, then kept in the cache under the log's hash, which never changes).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.core.cache import cache

from league.models import Driver
from races.models import Result, Session
from races.replay.laps_led import laps_led, laps_led_of
from races.running.seats import seat_records
from ratings.models import Rating, RatingChange


@dataclass
class TrackRecord:
    game: str
    track: str
    races: int = 0
    wins: int = 0
    podiums: int = 0
    poles: int = 0
    laps_led: int = 0
    positions: list[int] = field(default_factory=list)

    @property
    def best(self) -> int | None:
        return min(self.positions, default=None)

    @property
    def average(self) -> float | None:
        return round(sum(self.positions) / len(self.positions), 1) if self.positions else None


def _laps_led_in(session_id: int, log_sha256: str) -> dict[str, int]:
    key = f"laps-led:{log_sha256}"
    found = cache.get(key)
    if found is None:
        session = Session.objects.only("event_log").get(pk=session_id)
        found = laps_led(session.event_log_text().split("\n"))
        cache.set(key, found, timeout=None)
    return found


def career_races(driver: Driver) -> list[Result]:
    """Every finished race and qualifying result of the driver, oldest first,
    with its session's grid (the stored seats, pole first)."""
    return list(
        Result.objects.filter(entry__driver=driver, session__status=Session.Status.FINISHED)
        .select_related("session__round__season__league", "entry")
        .defer("session__event_log", "session__actions", "session__config", "session__progress")
        .order_by("session__finished_at", "session__pk")
    )


def career_figures(results: list[Result]) -> dict:
    """Poles, laps led and the per-track table from the driver's results."""
    tracks: dict[tuple[str, str], TrackRecord] = {}
    poles = led = 0
    for result in results:
        session = result.session
        if session.kind != Session.Kind.RACE:
            continue
        season = session.round.season
        record = tracks.setdefault(
            (season.game, session.round.track),
            TrackRecord(game=season.get_game_display(), track=session.round.track),
        )
        record.races += 1
        record.positions.append(result.position)
        record.wins += result.position == 1
        record.podiums += result.position <= 3
        grid = seat_records(session.seats)
        if grid and grid[0].entry_id == result.entry_id:
            record.poles += 1
            poles += 1
        from_log = (
            _laps_led_in(session.pk, session.log_sha256)
            if session.log_sha256 and "laps_led" not in (result.figures or {})
            else {}
        )
        result.laps_led = laps_led_of(result.figures, result.seat, from_log)
        record.laps_led += result.laps_led
        led += result.laps_led
    return {
        "poles": poles,
        "laps_led": led,
        "tracks": sorted(tracks.values(), key=lambda t: (t.game, -t.races, t.track)),
    }


@dataclass
class GameRating:
    rating: Rating
    rank: int
    history: list[RatingChange]


def career_ratings(driver: Driver) -> list[GameRating]:
    """The driver's rating in each game they raced, its place on the ladder
    and its history; a bot persona shows the ratings of the levels it drove."""
    if driver.is_bot:
        levels = {driver.bot_level} | set(driver.entries.values_list("autopilot", flat=True))
        ratings = list(Rating.objects.filter(driver__isnull=True, bot_level__in=levels))
    else:
        ratings = list(Rating.objects.filter(driver=driver).select_related("driver"))
    history = defaultdict(list)
    for change in RatingChange.objects.filter(rating__in=ratings).order_by(
        "finished_at", "session_id"
    ):
        history[change.rating_id].append(change)
    out = []
    for rating in sorted(ratings, key=lambda r: (r.game, r.bot_level)):
        rank = Rating.objects.filter(game=rating.game, ordinal__gt=rating.ordinal).count() + 1
        out.append(GameRating(rating=rating, rank=rank, history=history[rating.pk]))
    return out
