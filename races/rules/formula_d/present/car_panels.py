"""Formula D's panels for the car itself, as plain forms in the game's words:
a boost before moving, the tyres, the pit service, repairs and the car build."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...contract import Action, Decision
from ...face.widgets import choice, panel
from ...speech import N_, _, word_for
from .driving_panels import _car_facts
from .parts import PARTS, gains, wear_left

TYRE_CHOICES = {"hard": N_("Hard tyres"), "soft": N_("Soft tyres"), "rain": N_("Rain tyres")}
STOPS = {"tyre": N_("Tyre change"), "technical": N_("Technical stop"), "long": N_("Long stop")}


def _boost(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    spaces = decision.options.get("nitro_spaces") or 0

    def words(action: Action) -> str:
        soft, nitro = action.params.get("soft"), action.params.get("nitro")
        if soft and nitro:
            return _("Use the soft-tyre bonus and the nitro (+%(spaces)s)") % {"spaces": spaces}
        if soft:
            return _("Use the soft-tyre bonus")
        if nitro:
            return _("Use the nitro (+%(spaces)s)") % {"spaces": spaces}
        return _("No boost")

    return panel("form", decision, [choice(a, words(a)) for a in legal],
                 facts=_car_facts(view, names))  # fmt: skip


def _tyres(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    surface = decision.options.get("surface")
    choices = [choice(a, word_for(TYRE_CHOICES, a.params.get("type"), _("Tyres"))) for a in legal]
    return panel("form", decision, choices, facts=[(_("Track"), _surface(surface))])


SURFACES = {"dry": N_("dry"), "wet": N_("wet")}


def _surface(surface: Any) -> str:
    if not surface:
        return ""
    return _(SURFACES[surface]) if surface in SURFACES else f"{surface}"


def _pit(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    choices = [choice(a, word_for(STOPS, a.params.get("stop"), _("Pit stop"))) for a in legal]
    return panel("form", decision, choices, facts=_car_facts(view, names))


def _repair(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    choices = [
        choice(
            a,
            _("Repair: %(repairs)s")
            % {"repairs": gains(a.params.get("repairs") or {}) or _("nothing")},
        )
        for a in legal
    ]
    return panel("form", decision, choices, facts=_car_facts(view, names))


def _build(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    choices = [
        choice(
            a,
            _("Standard car: %(parts)s")
            % {"parts": wear_left({k: v for k, v in a.params.items() if k in PARTS})},
        )
        for a in legal
    ]
    return panel("form", decision, choices)
