"""What the results page and the live table list of a Formula D race: the
round openers, finishes and eliminations of the lap chart, and a live race's
progress round its loop."""

from __future__ import annotations

from ...face.tables import Tables, loop_progress
from .track_words import track_data


class FormulaDTables(Tables):
    round_openers = frozenset({"round_started"})
    finish_types = frozenset({"finished"})
    out_types = frozenset({"eliminated"})
    end_types = frozenset({"session_ended"})

    def progress(self, view, events, finished):
        track = track_data(view.get("track") or "") or {}
        return loop_progress(
            self,
            view,
            events,
            finished,
            length=int(track.get("L") or 0) * int(view.get("laps") or 1),
            public=lambda c: {k: c.get(k) for k in ("space", "gear", "wear", "lap")},
        )
