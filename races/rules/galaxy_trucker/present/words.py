"""Galaxy Trucker's events in words (the presentation's words part,
races/rules/face/words.py): a replay step opens at each round, building
tick, structural check, take-off, card and score, and at the game's end;
each event's sentence is in sentences.py."""

from __future__ import annotations

from ...face.words import Words
from .sentences import SENTENCES


class GalaxyTruckerWords(Words):
    step_openers = frozenset(
        {
            "round_started",
            "tick_started",
            "ship_checked",
            "rockets_placed",
            "card_revealed",
            "round_scored",
            "game_ended",
        }
    )
    sentences = SENTENCES
