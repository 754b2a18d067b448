"""A game's events in words: one sentence an event, with people's names and
never a raw id, and which events open a replay step."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..speech import _


class Words:
    """The words part of a presentation. A game sets:

    - `step_openers`: the event types that open a replay step;
    - `sentences`: event type -> function(car, data, names, config) -> sentence.
    """

    step_openers: frozenset[str] = frozenset()
    sentences: Mapping[str, Callable[..., str]] = {}

    def sentence(
        self, event: Mapping, names: Mapping[str, str], config: Mapping | None = None
    ) -> str:
        """One event as a sentence with people's names; never a raw id."""
        car = self.car(names, event.get("seat"))
        data = event.get("data") or {}
        say = self.sentences.get(event["type"])
        if say is not None:
            try:
                return say(car, data, names, config or {})
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                pass
        return self.generic_sentence(car, event["type"])

    @staticmethod
    def car(names: Mapping[str, str], seat: str | None) -> str:
        if not seat:
            return _("The race")
        return names.get(seat, _("A car"))

    @staticmethod
    def generic_sentence(car: str, kind: str) -> str:
        return _("%(car)s: %(event)s.") % {"car": car, "event": kind.replace("_", " ")}

    def has_words(self, kind: str) -> bool:
        """Whether events of this type have a sentence of their own."""
        return kind in self.sentences

    def opens_step(self, event: Mapping) -> bool:
        return event["type"] in self.step_openers
