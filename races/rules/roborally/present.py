"""What a page shows of RoboRally (the presentation contract,
races/rules/presentation.py): capabilities, the session config, every event
in words, the factory floor as a grid of squares and the result's figures.

Hands and programs are their owner's secret while the race runs (RR-EVT-03):
the sentences for those events give counts, never cards.
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
from ..speech import _
from .cards import card_words
from .course import VECTOR, course_ids
from .floor import floor_drawing, place
from .game import MAX_ROBOTS, MIN_ROBOTS
from .panels import DECISION_WORDS, roborally_panel
from .validate import load_course

FACING = {"N": "north", "E": "east", "S": "south", "W": "west"}
CAUSES = {
    "card": "",
    "push": ", pushed",
    "conveyor": " on a conveyor",
    "pusher": ", shoved by a pusher",
    "weapon": ", hit by a weapon",
    "gear": " on a gear",
}
BLOCKS = {
    "wall": "a wall",
    "push_blocked": "a robot it cannot push",
    "conveyor_conflict": "another robot on the belts",
    "occupied": "a robot in the way",
}
DESTROYED = {
    "pit": "falls into a pit",
    "off_course": "falls off the floor",
    "damage": "breaks down",
}
SOURCES = {
    "board_laser": "a board laser",
    "robot_laser": "a robot's laser",
    "push": "a push",
    "ramming_gear": "Ramming Gear",
    "mini_howitzer": "a Mini Howitzer",
    "reentry": "re-entering",
}
DISCARDS = {
    "prevent": " to prevent a point of damage",
    "destroyed": " as it is destroyed",
    "used_up": ", used up",
    "eliminated": " as it leaves the race",
}
ENDS = {
    "final_flag": "a robot touched the last flag",
    "all_eliminated": "every robot is out",
    "turn_limit": "the turn limit is reached",
}


def square(value: Any) -> str:
    x, y = value
    return f"({int(x)}, {int(y)})"


def plural(count: Any, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def yes(value: Any) -> bool:
    return value is True


def _moved(car, d, names, config):
    return f"{car} moves from {square(d['from'])} to {square(d['to'])}{CAUSES[d['cause']]}."


def _rotated(car, d, names, config):
    why = CAUSES[d["cause"]]
    return f"{car} turns from {FACING[d['from']]} to {FACING[d['to']]}{why}."


def _laser(car, d, names, config):
    target = d.get("target")
    hit = f" and hits {names.get(target, 'a robot')}" if target else " and hits nothing"
    if car == "The race":
        beams = {1: "A laser", 2: "A double laser", 3: "A triple laser"}.get(d["beams"], "A laser")
        return f"{beams} at {square(d['source'])} fires {FACING[d['direction']]}{hit}."
    return f"{car} fires its laser {FACING[d['direction']]}{hit}."


def _damage(car, d, names, config):
    by = names.get(d["by"]) if d.get("by") else None
    source = f"{by}'s laser" if d["source"] == "robot_laser" and by else SOURCES[d["source"]]
    if d["source"] == "push" and by:
        source = f"a push by {by}"
    locked = d.get("registers_newly_locked") or []
    text = f"{car} takes {d['amount']} damage from {source} (now {d['new_damage']})"
    if locked:
        text += "; register " + ", ".join(str(r) for r in locked) + " locked"
    return text + "."


def _finished(car, d, names, config):
    winner = d.get("winner")
    who = f" {names.get(winner, 'A robot')} wins." if winner else " Nobody wins."
    return f"The race ends: {ENDS[d['reason']]}.{who}"


WORDS = {
    "race_started": lambda c, d, n, k: (
        f"The robots line up on their docks; {plural(len(d['flags']), 'flag')} to touch."
    ),
    "turn_started": lambda c, d, n, k: (
        "A new turn starts"
        + (
            ": " + ", ".join(n.get(s, "a robot") for s in d["powered_down"]) + " powered down."
            if d.get("powered_down")
            else "."
        )
    ),
    "damage_cleared": lambda c, d, n, k: f"{c} is powered down and sheds {d['before']} damage.",
    "deck_shuffled": lambda c, d, n, k: f"The program deck is shuffled ({d['count']} cards).",
    "cards_dealt": lambda c, d, n, k: f"{c} is dealt {plural(d['count'], 'program card')}.",
    "timer_started": lambda c, d, n, k: f"{c} is the last to program: {d['seconds']} seconds.",
    "program_submitted": lambda c, d, n, k: (
        f"{c} runs out of time: the registers are filled at random."
        if yes(d.get("timeout"))
        else f"{c} programs its registers."
    ),
    "program_autofilled": lambda c, d, n, k: (
        f"{c} gets {plural(len(d['filled']), 'register')} filled at random."
    ),
    "power_down_announced": lambda c, d, n, k: (
        f"{c} announces a power down for next turn." if yes(d["yes"]) else f"{c} keeps running."
    ),
    "register_started": lambda c, d, n, k: f"Register {d['register']}.",
    "card_revealed": lambda c, d, n, k: f"{c} reveals {card_words(d['card'])}.",
    "robot_moved": _moved,
    "robot_rotated": _rotated,
    "move_blocked": lambda c, d, n, k: f"{c} is stopped by {BLOCKS[d['reason']]}.",
    "laser_fired": _laser,
    "damage_taken": _damage,
    "register_locked": lambda c, d, n, k: f"{c}'s register {d['locked']} is locked.",
    "register_unlocked": lambda c, d, n, k: f"{c}'s register {d['locked']} is unlocked.",
    "locked_register_filled": lambda c, d, n, k: (
        f"{c}'s locked register {d['locked']} gets {card_words(d['card'])} from the deck."
    ),
    "robot_destroyed": lambda c, d, n, k: f"{c} {DESTROYED[d['cause']]} and is destroyed.",
    "life_lost": lambda c, d, n, k: f"{c} loses a life ({d['lives_left']} left).",
    "robot_eliminated": lambda c, d, n, k: f"{c} has no lives left and is out of the race.",
    "flag_touched": lambda c, d, n, k: f"{c} touches flag {d['flag']}!",
    "archive_updated": lambda c, d, n, k: f"{c} moves its archive to {square(d['square'])}.",
    "repaired": lambda c, d, n, k: f"{c} is repaired to {d['after']} damage.",
    "registers_wiped": lambda c, d, n, k: (
        f"{c} clears its registers"
        + (f", keeping {plural(len(d['kept']), 'locked register')}" if d.get("kept") else "")
        + "."
    ),
    "robot_respawned": lambda c, d, n, k: (
        f"{c} re-enters at {square(d['square'])} facing {FACING[d['facing']]}."
    ),
    "power_down_decided": lambda c, d, n, k: (
        f"{c} will be powered down next turn." if yes(d["yes"]) else f"{c} will run next turn."
    ),
    "robot_finished": lambda c, d, n, k: f"{c} has touched every flag!",
    "option_drawn": lambda c, d, n, k: f"{c} draws the option card {d['option']}.",
    "option_discarded": lambda c, d, n, k: f"{c} discards {d['option']}{DISCARDS[d['reason']]}.",
    "damage_prevented": lambda c, d, n, k: (
        f"{c} prevents {d['amount']} damage"
        + {
            "ablative_coat": " with its Ablative Coat",
            "power_down_shield": " with its Power-Down Shield",
        }.get(d["by"], "")
        + "."
    ),
    "register_scrambled": lambda c, d, n, k: f"{c}'s register {d['scrambled']} is scrambled.",
    "option_used": lambda c, d, n, k: (
        f"{c} uses {d['option']} to move {plural(d['details']['squares'], 'square')}."
        if "squares" in d["details"]
        else f"{c} fires its {d['option']} at {n.get(d['details']['target'], 'a robot')}."
        if "weapon" in d["details"]
        else f"{c} switches its {d['option']} " + ("on." if yes(d["details"]["active"]) else "off.")
    ),
    "race_finished": _finished,
}


class RoboRallyPresentation(Presentation):
    game_key = "roborally"
    step_openers = frozenset({"turn_started", "register_started", "race_finished"})
    round_openers = frozenset({"turn_started"})
    finish_types = frozenset({"robot_finished"})
    out_types = frozenset({"robot_eliminated"})
    end_types = frozenset({"race_finished"})
    words = WORDS

    # --- decisions at the table -------------------------------------------

    @property
    def decision_words(self):
        return {kind: _(words) for kind, words in DECISION_WORDS.items()}

    def panel(self, decision, view, *, legal):
        return roborally_panel(decision, view, legal)

    def person_action(self, action, config, seconds):
        """A program posted by the table's form names its cards as text:
        each becomes the card's priority, an empty register nothing; what
        is not a card stays as posted, for the engine to refuse."""
        registers = action.params.get("registers")
        if action.kind not in ("program", "place") or not isinstance(registers, list):
            return action
        cards = [_card(value) for value in registers]
        return Action(action.kind, {**action.params, "registers": cards})

    def missed_deadline(self, decision):
        """RR-DEC-13: the decision's default (the timer's random fill,
        RR-PROG-07, once the timer runs; "no"; RR-RESPAWN-07); a program
        whose timer has not started has none, so the autopilot decides."""
        return decision.default

    def capabilities(self, rules):
        return Capabilities(
            min_seats=MIN_ROBOTS,
            max_seats=MAX_ROBOTS,
            modes=("race",),
            bots=(("rookie", "Rookie"), ("greedy", "Greedy")),
            statuses=(FINISHED, NOT_FINISHED, ELIMINATED),
            result_columns=(
                Column("flags_touched", "Flags", _number),
                Column("lives_left", "Lives", _number),
                Column("damage", "Damage", _number),
                Column("destructions", "Destroyed", _number),
            ),
            live_columns=(
                Column("flags", "Flags", _number),
                Column("damage", "Damage", _number),
                Column("lives", "Lives", _number),
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
            ("Facing", FACING.get(car.get("facing"), "")),
            ("Damage", str(car.get("damage") or 0)),
            ("Flags", str(car.get("flags") or 0)),
        ]
        if car.get("lives") is not None:
            facts.append(("Lives", str(car["lives"])))
        if car.get("powered_down"):
            facts.append(("Power", "powered down"))
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
