"""Reading a stored event log as a replay: its steps, the board after each
step and the events in words, all through the game's presentation. The rules
are never re-run (DESIGN.md: the replay viewer and the standings never
re-run rules to find out what happened)."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache

from django.utils import timezone, translation

from league.caching import standings_version
from races.models import Session
from races.replay.names import seat_names, seat_people
from races.rules import get_presentation
from races.rules.face import Presentation
from races.running.seats import seat_records


def events_parse(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@lru_cache(maxsize=64)
def _parsed_log(session_id: int, sha: str, text: str) -> tuple[dict, ...]:
    return tuple(events_parse(text))


def session_events(session) -> list[dict]:
    text = session.event_log_text()
    if not text:
        return []
    return list(_parsed_log(session.pk, session.log_sha256 or str(len(text)), text))


@dataclass
class Step:
    index: int
    round: int
    seat: str | None
    events: list[dict] = field(default_factory=list)


def steps_split(presentation: Presentation, events: list[dict]) -> list[Step]:
    """Step 0 is the setup; every later step opens with an event the game
    says opens one (a car's turn, the cards revealed)."""
    steps = [Step(0, 0, None)]
    for event in events:
        if presentation.words.opens_step(event) and (steps[-1].events or len(steps) > 1):
            steps.append(Step(len(steps), event.get("round") or 0, event.get("seat")))
        steps[-1].events.append(event)
        if steps[-1].seat is None and event.get("seat"):
            steps[-1].seat = event["seat"]
    return steps


def state_after(
    presentation: Presentation, steps: list[Step], index: int, seats: list[dict], config: dict
) -> dict:
    """The scene's state after step `index`, folded along the log."""
    state = presentation.board.board_state(seats, config)
    for step in steps[: index + 1]:
        for event in step.events:
            state = presentation.board.fold(state, event)
    return state


def round_starts(steps: list[Step]) -> list[tuple[int, int]]:
    """(round, first step of that round), for the replay's round menu."""
    starts: dict[int, int] = {}
    for step in steps:
        starts.setdefault(step.round, step.index)
    return sorted(starts.items())


# A finished session's log never changes under its hash: its steps are
# split once per process and kept for the next reader (issue 27, item 4).
_SPLIT: OrderedDict[tuple[int, str], list[Step]] = OrderedDict()
_SPLIT_MAX = 16
_SPLIT_LOCK = threading.Lock()


def session_steps(session) -> list[Step]:
    """The session's log as replay steps; read, decompressed and split only
    the first time in this process for a log with its hash (the session may
    come without its `event_log` loaded: it is read then)."""
    key = (session.pk, session.log_sha256)
    with _SPLIT_LOCK:
        steps = _SPLIT.get(key) if session.log_sha256 else None
        if steps is not None:
            _SPLIT.move_to_end(key)
            return steps
    steps = steps_split(get_presentation(session.round.season.game), session_events(session))
    if session.log_sha256 and (steps[0].events or steps[1:]):
        with _SPLIT_LOCK:
            _SPLIT[key] = steps
            while len(_SPLIT) > _SPLIT_MAX:
                _SPLIT.popitem(last=False)
    return steps


def replay_page_key(session_id: int, step: int, template: str) -> str | None:
    """A replay step's page is the same for every visitor while the
    session's log (its hash) and its season (names, the standings version)
    stay as they are; None while it has no finished log."""
    found = (
        Session.objects.filter(pk=session_id)
        .order_by()
        .values_list("log_sha256", "round__season_id")
        .first()
    )
    if found is None or not found[0]:
        return None
    sha, season_id = found
    return (
        f"replay:{session_id}:{sha}:{standings_version(season_id)}:{step}:{template}:"
        f"{timezone.get_current_timezone_name()}:{translation.get_language()}"
    )


def replay_context(
    session, events: list[dict], index: int, steps: list[Step] | None = None
) -> dict | None:
    """What the replay page shows at step `index`, or None past the end
    (`steps`: the events already split, as session_steps keeps them)."""
    game = session.round.season.game
    presentation = get_presentation(game)
    if steps is None:
        steps = steps_split(presentation, events)
    if not 0 <= index < len(steps):
        return None
    seats = session.seats or []
    records = seat_records(seats)
    names, people = seat_names(records), seat_people(records)
    state = state_after(presentation, steps, index, seats, session.config or {})
    current = steps[index]
    return {
        "step": current,
        "count": len(steps),
        "last": len(steps) - 1,
        "prev": index - 1 if index > 0 else None,
        "next": index + 1 if index + 1 < len(steps) else None,
        "words": [presentation.words.sentence(e, names, session.config) for e in current.events],
        "actor": names.get(current.seat, "") if current.seat else "",
        "scene": presentation.board.scene(session.config or {}, state, people, current.seat),
        "cars": [
            {
                **people[seat],
                "seat": seat,
                "active": seat == current.seat,
                "status": car.get("status"),
                "facts": presentation.board.car_facts(car),
            }
            for seat, car in state["cars"].items()
            if seat in people
        ],
        "round_starts": round_starts(steps),
    }
