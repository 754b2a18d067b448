"""RoboRally's events in words (the presentation's words part,
races/rules/face/words.py): a replay step opens at each turn, each register
and the race's end; each event's sentence is in sentences.py."""

from __future__ import annotations

from ...face.words import Words
from .sentences import SENTENCES


class RoboRallyWords(Words):
    step_openers = frozenset({"turn_started", "register_started", "race_finished"})
    sentences = SENTENCES
