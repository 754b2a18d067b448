"""How a person decides: one widget a decision (races/rules/face/widgets.py holds
the widgets), each with its plain-form fallback."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..contract import Action, Decision
from .widgets import numbered_form


class Panels:
    """The panels part of a presentation. `decision_words` maps a decision
    kind to its name in the game's words, for the plain form."""

    decision_words: Mapping[str, str] = {}

    def panel(self, decision: Decision, view: Mapping, *, legal: Sequence[Action]) -> dict:
        """The widget a person decides with: a game overrides this per
        decision kind; the default is the plain form of the legal actions."""
        return numbered_form(decision, legal, self.decision_words)
