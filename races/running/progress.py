"""A running race's progress for the live page and the live table: the share
done, the running order, each car's public state and the latest events in
words, read from the engine's public view through the game's presentation
(never re-running rules).

Only what any spectator may see is stored: sentences, never raw events, so a
card drawn in secret never reaches the session row. The sentences are said
in every language the site speaks (`recent` maps a language code to its
sentences), and each reader's page shows those of the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings
from django.utils import translation

from races.rules import get_presentation
from races.running.story import story_told

RECENT_EVENTS = 8


def snapshot(game_key: str, race, names: Mapping[str, str], config: Mapping) -> dict:
    """{"round", "percent", "order", "cars", "recent"} for the race as it
    stands now."""
    presentation = get_presentation(game_key)
    shown = presentation.tables.progress(race.view(None), race.events, race.finished)
    return {
        "round": race.events[-1].round if race.events else 0,
        **shown,
        "recent": recent_said(presentation, race.events[-RECENT_EVENTS:], names, config),
        "story": story_told(presentation, race.events, names, config),
    }


def recent_said(presentation, events, names: Mapping[str, str], config: Mapping) -> dict:
    """The events as sentences in each of the site's languages."""
    said = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            said[code] = [presentation.words.sentence(e.to_dict(), names, config) for e in events]
    return said


def recent_for_reader(progress: Mapping) -> list[str]:
    """The latest events in the reader's language (the active one), else in
    the site's own; a row stored before languages holds one list."""
    recent = progress.get("recent") or []
    if isinstance(recent, list):
        return recent
    return recent.get(translation.get_language()) or recent.get(settings.LANGUAGE_CODE) or []
