"""What a league's webhooks are told: a session started, a result was
stored, a season ended; in words and as plain data. Read from the stored
rows, after the fact, by a Celery task (races/running/aftermath.py)."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.urls import reverse

from league.models import DriverStanding, Season
from races.models import Result, Session
from webhooks.delivery import Message, deliveries_create


def _absolute(path: str) -> str:
    return settings.SITE_URL + path


def _where(session: Session) -> str:
    season = session.round.season
    return f"{season.league.name} · {season.name}, {session.round.name}"


def _session(session_id: int) -> Session | None:
    return (
        Session.objects.select_related("round__season__league")
        .defer("event_log", "actions", "config", "progress")
        .filter(pk=session_id)
        .first()
    )


def session_started_announce(*, session_id: int) -> list[int]:
    session = _session(session_id)
    if session is None:
        return []
    kind = session.get_kind_display().lower()
    message = Message(
        event="session_started",
        title=f"{_where(session)}: {kind} started",
        text=f"{_where(session)}: the {kind} has started.",
        url=_absolute(reverse("session_live", args=[session.pk])),
        data={"session": session.pk, "kind": session.kind, "round": session.round.number},
    )
    return deliveries_create(
        league_id=session.round.season.league_id,
        message=message,
        dedupe=f"session_started:{session.pk}",
    )


def result_stored_announce(*, session_id: int) -> list[int]:
    session = _session(session_id)
    if session is None or session.status != Session.Status.FINISHED:
        return []
    results = list(
        Result.objects.filter(session=session)
        .select_related("entry__driver", "entry__team")
        .order_by("position")
    )
    if not results:
        return []
    kind = session.get_kind_display().lower()
    podium = ", ".join(f"{r.position}. {r.entry.driver.name}" for r in results[:3])
    lines = [
        {
            "position": r.position,
            "car_number": r.entry.car_number,
            "driver": r.entry.driver.name,
            "team": r.entry.team.name if r.entry.team_id else None,
            "status": r.status,
            "points": r.points,
        }
        for r in results
    ]
    fingerprint = hashlib.sha1(repr(lines).encode(), usedforsecurity=False).hexdigest()[:16]
    message = Message(
        event="result_stored",
        title=f"{_where(session)}: {kind} result",
        text=f"{_where(session)}, {kind} result: {podium}.",
        url=_absolute(session.round.get_absolute_url()),
        data={"session": session.pk, "kind": session.kind, "results": lines},
    )
    return deliveries_create(
        league_id=session.round.season.league_id,
        message=message,
        dedupe=f"result_stored:{session.pk}:{fingerprint}",
    )


def season_finished_announce(*, season_id: int) -> list[int]:
    season = Season.objects.select_related("league").filter(pk=season_id).first()
    if season is None or season.status != Season.Status.FINISHED:
        return []
    top = list(
        DriverStanding.objects.filter(season=season)
        .select_related("entry__driver")
        .order_by("rank", "entry__car_number")[:3]
    )
    if top:
        champion = top[0]
        text = (
            f"{season.league.name} · {season.name} is over: {champion.entry.driver.name} "
            f"is the champion with {champion.points} points."
        )
    else:
        text = f"{season.league.name} · {season.name} is over."
    message = Message(
        event="season_finished",
        title=f"{season.league.name} · {season.name}: final standings",
        text=text,
        url=_absolute(season.get_absolute_url()),
        data={
            "season": season.slug,
            "standings": [
                {"rank": s.rank, "driver": s.entry.driver.name, "points": s.points} for s in top
            ],
        },
    )
    return deliveries_create(
        league_id=season.league_id, message=message, dedupe=f"season_finished:{season.pk}"
    )
