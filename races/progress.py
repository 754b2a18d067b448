"""A running race's progress for the live page and the live table: the share
done, the running order, each car's public state and the latest events in
words, read from the engine's public view through the game's presentation
(never re-running rules).

Only what any spectator may see is stored: sentences, never raw events, so a
card drawn in secret never reaches the session row.
"""

from __future__ import annotations

from collections.abc import Mapping

from races.rules import get_presentation

RECENT_EVENTS = 8


def snapshot(game_key: str, race, names: Mapping[str, str], config: Mapping) -> dict:
    """{"round", "percent", "order", "cars", "recent"} for the race as it
    stands now."""
    presentation = get_presentation(game_key)
    shown = presentation.progress(race.view(None), race.events, race.finished)
    return {
        "round": race.events[-1].round if race.events else 0,
        **shown,
        "recent": [
            presentation.sentence(event.to_dict(), names, config)
            for event in race.events[-RECENT_EVENTS:]
        ],
    }
