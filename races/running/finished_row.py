"""A finished automatic race's own row, written first in the transaction
that stores its result (races/running/runner.py), while the worker's claim
still holds. Two UPDATEs, each compiled once a process (paddock/prepared.py):

- `actions_written_beside`: the run's actions, seats and config, sent as
  soon as the race is over and written by the database while the worker
  writes the log's lines and the engine hashes them (about 100 kB of JSON
  for a ten-car race: parsing and compressing it is most of the row's
  cost). It checks the claim and so locks the row: a worker whose claim
  was taken over writes nothing.
- `finished_row`: the row says "finished", with its event log, hash,
  summary and progress, once the engine's result is known.

The results are stored after them, and they read the session as finished.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from datetime import datetime

from paddock.prepared import PreparedUpdate, Written
from races.models import Session

S = Session.Status


def _held(session_id, token):
    return Session._base_manager.filter(pk=session_id, claim=token, status=S.RUNNING)


# The actions are the whole list this run made: a session run again starts
# from none, and only the claim's holder writes them, so they are set rather
# than appended (jsonb `||` rebuilds the 100 kB document: 1.1 ms more for
# the statement alone, measured here).
PLAYED = PreparedUpdate(
    lambda session_id, token, seats, config, actions: (
        _held(session_id, token),
        {"seats": seats, "config": config, "actions": actions},
    ),
    session_id=int,
    token=str,
    **{name: Session._meta.get_field(name) for name in ("seats", "config", "actions")},
)

FINISHED = PreparedUpdate(
    lambda session_id, token, finished_at, event_log, log_sha256, summary, progress: (
        _held(session_id, token),
        {
            "status": S.FINISHED,
            "finished_at": finished_at,
            "lease_until": None,
            "claim": "",
            "event_log": event_log,
            "log_sha256": log_sha256,
            "summary": summary,
            "progress": progress,
        },
    ),
    session_id=int,
    token=str,
    finished_at=datetime,
    log_sha256=str,
    **{name: Session._meta.get_field(name) for name in ("event_log", "summary", "progress")},
)


@contextmanager
def actions_written_beside(session: Session, token: str) -> Iterator[Written]:
    """Write the session's actions, seats and config (as the caller set
    them) while the `with` block runs, in the caller's transaction, if
    `token` is its claim and it is running: `rows` of what it yields is 1
    after the block, or 0, and nothing written, once another worker has
    taken it over. The block must not use the database."""
    with PLAYED.beside(
        session_id=session.pk,
        token=token,
        seats=session.seats,
        config=session.config,
        actions=session.actions,
    ) as written:
        yield written
    if written.rows:
        session.actions_marked_stored()


def finished_row(session: Session, token: str, log: str | Future) -> bool:
    """Write the session's finished row (its fields as the caller set them,
    its event log being packed or its text) while `token` is its claim and
    it is running; False, and nothing written, once another worker has
    taken it over. Its status is on the season's pages: the caller gives
    them new versions (races/running/runner.py)."""
    session.set_event_log(log)
    written = FINISHED.run(
        session_id=session.pk,
        token=token,
        finished_at=session.finished_at,
        event_log=bytes(session.event_log),
        log_sha256=session.log_sha256,
        summary=session.summary,
        progress=session.progress,
    )
    return bool(written)
