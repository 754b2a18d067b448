"""The turn that ran last, told at the live table step by step (issue 24:
a game whose turn runs in steps, such as programmed registers), read from
the game's presentation: its steps
(`words.story_steps`), each step's sentences and cards in every language the
site speaks, and the cars' public state on the board after each step, folded
along the log as the replay folds it (never re-running rules).

Only public words and places are kept, as in the latest events
(progress.py): the sentences give counts of secret cards, never the cards.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from django.conf import settings
from django.utils import translation


def story_told(presentation, events: Sequence, names: Mapping[str, str], config: Mapping):
    """{"turn", "steps": [{"cars", "said": {language: {"title", "words",
    "cards"}}}]} for the turn that ran last, or None when the game tells no
    turn or none has run."""
    words = presentation.words
    logged = [e.to_dict() if hasattr(e, "to_dict") else e for e in events]
    steps = words.story_steps(logged)
    if not steps:
        return None
    first = next(step[0] for step in steps if step)
    board = presentation.board
    state = board.board_state([{"id": seat} for seat in names], config)
    for event in logged:
        if event is first:
            break
        state = board.fold(state, event)
    told = []
    for step in steps:  # the turn's events, in the order they ran
        for event in step:
            state = board.fold(state, event)
        told.append(copy.deepcopy(state["cars"]))
    return {
        "turn": first.get("round") or 0,
        "steps": [
            {"cars": cars, "said": _said(words, step, n, names, config)}
            for n, (step, cars) in enumerate(zip(steps, told, strict=True))
        ],
    }


def _said(words, step, index, names, config) -> dict:
    said = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            said[code] = {
                "title": words.story_title(step, index),
                "words": [words.sentence(e, names, config) for e in step if words.told(e)],
                "cards": [
                    {**c, "robot": names.get(c["seat"], "")} for c in words.story_cards(step)
                ],
            }
    return said


def story_for_reader(progress: Mapping) -> dict | None:
    """The told turn in the reader's language (the active one, else the
    site's own): {"turn", "steps": [{"cars", "title", "words", "cards"}]}."""
    story = progress.get("story")
    if not story:
        return None
    language = translation.get_language()
    steps = []
    for step in story.get("steps") or []:
        said = step["said"].get(language) or step["said"].get(settings.LANGUAGE_CODE) or {}
        steps.append({"cars": step["cars"], **said})
    return {"turn": story.get("turn"), "steps": steps}
