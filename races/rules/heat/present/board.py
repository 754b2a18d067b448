"""Heat's board: the track as one lap of spaces, two spots a space, and the cars moved
along the log (races/rules/face/board.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from ...face.board import Board
from ...face.drawing import loop_board
from ...speech import _
from ..rules.track import load_track, track_ids
from .card_words import corner_words


class HeatBoard(Board):
    def board_state(self, seats: Sequence[Mapping], config: Mapping) -> dict:
        return {
            "cars": {
                s["id"]: {"space": None, "status": "racing", "gear": 1, "engine": None}
                for s in seats
            },
            "round": 0,
        }

    def fold(self, state: dict, event: Mapping) -> dict:
        data, kind, seat = event.get("data") or {}, event["type"], event.get("seat")
        cars = state["cars"]
        state["round"] = event.get("round") or state["round"]
        if kind == "grid_assigned":  # [slot, seat, colour, space, spot]
            for slot in data.get("grid") or []:
                if slot[1] in cars:
                    cars[slot[1]]["space"] = f"h{slot[3]}:{slot[4]}"
            return state
        if kind == "round_ended":  # [seat, space, spot, gear]
            for line in data.get("positions") or []:
                if line[0] in cars:
                    cars[line[0]].update(space=f"h{line[1]}:{line[2]}", gear=line[3])
            return state
        car = cars.get(seat) if seat else None
        if car is None:
            return state
        if kind in ("moved", "spun_out") and isinstance(data.get("end"), list):
            car["space"] = f"h{data['end'][0]}:{data['end'][1]}"
        if kind in ("gear_shifted", "spun_out"):
            car["gear"] = data.get("gear")
        elif kind in ("heat_paid", "cooldown_done") and data.get("engine") is not None:
            car["engine"] = data["engine"]
        elif kind == "car_finished":
            car["status"] = "finished"
        elif kind == "car_eliminated":
            car["status"] = "out"
        return state

    def drawing(self, config: Mapping) -> dict | None:
        return _board(config.get("track") or "")

    def anchor_of(self, config: Mapping, place: str) -> str | None:
        """Positions past a lap (or before the line, on the grid) fold back
        onto the one lap the board draws."""
        position, _colon, spot = place[1:].partition(":")
        try:
            return f"h{int(position) % track_length(config.get('track') or '')}:{spot}"
        except (ValueError, ZeroDivisionError):
            return None

    def car_facts(self, car: Mapping) -> list[tuple[str, str]]:
        facts = [(_("Gear"), str(car.get("gear")))]
        if car.get("engine") is not None:
            facts.append((_("Heat in engine"), str(car["engine"])))
        return facts


@cache
def track_length(track_id: str) -> int:
    """Spaces in one lap of the track; 0 for a track the game does not know."""
    if track_id not in track_ids():
        return 0
    return load_track(track_id).length


def _board(track_id: str) -> dict | None:
    if track_id not in track_ids():
        return None
    track = load_track(track_id)
    labels = tuple((str(c.id), corner_words(c.id, c.limit)) for c in track.corners)
    return _drawn_board(track_id, labels)


@cache
def _drawn_board(track_id: str, labels: tuple[tuple[str, str], ...]) -> dict:
    """The drawing, once per track and language its corners are named in."""
    track = load_track(track_id)
    corners = {c.position: c for c in track.corners}
    spaces = [
        {
            "id": f"h{position}:{spot}",
            "kind": "track",
            "lane": lane,
            "rank": position,
            "corner": str(corners[position].id) if position in corners else None,
        }
        for position in range(track.length)
        for lane, spot in enumerate(("RL", "OUT"))
    ]
    return loop_board(track.name, spaces, track.length, dict(labels))
