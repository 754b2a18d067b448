"""What RoboRally's results page and live table list (the presentation's
tables part, races/rules/face/tables.py): each turn opens with the running
order, a robot that touched every flag has finished, one with no lives left
is out, and the race's end gives the final order; a live race's progress is
the leader's flags out of the course's."""

from __future__ import annotations

from ...face.tables import Tables, loop_progress
from .floor import place


class RoboRallyTables(Tables):
    round_openers = frozenset({"turn_started"})
    finish_types = frozenset({"robot_finished"})
    out_types = frozenset({"robot_eliminated"})
    end_types = frozenset({"race_finished"})

    def progress(self, view, events, finished):
        return loop_progress(
            self,
            view,
            events,
            finished,
            length=len(view.get("flags") or []) or 1,
            public=lambda c: {
                "space": place(c["square"]) if c.get("square") else None,
                "flags": c.get("flags"),
                "damage": c.get("damage"),
                "lives": c.get("lives"),
                "facing": c.get("facing"),
            },
        )
