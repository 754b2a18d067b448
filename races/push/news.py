"""What a web process sends its sockets with a table's signal (issue 25).

A table's signal says only that the table changed. The web process holding
the sockets draws, once per signal and language, what everyone sees alike
(the live area: board, seats, whose turn, log) and each seated person's
panel digest, and every socket of the table gets it in its page's language:
the other seats and a thousand spectators see a move without a request
each, and a driver whose panel is unchanged asks nothing either.

The drawing is shared by the sockets of the process that wait for the same
signal, then forgotten; it is the same area a browser fetches
(races/rounds/pages.py, kept in the cache under the state's digest).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from channels.db import database_sync_to_async

from races.models import Session
from races.rounds.pages import shared_live_area
from races.table.live_table import cockpit_digests

log = logging.getLogger(__name__)

KEPT_SECONDS = 10  # a signal's drawing is kept for the sockets still sending it


@dataclass(frozen=True)
class TableNews:
    area: str
    panels: dict[int, str]  # each seated person's panel digest


_drawing: dict[tuple[int, str, str], asyncio.Future] = {}


async def table_news(session_id: int, signal: str, language: str) -> TableNews | None:
    """The news of one signal of the table in `language`, drawn once in this
    process however many sockets ask; None once the race is over (a
    finished race's area is drawn for each reader) or if drawing failed
    (the browsers then fetch their area, as without push)."""
    key = (session_id, signal, language)
    drawing = _drawing.get(key)
    if drawing is None:
        # On a thread of the loop's pool, not the one thread every consumer
        # of the process shares for its database work: fifty tables' news
        # would be drawn one after another there.
        drawn = database_sync_to_async(news_drawn, thread_sensitive=False)
        drawing = asyncio.ensure_future(drawn(session_id, language))
        _drawing[key] = drawing
        loop = asyncio.get_running_loop()
        drawing.add_done_callback(lambda _done: loop.call_later(KEPT_SECONDS, _forget, key))
    try:
        return await asyncio.shield(drawing)
    except Exception:
        log.exception("could not draw the news of table %s", session_id)
        return None


def _forget(key: tuple) -> None:
    _drawing.pop(key, None)


def news_drawn(session_id: int, language: str) -> TableNews | None:
    sessions = Session.objects.select_related("round__season__league").defer("event_log")
    session = sessions.filter(pk=session_id).one()
    if session is None:
        return None
    area = shared_live_area(session, language)
    if area is None:
        return None
    return TableNews(area, cockpit_digests(session))
