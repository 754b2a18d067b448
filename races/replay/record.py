"""A finished session's record for anyone to check (issue 27, item 6): the
game, the engine config, the seats, the seed, every action and the log hash,
as races/rules/record.py writes it, so `python -m races.rules verify FILE`
replays it with the engines alone. The seed is secret until the session has
finished, and a result entered by hand has no race to replay, so only an
engine's finished session has a record."""

from __future__ import annotations

from django.core.cache import cache

from races.models import Session
from races.rules.record import record_make, record_text
from races.running.seats import seat_records


class NoRecord(LookupError):
    """The session has no record to publish (yet)."""


def session_has_record(session: Session) -> bool:
    return (
        session.status == Session.Status.FINISHED
        and not session.entered_by_id
        and bool(session.log_sha256)
    )


def session_record(*, session: Session) -> str:
    """The session's record as canonical JSON text. A finished race never
    changes, so the text is kept under its log hash once made."""
    if not session_has_record(session):
        raise NoRecord(session.pk)
    key = f"session-record:{session.pk}:{session.log_sha256}"
    text = cache.get(key)
    if text is None:
        text = record_text(_record(session))
        cache.set(key, text, timeout=24 * 3600)
    return text


def _record(session: Session) -> dict:
    season = session.round.season
    return record_make(
        game=season.game,
        config=session.config,
        seats=[record.seat() for record in seat_records(session.seats)],
        seed=session.seed,
        actions=session.actions,
        log_sha256=session.log_sha256,
        about={
            "session": session.pk,
            "kind": session.kind,
            "league": season.league.slug,
            "season": season.slug,
            "round": session.round.number,
        },
    )


def record_filename(session: Session) -> str:
    return f"paddock-session-{session.pk}.json"
