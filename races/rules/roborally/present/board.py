"""RoboRally's board (the presentation's board part,
races/rules/face/board.py): the factory floor as a grid of squares
(floor.py), each robot on its square with an arrow for its facing and its
damage beside it, moved along the log without re-running the rules."""

from __future__ import annotations

from functools import cache

from ...face.board import Board
from ...face.drawing import place_tokens
from ...speech import _, word_for
from ..rules.course import VECTOR, course_ids
from ..rules.validate import load_course
from .floor import floor_drawing, legend, place
from .sentences import FACING


class RoboRallyBoard(Board):
    def board_state(self, seats, config):
        return {
            "cars": {
                s["id"]: {"space": None, "status": "racing", "facing": "N", "damage": 0,
                          "lives": None, "flags": 0, "powered_down": False}
                for s in seats
            },
            "round": 0,
        }  # fmt: skip

    def fold(self, state, event):
        data, kind, seat = event.get("data") or {}, event["type"], event.get("seat")
        cars = state["cars"]
        state["round"] = event.get("round") or state["round"]
        if kind == "race_started":
            for line in data.get("seats") or []:
                if line["seat"] in cars:
                    cars[line["seat"]].update(
                        space=place(line["square"]), facing=line["facing"],
                        lives=(data.get("config") or {}).get("lives"),
                    )  # fmt: skip
            return state
        if kind == "turn_started":
            for car_seat, car in cars.items():
                car["powered_down"] = car_seat in (data.get("powered_down") or [])
            return state
        car = cars.get(seat) if seat else None
        if car is None:
            return state
        if kind == "robot_moved":
            car.update(space=place(data["to"]), facing=data["facing"])
        elif kind == "robot_rotated":
            car["facing"] = data["to"]
        elif kind == "robot_respawned":
            car.update(space=place(data["square"]), facing=data["facing"], status="racing")
        elif kind == "robot_destroyed":
            car.update(status="out", damage=0)
        elif kind == "damage_taken":
            car["damage"] = data["new_damage"]
        elif kind == "damage_cleared":
            car["damage"] = 0
        elif kind == "repaired":
            car["damage"] = data["after"]
        elif kind == "life_lost":
            car["lives"] = data["lives_left"]
        elif kind == "flag_touched":
            car["flags"] = data["flags_touched"]
        elif kind == "robot_finished":
            car["status"] = "finished"
        return state

    def drawing(self, config):
        return _drawing(config.get("track") or "")

    def scene(self, config, state, people, active=None):
        """The floor with each robot on its square, an arrow for its facing
        and its damage beside it."""
        board = self.drawing(config)
        if board is None:
            return None
        cars = []
        marks = []
        for seat, car in state["cars"].items():
            if seat not in people or not car.get("space"):
                continue
            out = car.get("status") == "out"
            cars.append({"seat": seat, "place": car["space"], "active": seat == active,
                         "out": out, **people[seat]})  # fmt: skip
            if out:
                continue
            x, y = board["anchors"][car["space"]]
            dx, dy = VECTOR.get(car.get("facing") or "N", (0, -1))
            marks.append({"kind": "arrow", "style": "facing", "x1": x + dx * 8, "y1": y + dy * 8,
                          "x2": x + dx * 14, "y2": y + dy * 14})  # fmt: skip
            if car.get("damage"):
                marks.append({"kind": "icon", "icon": "damage", "x": x + 6, "y": y + 10,
                              "text": str(car["damage"]), "tx": x + 13, "ty": y + 10})  # fmt: skip
        scene = place_tokens({**board, "shapes": [*board["shapes"], *marks]}, cars)
        return {**scene, "legend": legend(board["legend_keys"])}

    def car_facts(self, car):
        facts = [
            (_("Facing"), word_for(FACING, car.get("facing"), "")),
            (_("Damage"), str(car.get("damage") or 0)),
            (_("Flags"), str(car.get("flags") or 0)),
        ]
        if car.get("lives") is not None:
            facts.append((_("Lives"), str(car["lives"])))
        if car.get("powered_down"):
            facts.append((_("Power"), _("powered down")))
        return facts


@cache
def _drawing(course_id: str) -> dict | None:
    if course_id not in course_ids():
        return None
    return floor_drawing(load_course(course_id))
