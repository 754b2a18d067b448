"""Writing one line of a league's history (issue 23, item 3)."""

from __future__ import annotations

from django.db import transaction

from league.models import League, LeagueChange, Season
from paddock.prepared import PreparedInsert

SYSTEM = "Paddock"


def _actor_name(actor) -> str:
    if actor is None or not getattr(actor, "is_authenticated", False):
        return SYSTEM
    full = actor.get_full_name() if hasattr(actor, "get_full_name") else ""
    return full or actor.get_username()


def record(
    league: League,
    *,
    actor,
    topic: str,
    summary: str,
    params: dict | None = None,
    before: str = "",
    after: str = "",
    season: Season | None = None,
) -> LeagueChange:
    """Append one change to `league`'s history. Call it inside the same
    `transaction.atomic()` block as the change, so the change and its line
    commit or roll back together; outside a transaction it is refused.

    `actor` is the person who made the change (None for the site itself,
    such as a worker storing a finished session). `summary`, `before` and
    `after` are words a person reads, never ids or raw values: English
    message ids marked with `gettext_noop` (so the catalogues carry them),
    with %(name)s places filled from `params` (names, numbers, dates as
    words) in the reader's language when the history is shown:

        record(league, actor=user, topic="entry", season=season,
               summary=gettext_noop("%(driver)s withdrew from %(season)s"),
               params={"driver": "Ana Silva", "season": "2026"},
               before=gettext_noop("Racing"), after=gettext_noop("Withdrawn"))
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("A history line is written in the transaction of its change.")
    if topic not in LeagueChange.Topic.values:
        raise ValueError(f"Unknown history topic {topic!r}.")
    line = LeagueChange(
        league=league,
        season=season,
        actor=actor if getattr(actor, "is_authenticated", False) else None,
        actor_name=_actor_name(actor),
        topic=topic,
        summary=summary[:300],
        before=before,
        after=after,
        params=params or {},
    )
    # Its INSERT's text kept (paddock/prepared.py): every stored session
    # writes a line. A line is only ever added (LeagueChange.save).
    return LINES.run([line])[0]


LINES = PreparedInsert(LeagueChange)
