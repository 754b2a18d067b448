"""Running sessions on the Celery workers, queued once the transaction that
asks for it commits (races/running/handover.py)."""

from __future__ import annotations

from races.running.handover import after_commit

RUN_SESSION = "races.tasks.run_session"
ADVANCE_SESSION = "races.tasks.advance_session"


def session_run_later(session_id: int) -> None:
    """Run a queued session (an automatic race to its end; a live one up
    to the first decision a person owes)."""
    after_commit(RUN_SESSION, session_id)


def session_advance_later(session_id: int) -> None:
    """Let the bots of a live race play on after a person's decision."""
    after_commit(ADVANCE_SESSION, session_id)
