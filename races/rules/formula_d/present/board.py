"""The Formula D board: the track drawn once per track and language, the
cars' places, gears, wear and laps moved along the log."""

from __future__ import annotations

from functools import cache

from ...face.board import Board
from ...face.drawing import loop_board
from ...speech import _
from .parts import wear_left
from .track_words import corner_name, track_data


class FormulaDBoard(Board):
    def board_state(self, seats, config):
        return {
            "cars": {
                s["id"]: {"space": None, "status": "racing", "gear": None, "wear": {}, "lap": 0}
                for s in seats
            },
            "round": 0,
        }

    def fold(self, state, event):
        data, kind, seat = event.get("data") or {}, event["type"], event.get("seat")
        cars = state["cars"]
        car = cars.get(seat) if seat else None
        state["round"] = event.get("round") or state["round"]
        if kind == "grid_set":
            for s, space in zip(data.get("order") or [], data.get("spaces") or [], strict=False):
                if s in cars:
                    cars[s]["space"] = space
        elif car is None:
            return state
        elif kind in ("moved",) and data.get("path"):
            car["space"] = data["path"][-1]
        elif kind in ("spin", "turn_ended", "turn_started") and data.get("space"):
            car["space"] = data["space"]
        elif kind in ("pit_entered", "pit_exit") and data.get("box"):
            car["space"] = data["box"]
        if kind in ("turn_started", "turn_ended", "pit_exit") and isinstance(data.get("gear"), int):
            car["gear"] = data["gear"]
        elif kind == "gear_selected":
            car["gear"] = data.get("to")
        elif kind == "wear_changed":
            car["wear"] = {**car["wear"], data.get("category"): data.get("value")}
        elif kind == "car_built":
            car["wear"] = dict(data.get("maxima") or {})
        elif kind == "line_crossed":
            car["lap"] = data.get("lap")
        elif kind == "finished":
            car["status"] = "finished"
        elif kind == "eliminated":
            car["status"] = "out"
        return state

    def drawing(self, config):
        return _board(config.get("track") or "")

    def car_facts(self, car):
        facts = []
        if car.get("gear") is not None:
            facts.append((_("Gear"), str(car["gear"])))
        if car.get("wear"):
            facts.append((_("Left"), wear_left(car["wear"])))
        if car.get("lap"):
            facts.append((_("Lap"), str(car["lap"])))
        return facts


def _board(track_id: str) -> dict | None:
    track = track_data(track_id)
    if track is None:
        return None
    labels = tuple((str(c["id"]), corner_name(c["id"], track)) for c in track.get("corners", []))
    return _drawn_board(track_id, labels)


@cache
def _drawn_board(track_id: str, labels: tuple[tuple[str, str], ...]) -> dict:
    """The drawing, once per track and language its corners are named in."""
    track = track_data(track_id)
    ranks = int(track.get("L") or 1)
    return loop_board(track.get("name") or "", track["spaces"], ranks, dict(labels))
