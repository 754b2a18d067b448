"""What Heat's results page and live table list (races/rules/face/tables.py): the lap
chart opens a round at each turn order, and a car's progress is how far it went."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...face.tables import Tables, loop_progress
from .board import track_length


class HeatTables(Tables):
    round_openers = frozenset({"turn_order_fixed"})
    finish_types = frozenset({"car_finished"})
    out_types = frozenset({"car_eliminated"})
    end_types = frozenset()

    def progress(self, view: Mapping, events: Sequence, finished: bool) -> dict:
        length = track_length(view.get("track") or "")
        return loop_progress(
            self,
            view,
            events,
            finished,
            length=length * int(view.get("laps") or 1),
            public=lambda c: {
                "space": f"h{c.get('space')}:{c.get('spot')}",
                "gear": c.get("gear"),
                "engine": c.get("engine"),
                "spinouts": c.get("spinouts"),
            },
        )
