"""The whole race's log for the table's log panel (issue 24): every event
in the reader's words, grouped by the replay's steps, each line with the
seat it is about (for the filter by player) and its step (a link to the
replay once the race is finished and its log stored).

A live race's events come from the engine as it stands (the sentences are
those any spectator reads in the latest events, never a seat's secret); a
finished race's from its stored log. Drawn once per state of the race and
kept in the cache under that state and the reader's language, as the board
is (races/table/live_table.py).
"""

from __future__ import annotations

from django.core.cache import cache
from django.urls import reverse
from django.utils.translation import get_language

from races.clocks.notes import note_sentence, notes_of
from races.models import Session
from races.replay.names import seat_names
from races.replay.steps import session_events, steps_split
from races.rules import get_presentation
from races.running.seats import seat_records
from races.table.live_races import live_race

KEEP_SECONDS = 15 * 60
PLAYING = (Session.Status.RUNNING, Session.Status.AWAITING)


def race_log(session: Session) -> dict | None:
    """{"lines": [{"text", "seat", "step", "href"}], "players": [(seat, name)]},
    or None when the race has no events to tell yet."""
    notes = notes_of(session)
    key = (
        f"race-log:{session.seed}:{session.status}:{len(session.actions or [])}:"
        f"{len(notes)}:{session.log_sha256}:{get_language()}"
    )
    kept = cache.get(key)
    if kept is None:
        kept = _drawn(session, notes)
        cache.set(key, kept, timeout=KEEP_SECONDS)
    return kept or None


def _events(session: Session) -> tuple[list[dict], bool]:
    """(events, replayable): the stored log once finished, else the live
    engine's events (a live race of people only: an automatic race keeps
    none in the web process)."""
    if session.status == Session.Status.FINISHED:
        return session_events(session), True
    # A claimed race has no seats until its grid is planned (races/running/runner.py):
    # nothing to tell yet.
    if session.live and session.status in PLAYING and session.seed and session.seats:
        with live_race(session) as (_game, race):
            return [event.to_dict() for event in race.events], False
    return [], False


def _drawn(session: Session, notes: list) -> dict:
    events, replayable = _events(session)
    if not events:
        return {}
    presentation = get_presentation(session.round.season.game)
    names = seat_names(seat_records(session.seats))
    config = session.config or {}
    lines, told = [], 0
    for step in steps_split(presentation, events):
        href = reverse("replay", args=[session.pk, step.index]) if replayable else ""
        for event in step.events:
            # The table's own lines (a default, a pause) where they happened.
            lines += _notes_before(notes, told, names, step.index)
            told += 1
            text = presentation.words.sentence(event, names, config)
            if text:
                seat = event.get("seat") or step.seat or ""
                lines.append({"text": text, "seat": seat, "step": step.index, "href": href})
    lines += _notes_before(notes, None, names, step.index)
    players = sorted(((seat, name) for seat, name in names.items() if name), key=lambda p: p[1])
    return {"lines": lines, "players": players}


def _notes_before(notes: list, told: int | None, names: dict, step: int) -> list[dict]:
    """The table's lines kept after `told` events or fewer (None: all that
    are left), taken from `notes` as they are said."""
    lines = []
    while notes and (told is None or notes[0].events <= told):
        note = notes.pop(0)
        text = note_sentence(note.kind, names.get(note.seat, ""), note.seconds)
        lines.append({"text": text, "seat": note.seat, "step": step, "href": "", "note": True})
    return lines
