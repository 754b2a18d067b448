"""A game's events in words: one sentence an event, with people's names and
never a raw id, and which events open a replay step."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

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

    def story_steps(self, events: Sequence[Mapping]) -> list[list[Mapping]]:
        """The turn that ran last, told at the table step by step after it
        ran (RoboRally: its registers), as the events of each step in order,
        the first step the turn's start; [] when the game tells no turn
        (the default) or none has run yet. Every event before the first
        step is folded into the board the first step starts from."""
        return []

    def story_title(self, step: Sequence[Mapping], index: int) -> str:
        """A told step's heading."""
        return ""

    def told(self, event: Mapping) -> bool:
        """Whether a told step says this event (a game may leave out what
        changes nothing, like a laser that hits nobody)."""
        return True

    def story_cards(self, step: Sequence[Mapping]) -> list[dict]:
        """The cards a told step shows face up, in the order they act: each
        a `seat`, the card's `name` and its `value`."""
        return []
