"""Reads for the rating pages: a game's ladder and the head-to-head record
of two drivers, each in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass

from league.models import Driver
from races.models import Result, Session
from ratings.models import Rating


def ladder(game: str):
    """Every rating of the game, strongest (by mu - 3 sigma) first."""
    return (
        Rating.objects.filter(game=game)
        .select_related("driver")
        .order_by("-ordinal", "driver__name", "bot_level")
    )


@dataclass
class Meeting:
    """One race both drivers started: where each finished."""

    session: Session
    first: Result
    second: Result

    @property
    def first_ahead(self) -> bool:
        return self.first.position < self.second.position


@dataclass
class HeadToHead:
    first: Driver
    second: Driver
    meetings: list[Meeting]

    @property
    def first_ahead(self) -> int:
        return sum(m.first_ahead for m in self.meetings)

    @property
    def second_ahead(self) -> int:
        return len(self.meetings) - self.first_ahead


def head_to_head(first: Driver, second: Driver, *, game: str | None = None) -> HeadToHead:
    """Every finished race both drivers started, newest first: who finished
    ahead of whom (a car that did not start did not meet the other)."""
    results = (
        Result.objects.filter(
            entry__driver__in=[first, second],
            session__kind=Session.Kind.RACE,
            session__status=Session.Status.FINISHED,
        )
        .exclude(status__in=(Result.Status.DID_NOT_START, Result.Status.DID_NOT_QUALIFY))
        .select_related("session__round__season__league", "entry")
        .defer("session__event_log", "session__actions", "session__config", "session__seats")
        .order_by("-session__finished_at", "-session__pk")
    )
    if game:
        results = results.filter(session__round__season__game=game)
    by_session: dict[int, dict[int, Result]] = {}
    order: list[int] = []
    for result in results:
        if result.session_id not in by_session:
            by_session[result.session_id] = {}
            order.append(result.session_id)
        by_session[result.session_id][result.entry.driver_id] = result
    meetings = [
        Meeting(
            session=by_session[sid][first.pk].session,
            first=by_session[sid][first.pk],
            second=by_session[sid][second.pk],
        )
        for sid in order
        if first.pk in by_session[sid] and second.pk in by_session[sid]
    ]
    return HeadToHead(first=first, second=second, meetings=meetings)
