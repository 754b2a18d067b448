"""Claiming a session for one worker (DESIGN.md, "One session runner").

A session is claimed with one conditional UPDATE: a status change and a
claim token with a lease. A second worker given the same session finds it
claimed and leaves it; a worker that died mid-run lets its lease expire and
the session is claimed again; only the holder of the current claim may
store (races/running/runner.py), so a session's results are written once.
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Exists, OuterRef, Q, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from league.page_versions import season_pages_changed
from paddock.prepared import Prepared, PreparedUpdate
from races.models import Result, Session
from races.running.aftermath import aftermath_facts
from races.running.plan import plan_facts

log = logging.getLogger(__name__)

S = Session.Status


def lease() -> timedelta:
    return timedelta(seconds=getattr(settings, "SESSION_LEASE_SECONDS", 60))


def session_claim(session_id: int) -> Session | None:
    """Take the session for this worker: the claimed session, read with its
    round, season, league and scoring; None when it is not ours to run."""
    now = timezone.now()
    token = uuid.uuid4().hex
    claim = {"session_id": session_id, "token": token, "now": now, "lease_until": now + lease()}
    # Each claim is one conditional UPDATE, committed on its own: the database
    # re-checks the condition on a row another worker has just claimed, so
    # exactly one claim wins.
    if not CLAIM_QUEUED.run(**claim):
        if not CLAIM_EXPIRED.run(**claim):
            return None
        log.warning("session %s: lease expired, running it again", session_id)
    session = CLAIMED.one(session_id=session_id, token=token)
    if session is not None:  # its status is on the season's pages
        season_pages_changed({session.round.season_id})
    return session


def _claim_of(rows):
    """A claim's UPDATE of `rows`, built once (paddock/prepared.py). The base
    manager's UPDATE does not look up the row's season for the pages'
    versions: the claimed row, read next, names it."""

    def build(session_id, token, now, lease_until):
        claimed = {
            "status": S.RUNNING,
            "claim": token,
            "lease_until": lease_until,
            "started_at": Coalesce("started_at", Value(now)),
            "progress": {},
            "error": "",
        }
        return rows(Session._base_manager.filter(pk=session_id), now), claimed

    return PreparedUpdate(build, session_id=int, token=str, now=datetime, lease_until=datetime)


CLAIM_QUEUED = _claim_of(lambda found, now: found.filter(status=S.QUEUED))
# A running session whose worker let its lease run out (it died).
CLAIM_EXPIRED = _claim_of(
    lambda found, now: found.filter(
        Q(lease_until__isnull=True) | Q(lease_until__lt=now), status=S.RUNNING
    )
)
# The claimed session with its round, season, league and scoring, what
# follows its start and result (aftermath_facts), what its plan would read
# on its own (plan_facts), and whether it holds results (a session run
# again): a first result deletes none (races/results/store.py).
CLAIMED = Prepared(
    lambda session_id, token: (
        Session.objects.select_related("round__season__league", "round__season__scoring")
        .annotate(
            **aftermath_facts(),
            **plan_facts(),
            has_results=Exists(Result.objects.filter(session=OuterRef("pk"))),
        )
        .filter(pk=session_id, claim=token)
        .order_by()[:1]
    ),
    session_id=int,
    token=str,
)
