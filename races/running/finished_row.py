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

S = Session.Status


def _finished(session_id, token, finished_at, event_log, log_sha256, summary, progress, seats,
              config, actions):  # fmt: skip
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
        "actions": actions,
    }


# The actions are the whole list this run made: a session run again starts
# from none, and only the claim's holder writes them, so they are set rather
# than appended (jsonb `||` rebuilds the 100 kB document: 1.1 ms more for
# the statement alone, measured here; within a session, lost in the noise).
FINISHED = PreparedUpdate(
    _finished,
    session_id=int,
    token=str,
    finished_at=datetime,
    log_sha256=str,
    **{
        name: Session._meta.get_field(name)
        for name in ("event_log", "summary", "progress", "seats", "config", "actions")
    },
)


def finished_row(session: Session, token: str, log: str | Future) -> bool:
    """Write the session's finished row (its fields as the caller set them,
    its event log being packed or its text) while `token` is its claim and
    it is running; False, and nothing written, once another worker has
    taken it over."""
    session.set_event_log(log)
    written = FINISHED.run(
        session_id=session.pk,
        token=token,
        finished_at=session.finished_at,
        event_log=bytes(session.event_log),
        log_sha256=session.log_sha256,
        summary=session.summary,
        progress=session.progress,
        seats=session.seats,
        config=session.config,
        actions=session.actions,
    )
    if not written:
        return False
    session.actions_marked_stored()
    season_pages_changed({session.round.season_id})  # its status is on the season's pages
    return True
