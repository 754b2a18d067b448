"""Galaxy Trucker's decision panels (the presentation's panels part,
races/rules/face/panels.py; the widgets are races/rules/face/widgets.py).

Building is the `tile` widget: the person's own ship as a grid of cells
(GT-DM-12) with every tile drawn as the piece it is, and for a tile in hand
one grid per way to turn it (GT-TBB-05): a cell where the weld keeps every
building rule is a button, a cell where it breaks one a choice that says the
rule and what the structural check would remove; the other steps (draw, take
a face-up or reserved tile, look at a stack, finish, wait, reserve, return:
GT-TBB-04/05) are a list of choices in words. A flight decision of GT-API-02
names the ship's parts by letters drawn on its picture (a part clicked picks
its choice), never by coordinates or raw values.
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
