"""What a page shows of RoboRally (the presentation contract,
races/rules/presentation.py): capabilities, the session config, every event
in words (words.py), the decision panels (panels.py), the factory floor as
a grid of squares and the result's figures.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..contract import Action
from ..drawing import place_tokens
from ..presentation import (
    ELIMINATED,
    FINISHED,
    NOT_FINISHED,
    Capabilities,
    Column,
    Presentation,
    SessionFacts,
    loop_progress,
)
from ..speech import _, word_for
from .option_words import OPTION_TEXTS
from .options import MAX_ROBOTS, MIN_ROBOTS
from .panels import decision_words, roborally_panel
from .rules.course import VECTOR, course_ids
from .rules.floor import floor_drawing, place
from .rules.validate import load_course
from .words import FACING, WORDS

ASIDES = ("conditional", "flywheel")  # cards a program puts face down (RR-DEC-01)


class RoboRallyPresentation(Presentation):
    game_key = "roborally"
    option_texts = OPTION_TEXTS
    step_openers = frozenset({"turn_started", "register_started", "race_finished"})
    round_openers = frozenset({"turn_started"})
    finish_types = frozenset({"robot_finished"})
    out_types = frozenset({"robot_eliminated"})
    end_types = frozenset({"race_finished"})
    words = WORDS

    # --- decisions at the table -------------------------------------------

    @property
    def decision_words(self):
        return decision_words()

    def panel(self, decision, view, *, legal):
        return roborally_panel(decision, view, legal)

    def person_action(self, action, config, seconds):
        """A program posted by the table's form names its cards as text:
        each becomes the card's priority, an empty register nothing; what
        is not a card stays as posted, for the engine to refuse."""
        registers = action.params.get("registers")
        if action.kind not in ("program", "place") or not isinstance(registers, list):
            return action
        cards = [
            [_card(v) for v in value] if isinstance(value, list) else _card(value)
            for value in registers
        ]
        asides = {
            k: _card(action.params[k]) for k in ("conditional", "flywheel") if k in action.params
        }
        return Action(action.kind, {**action.params, "registers": cards, **asides})

    def missed_deadline(self, decision, view):
        """RR-DEC-13: the decision's default (the timer's random fill,
        RR-PROG-07, once the timer runs; "no"; RR-RESPAWN-07); a program
        whose timer has not started has none, so the autopilot decides."""
        return decision.default

    def decision_seconds(self, decision):
        """RR-PROG-05/06: once the timer runs for the last robot still
        programming, it has `program_timer_seconds` left to submit."""
        if decision.kind != "program" or not decision.options.get("timer"):
            return None
        seconds = decision.options.get("timer_seconds")
        return seconds if isinstance(seconds, int) and seconds > 0 else None

    def capabilities(self, rules):
        return Capabilities(
            min_seats=MIN_ROBOTS,
            max_seats=MAX_ROBOTS,
            modes=("race",),
            bots=(("rookie", _("Rookie")), ("greedy", _("Greedy"))),
            statuses=(FINISHED, NOT_FINISHED, ELIMINATED),
            result_columns=(
                Column("flags_touched", _("Flags"), _number),
                Column("lives_left", _("Lives"), _number),
                Column("damage", _("Damage"), _number),
                Column("destructions", _("Destroyed"), _number),
            ),
            live_columns=(
                Column("flags", _("Flags"), _number),
                Column("damage", _("Damage"), _number),
                Column("lives", _("Lives"), _number),
            ),
        )

    def engine_config(self, rules, round_options, *, track, laps, facts: SessionFacts):
        """A race has no laps: the round's lap count is not passed on."""
        return {**rules, **round_options, "track": track}

    # --- the board --------------------------------------------------------

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
                        space=_place(line["square"]), facing=line["facing"],
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
            car.update(space=_place(data["to"]), facing=data["facing"])
        elif kind == "robot_rotated":
            car["facing"] = data["to"]
        elif kind == "robot_respawned":
            car.update(space=_place(data["square"]), facing=data["facing"], status="racing")
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

    def board(self, config):
        return _board(config.get("track") or "")

    def scene(self, config, state, people, active=None):
        """The floor with each robot on its square, an arrow for its facing
        and its damage beside it."""
        board = self.board(config)
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
                marks.append({"kind": "label", "x": x + 10, "y": y + 11,
                              "text": f"{car['damage']}✶"})  # fmt: skip
        scene = place_tokens({**board, "shapes": [*board["shapes"], *marks]}, cars)
        return scene

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

    # --- the live table ---------------------------------------------------

    def progress(self, view, events, finished):
        return loop_progress(
            self,
            view,
            events,
            finished,
            length=len(view.get("flags") or []) or 1,
            public=lambda c: {
                "space": _place(c["square"]) if c.get("square") else None,
                "flags": c.get("flags"),
                "damage": c.get("damage"),
                "lives": c.get("lives"),
                "facing": c.get("facing"),
            },
        )


def _card(value: Any) -> Any:
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        return int(text) if text.isdigit() and len(text) <= 4 else text
    return value


def _number(value: Any) -> str:
    return "" if value is None else str(value)


def _place(where: Any) -> str:
    return place(where)


@cache
def _board(course_id: str) -> dict | None:
    if course_id not in course_ids():
        return None
    return floor_drawing(load_course(course_id))


PRESENTATION = RoboRallyPresentation()
