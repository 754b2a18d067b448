"""The live table's drawn pieces, kept per state of the race.

Every driver and spectator polls a live table about once a second, and what
it draws changes only when the race moves on: the board with the cars, each
seat's public state and the latest events change with the session's public
progress; a driver's panel changes with their turn. Each piece is kept in
the cache under what it is drawn from (the progress's digest and the seats
deciding, or the turn), and the reader's language, so a new state is a new
key and a page never shows a stale one.
"""

from __future__ import annotations

import hashlib
import json

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from races.models import Session, Turn
from races.replay.names import seat_people
from races.rules import get_presentation
from races.running.progress import recent_for_reader
from races.running.seats import seat_records
from races.table.decisions import panel_shown
from races.table.live_races import Seen, live_race, seat_sees

KEEP_SECONDS = 15 * 60
BOARD = "session_live.html#board"


def _digest(*parts) -> str:
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def board_html(session: Session, deciding: list[str], order: list[dict], scene: bool) -> str:
    """The board (unless the driver's panel draws it), the seats in running
    order and the latest events."""
    drawn_from = (session.progress, session.config, session.seats, deciding, scene, get_language())
    key = f"live-board:{session.seed}:{_digest(*drawn_from)}"
    html = cache.get(key)
    if html is None:
        context = {**board_context(session, deciding), "order": order}
        if not scene:
            context["live_scene"] = None
        html = render_to_string(BOARD, context)
        cache.set(key, html, timeout=KEEP_SECONDS)
    return mark_safe(html)  # drawn by our own template, escaped there


def board_context(session: Session, deciding: list[str]) -> dict:
    """The board with the cars as they stand, their public state as the
    game's live columns, and the latest events in words."""
    progress = session.progress or {}
    season = session.round.season
    presentation = get_presentation(season.game)
    people = seat_people(seat_records(session.seats))
    columns = presentation.capabilities.capabilities(season.rules).live_columns
    cars = progress.get("cars") or {}
    return {
        "live_scene": presentation.board.scene(
            session.config or {}, {"cars": cars}, people, next(iter(sorted(deciding)), None)
        ),
        "live_columns": [column.label for column in columns],
        "live_cars": [
            {
                **people[seat],
                "cells": [column.show(cars[seat].get(column.key)) for column in columns],
                "status": cars[seat].get("status"),
                "deciding": seat in deciding,
            }
            for seat in progress.get("order", [])
            if seat in cars and seat in people
        ],
        "recent_words": recent_for_reader(progress),
    }


def turn_panel(
    session: Session, turn: Turn, seen: Seen | None = None
) -> tuple[dict, dict | None] | None:
    """(panel, scene) of a driver's open turn, drawn from what their seat
    may see, the panel's widget drawn as `panel["body"]`; None when the race
    has not reached the turn yet (ask again). `seen`: what the seat sees of
    the decision, when the caller has it already (the race is not loaded)."""
    # The seed tells this session from any other that had its number before.
    key = f"turn-panel:{session.seed}:{turn.pk}:{turn.step}:{get_language()}"
    kept = cache.get(key)
    if kept is not None:
        return kept
    if seen is None or seen.decision.seat != turn.seat:
        with live_race(session) as (_game, race):
            seen = seat_sees(race, turn.seat)
        if seen is None:
            return None
    kept = _panel_drawn(session, turn, seen)
    cache.set(key, kept, timeout=KEEP_SECONDS)
    return kept


def _panel_drawn(session: Session, turn: Turn, seen: Seen) -> tuple[dict, dict | None]:
    presentation = get_presentation(session.round.season.game)
    people = seat_people(seat_records(session.seats))
    cars = presentation.tables.progress(seen.view, [], False)["cars"]
    config = session.config or {}
    scene = presentation.board.scene(config, {"cars": cars}, people, turn.seat)
    panel = panel_shown(
        presentation,
        seen.decision,
        seen.view,
        seen.legal,
        anchors=scene["anchors"] if scene else None,
        anchor_of=lambda place: presentation.board.anchor_of(config, place),
    )
    # The board is drawn with the panel when its spaces are the choices or
    # the panel marks squares on it (a path previewed).
    shown = panel["widget"] == "spaces" or "marks" in panel
    shown_scene = scene if scene and shown else None
    # A widget draws the decision only (the form, its token and the seat are
    # the page's), so it is the same for every request of this turn.
    widget = {"panel": panel, "cockpit_scene": shown_scene, "session": session, "turn": turn}
    panel["body"] = mark_safe(render_to_string(panel["template"], widget))
    return panel, shown_scene
