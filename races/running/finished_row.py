"""A finished automatic race's own row, written first in the transaction
that stores its result (races/running/runner.py, session_finish), while the
worker's claim still holds: the row says "finished", with its event log,
hash, summary, seats, config and actions. The UPDATE checks the claim and
so locks the row; a worker whose claim was taken over writes nothing. The
results are stored after it, and they read the session as finished. The
statement is compiled once a process (paddock/prepared.py): built by the
ORM, it cost about a millisecond to compile, on every session.
"""

from __future__ import annotations

from concurrent.futures import Future
from datetime import datetime

from league.page_versions import season_pages_changed
from paddock.prepared import PreparedUpdate
from races.models import Session
from races.replay.stored_actions import appended_actions

S = Session.Status


def _field(name: str):
    return Session._meta.get_field(name)


def _finished(actions):
    """The UPDATE of a finished row, the actions written by `actions`."""

    def build(session_id, token, finished_at, event_log, log_sha256, summary, progress, seats,
              config, listed):  # fmt: skip
        return Session._base_manager.filter(pk=session_id, claim=token, status=S.RUNNING), {
            "status": S.FINISHED,
            "finished_at": finished_at,
            "lease_until": None,
            "claim": "",
            "event_log": event_log,
            "log_sha256": log_sha256,
            "summary": summary,
            "progress": progress,
            "seats": seats,
            "config": config,
            "actions": actions(listed),
        }

    return PreparedUpdate(
        build,
        session_id=int,
        token=str,
        finished_at=datetime,
        log_sha256=str,
        **{name: _field(name) for name in ("event_log", "summary", "progress", "seats", "config")},
        listed=_field("actions"),
    )


# The actions added since the row was read, after those it holds (jsonb
# `||`), or the whole list where it was replaced (races/replay/stored_actions.py).
FINISHED_ADDED = _finished(appended_actions)
FINISHED_WHOLE = _finished(lambda listed: listed)


def finished_row(session: Session, token: str, log: str | Future) -> bool:
    """Write the session's finished row (its fields as the caller set them,
    its event log being packed or its text) while `token` is its claim and
    it is running; False, and nothing written, once another worker has
    taken it over."""
    session.set_event_log(log)
    added = session.actions_added(["actions"])
    statement = FINISHED_WHOLE if added is None else FINISHED_ADDED
    written = statement.run(
        session_id=session.pk,
        token=token,
        finished_at=session.finished_at,
        event_log=bytes(session.event_log),
        log_sha256=session.log_sha256,
        summary=session.summary,
        progress=session.progress,
        seats=session.seats,
        config=session.config,
        listed=session.actions if added is None else added,
    )
    if not written:
        return False
    session.actions_marked_stored()
    season_pages_changed({session.round.season_id})  # its status is on the season's pages
    return True
