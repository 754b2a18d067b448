"""Heat's words part of the presentation (races/rules/face/words.py)."""

from __future__ import annotations

from ...face.words import Words
from .sentences import SENTENCES


class HeatWords(Words):
    step_openers = frozenset({"turn_order_fixed", "cards_revealed"})
    sentences = SENTENCES
