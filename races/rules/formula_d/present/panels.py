"""Formula D's decision panels (races/rules/face/widgets.py): the gear stick with
each gear's die range and the cost of skipping down (FD-B-5, FD-A-6), the
reachable spaces on the board with the cost of each (FD-B-6 to FD-B-9,
FD-A-4, FD-A-5), and plain forms in the game's words for the rest. The
driving panels are in driving_panels.py, the car's forms in car_panels.py;
here are each decision's name and question, and which panel it gets."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...contract import Action, Decision
from ...face.panels import Panels
from ...face.widgets import numbered_form, yes_no
from ...speech import N_, _
from .car_panels import _boost, _build, _pit, _repair, _tyres
from .driving_panels import _debris, _drift, _gear, _move, _slipstream
from .track_words import corner_name, lane_words, track_data

# Decision kind -> its name, translated where a page shows it (races/rules/face/widgets.py).
DECISION_WORDS = {
    "gear": N_("Select a gear"),
    "move": N_("Move"),
    "fast_exit": N_("Fast exit"),
    "boost": N_("Boost"),
    "tires": N_("Tyres"),
    "pit_service": N_("Pit service"),
    "repair": N_("Repair"),
    "slipstream": N_("Slipstream"),
    "drift": N_("Drift"),
    "debris": N_("Debris"),
    "radio": N_("Throw the radio"),
    "frogger_reroll": N_("Roll the weather again"),
    "build": N_("Car build"),
}
# The question each decision asks, when its panel has no title of its own: the
# engine's prompt in the reader's words (FD-E decisions), never a raw id.
PROMPTS = {
    "drift": N_("Drift one space (1 tyre point)?"),
    "debris": N_("Drop debris behind you?"),
    "radio": N_("Throw the radio at the car passing you?"),
    "slipstream": N_("Slipstream behind the car ahead? (an empty path declines)"),
    "tires": N_("Choose your tyres"),
    "boost": N_("Use a boost before moving?"),
    "pit_service": N_("Pit service: tyres, stop kind and repairs"),
    "build": N_("Distribute your car's points"),
}
REPAIR_PROMPTS = {  # FD-V-11.4, FD-V-10 police, FD-V-12.5
    "street_lap": N_("Spread %(points)s repair points (street lap)"),
    "police": N_("Spread %(points)s repair points (police)"),
    "jenny": N_("Spread %(points)s repair points (Jenny Slivers)"),
}


def prompt(decision: Decision) -> str:
    """The decision's question in the reader's words."""
    options = decision.options
    if decision.kind in PROMPTS:
        return _(PROMPTS[decision.kind])
    if decision.kind == "repair" and options.get("source") in REPAIR_PROMPTS:
        source = options["source"]
        return _(REPAIR_PROMPTS[source]) % {"points": options.get("points")}
    if decision.kind in ("move", "fast_exit") and options.get("m") is not None:
        return _("Move %(count)s spaces") % {"count": options["m"]}
    if decision.kind == "frogger_reroll":  # FD-V-12.6
        return _("The weather die shows %(value)s. Roll it again?") % {
            "value": options.get("value")
        }
    return decision.prompt


PANELS: dict[str, Callable[..., dict]] = {
    "gear": _gear,
    "move": _move,
    "fast_exit": _move,
    "slipstream": _slipstream,
    "drift": _drift,
    "debris": _debris,
    "boost": _boost,
    "tires": _tyres,
    "pit_service": _pit,
    "repair": _repair,
    "build": _build,
    "radio": lambda d, v, legal, n: yes_no(
        d, legal, "throw", _("Throw the radio"), _("Keep the radio")
    ),
    "frogger_reroll": lambda d, v, legal, n: yes_no(
        d, legal, "reroll", _("Roll the weather again"), _("Keep this weather")
    ),
}


def formula_d_panel(
    decision: Decision,
    view: Mapping,
    legal: Sequence[Action],
    names: Callable[[Any], str],
    lane: Callable[[Any], str] = lambda space: "",
) -> dict:
    """The panel of one decision; `names(corner_id)` names a corner and
    `lane(space_id)` a space's lane."""
    draw = PANELS.get(decision.kind)
    if draw is None:
        drawn = numbered_form(decision, legal, DECISION_WORDS)
    elif draw is _move:
        drawn = _move(decision, view, legal, names, lane)
    else:
        drawn = draw(decision, view, legal, names)
    if drawn["title"] == decision.prompt:  # no title of its own: the question, translated
        drawn["title"] = prompt(decision)
    return drawn


class FormulaDPanels(Panels):
    decision_words = DECISION_WORDS

    def panel(self, decision, view, *, legal):
        track = track_data(view.get("track") or "")
        lanes = lane_words(view.get("track") or "")
        return formula_d_panel(
            decision, view, legal, lambda c: corner_name(c, track), lambda s: lanes.get(s, "")
        )
