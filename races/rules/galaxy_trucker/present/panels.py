"""Galaxy Trucker's decision panels (the presentation's panels part,
races/rules/face/panels.py; the widgets are races/rules/face/widgets.py).

Building is the `tile` widget: the person's own ship as a grid of cells
(GT-DM-12), and for a tile in hand one grid per way to turn it (GT-TBB-05),
each cell it may be welded into a button; the other steps (draw, take a
face-up or reserved tile, look at a stack, finish, wait, reserve, return:
GT-TBB-04/05) are a list of choices in words. Every flight decision of
GT-API-02 is a plain form, each choice said from the decision's options and
the ship: cells by column and row, components by their kind, never raw values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...contract import Action, Decision
from ...face.panels import Panels
from .building_panels import build_step_panel, resolve_panel
from .flight_panels import DECISION_WORDS, flight_panel


def gt_panel(decision: Decision, view: Mapping, legal: Sequence[Action]) -> dict:
    if decision.kind == "build_step":
        return build_step_panel(decision, view, legal)
    if decision.kind == "resolve_tile":
        return resolve_panel(decision, view, legal)
    return flight_panel(decision, view, legal)


class GalaxyTruckerPanels(Panels):
    decision_words = DECISION_WORDS

    def panel(self, decision, view, *, legal):
        """Building on the ship's grid, flight decisions as forms in words."""
        return gt_panel(decision, view, legal)
