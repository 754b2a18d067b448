"""The WebSocket a page holds while it shows something live (issue 25).

A page with a live table connects to `/push/?table=<session id>&language=<its
language>`, a page following a season (its standings, a tournament's tables)
to `/push/?season=<season id>`; every page of a signed-in person connects to
`/push/` for the "your turn" notice. The socket carries signals ({"changed":
"table"}, {"changed": "season"} or {"changed": "turns"}): the browser then
fetches its own view with the digest it has, so a seat's hidden cards never
travel to anyone else and a reconnected browser catches up from the state as
it stands, never from messages it missed. A table's signal carries the
table's public area in the page's language and the digest of the person's
own panel ({"changed": "table", "area": html, "panel": digest}), drawn once
per signal by this process for everyone but the league's organisers
(races/push/news.py).
"""

from __future__ import annotations

import asyncio
import json
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from league.permissions import can_manage
from paddock.push import CHANGED, season_group, server_loop_is
from races.models import Session
from races.push.news import table_news
from races.push.publish import table_group, turns_group


def _asked(scope) -> tuple[int | None, int | None, str | None]:
    """(the table, the season, the page's language) the socket asks for,
    each when valid."""
    query = parse_qs((scope.get("query_string") or b"").decode("latin-1"))
    table, season = _number(query, "table"), _number(query, "season")
    language = (query.get("language") or [""])[0]
    known = {code for code, _name in settings.LANGUAGES}
    return table, season, language if language in known else None


def _number(query: dict, name: str) -> int | None:
    asked = (query.get(name) or [""])[0]
    return int(asked) if asked.isdigit() and len(asked) < 12 else None


def _runs_the_league(user, session_id: int) -> bool:
    """Whether the person may pause the table: their area has the button."""
    sessions = Session.objects.select_related("round__season__league").defer("event_log")
    found = sessions.filter(pk=session_id).one()
    return found is not None and can_manage(user, found.round.season.league)


class PushConsumer(AsyncWebsocketConsumer):
    """Joins the table's group (anyone may watch a table), the season's
    (its standings) and the signed-in person's own group; passes each
    signal on as it comes."""

    async def connect(self) -> None:
        server_loop_is(asyncio.get_running_loop())
        self.groups_joined = []
        table, season, language = _asked(self.scope)
        user = self.scope.get("user")
        signed_in = user is not None and user.is_authenticated
        # The language whose public area this socket is sent (None: the
        # page fetches it) and whose panel digest (None: nobody's).
        self.table, self.area_language = table, None
        self.person = user.pk if signed_in else None
        if table is not None:
            self.groups_joined.append(table_group(table))
            organiser = signed_in and await database_sync_to_async(_runs_the_league)(user, table)
            if language is not None and not organiser:
                self.area_language = language
        if season is not None:  # a season's standings, anyone may follow
            self.groups_joined.append(season_group(season))
        if signed_in:
            self.groups_joined.append(turns_group(user.pk))
        if not self.groups_joined:
            await self.close()
            return
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()

    async def disconnect(self, code) -> None:
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def dispatch(self, message) -> None:
        # Channels closes the database's old connections before every
        # handler, on the one thread every consumer of the process shares: a
        # table's signal to its sockets (and a final's thousand spectators)
        # queued a hop there each, ahead of the drawing of the news. The
        # signal's handler uses no connection on the loop; the drawing's own
        # thread closes them (channels.db.DatabaseSyncToAsync).
        if message.get("type") == CHANGED:
            await self.push_changed(message)
        else:
            await super().dispatch(message)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """The browser says nothing that matters: the socket is one-way."""

    async def push_changed(self, event) -> None:
        said = {"changed": event["what"]}
        signal = event.get("signal")
        if event["what"] == "table" and signal and self.area_language is not None:
            news = await table_news(self.table, signal, self.area_language)
            if news is not None:
                said["area"] = news.area
                if self.person in news.panels:
                    said["panel"] = news.panels[self.person]
        await self.send(text_data=json.dumps(said))
