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
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext

from races.clocks.sand_timers import sand_shown
from races.clocks.shown import clocks_shown, clocks_state
from races.models import Session, Turn
from races.replay.names import seat_people
from races.rules import get_presentation
from races.running.progress import recent_for_reader
from races.running.seats import seat_records
from races.running.story import story_for_reader
from races.table.board_zoom import board_zoom
from races.table.decisions import panel_shown
from races.table.live_races import Seen, live_race, seat_sees

KEEP_SECONDS = 15 * 60
BOARD = "session_live.html#board"


def _digest(*parts) -> str:
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def live_digest(session: Session, clocks: tuple | None = None) -> str:
    """What the polled live area is drawn from: the session's state, its
    open turns and the reader's language. A poll that brings the digest it
    has is answered "no change", so the area (and what a screen reader
    reads of it) is replaced only when the race moves on. `clocks`: the
    clocks' state, when the caller has read it already."""
    turns = list(session.turns.order_by("pk").values_list("seat", "step", "deadline"))
    clocks = clocks_state(session) if clocks is None else clocks
    drawn_from = (
        session.status, session.progress, session.log_sha256, turns, clocks, get_language()
    )  # fmt: skip
    return _digest(*drawn_from)


def cockpit_digest(session: Session, mine: list, turn: Turn | None) -> str:
    """What the driver's panel is drawn from: the session's state, the turn
    shown and who drives their cars. The panel follows the push socket and
    asks with it, so a change of the table that leaves the panel as it was
    is answered "no change" and a half-made choice is never wiped. The
    turn's deadline is left out: it moves while the panel is open (the last
    to decide gets a timer, a clock is paused) and the panel's countdown
    follows the whose-turn line instead (static/js/table.js)."""
    # The status as its value: a session just settled holds the enum member,
    # one read back holds the string, and both are the same panel.
    drawn_from = [str(session.status), [(r.id, r.autopilot) for r in mine]]
    if turn is not None:
        drawn_from.append((turn.pk, turn.step))
    return hashlib.blake2b(repr(drawn_from).encode(), digest_size=12).hexdigest()


def cockpit_unchanged(user, session_id: int, seen: str) -> bool:
    """Whether the panel the driver's page drew with digest `seen` is still
    what they would be shown. Read from the session's status and seats and
    their first turn alone: a page asks whenever it is unsure of its panel
    (a signal heard while it was fetching, a reconnection), and the "no
    change" costs no drawing."""
    session = Session.objects.only("status", "seats").filter(pk=session_id).one()
    if session is None:
        return False
    signed_in = user.is_authenticated
    mine = [r for r in seat_records(session.seats) if signed_in and r.user_id == user.pk]
    turns = Turn.objects.filter(session_id=session_id, user_id=user.pk).order_by("deadline")
    turn = turns.only("id", "step").first() if mine else None
    return cockpit_digest(session, mine, turn) == seen


def cockpit_digests(session: Session) -> dict[int, str]:
    """Each seated person's panel digest as their page would be given it
    now: sent with the table's signal, so a page whose panel is unchanged
    does not ask for it (races/push/)."""
    records = [r for r in seat_records(session.seats) if r.user_id]
    turns = list(Turn.objects.filter(session=session).order_by("deadline"))
    digests = {}
    for user_id in {r.user_id for r in records}:
        mine = [r for r in records if r.user_id == user_id]
        turn = next((t for t in turns if t.user_id == user_id), None)
        digests[user_id] = cockpit_digest(session, mine, turn)
    return digests


def board_html(
    session: Session, deciding: list[str], order: list[dict], scene: bool, clocks: tuple
) -> str:
    """The board (unless the driver's panel draws it), the seats in running
    order and the latest events; `clocks`: the clocks' state (clocks_state)."""
    drawn_from = (
        session.progress, session.config, session.seats, deciding, scene, clocks, get_language()
    )  # fmt: skip
    key = f"live-board:{session.seed}:{_digest(*drawn_from)}"
    html = cache.get(key)
    if html is None:
        context = {**board_context(session, deciding), "order": order}
        context["table_paused"] = clocks[1]
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
    clocks = clocks_shown(session, timezone.now())
    scene = presentation.board.scene(
        session.config or {}, {"cars": cars}, people, next(iter(sorted(deciding)), None)
    )
    return {
        "live_scene": scene,
        "live_scene_title": scene_words(scene, progress.get("order", []), people),
        "live_columns": [column.label for column in columns],
        "live_clocks": bool(clocks),
        "live_sand": sand_shown(session, timezone.now()),
        "live_cars": [
            {
                **people[seat],
                "cells": [column.show(cars[seat].get(column.key)) for column in columns],
                "status": cars[seat].get("status"),
                "deciding": seat in deciding,
                "clock": clocks.get(seat),
            }
            for seat in progress.get("order", [])
            if seat in cars and seat in people
        ],
        "recent_words": recent_for_reader(progress),
        "story": _story(presentation, session.config or {}, progress, people),
    }


def _story(presentation, config, progress, people) -> dict | None:
    """The turn that ran last, each step with the board as it stood after it."""
    story = story_for_reader(progress)
    if story is None:
        return None
    for step in story["steps"]:
        scene = presentation.board.scene(config, {"cars": step["cars"]}, people)
        # The board's legend shows once, under the table's own board.
        step["scene"] = {**scene, "legend": None} if scene else None
    return story


def scene_words(scene: dict | None, order: list[str], people: dict) -> str:
    """The board's text alternative: the board, then the cars in their
    running order with their places (issue 24, WCAG 1.1.1)."""
    if not scene:
        return ""
    cars = [
        gettext("%(place)s. #%(number)s %(name)s")
        % {"place": place, "number": people[seat]["label"], "name": people[seat]["name"]}
        for place, seat in enumerate((s for s in order if s in people), start=1)
    ]
    if not cars:
        return scene.get("title", "")
    return gettext("%(board)s. The cars in running order: %(cars)s.") % {
        "board": scene.get("title", ""),
        "cars": "; ".join(cars),
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
    if scene and panel["widget"] == "spaces":
        panel["zoom"] = board_zoom(panel.get("targets") or [], scene, turn.seat)
    # The board is drawn with the panel when its spaces are the choices or
    # the panel marks squares on it (a path previewed).
    shown = panel["widget"] == "spaces" or "marks" in panel
    shown_scene = scene if scene and shown else None
    # A widget draws the decision only (the form, its token and the seat are
    # the page's), so it is the same for every request of this turn.
    widget = {"panel": panel, "cockpit_scene": shown_scene, "session": session, "turn": turn}
    panel["body"] = mark_safe(render_to_string(panel["template"], widget))
    return panel, shown_scene
