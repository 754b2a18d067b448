"""Formula D's events in words: one sentence an event (the sentences are in
sentences.py), and the events that open a replay step."""

from __future__ import annotations

from ...face.words import Words
from .sentences import SUFFIX_WORDS, WORDS


class FormulaDWords(Words):
    step_openers = frozenset({"turn_started"})
    sentences = WORDS
    # the checks and rolls of every purpose (`marker_check`, `grid_roll`, ...)
    suffix_sentences = SUFFIX_WORDS

    def sentence(self, event, names, config=None):
        kind = event["type"]
        if kind not in self.sentences:
            for suffix, say in self.suffix_sentences.items():
                if kind.endswith(suffix):
                    car = self.car(names, event.get("seat"))
                    try:
                        return say(car, event.get("data") or {}, names, config or {})
                    except (KeyError, TypeError, ValueError):
                        break
        return super().sentence(event, names, config)

    def has_words(self, kind: str) -> bool:
        return kind in self.sentences or any(kind.endswith(s) for s in self.suffix_sentences)
