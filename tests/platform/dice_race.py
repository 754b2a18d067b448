"""A third game for the platform's tests: a dice race to space 20, plugged in
by registering alone (`PADDOCK_GAME_PLUGINS=tests.platform.dice_race` for
the workers). Every turn the driver rolls one die and moves that far; the
first past space 20 wins. Its hand of spare dice is private to its owner."""

import random

from races.rules import (
    Action,
    Decision,
    Event,
    IllegalAction,
    OptionSchema,
    Placing,
    RaceResult,
    log_hash,
    register,
)
from races.rules.contract import SessionRules
from races.rules.face import Presentation
from races.rules.face.board import Board
from races.rules.face.capabilities import FINISHED, Capabilities, Column, GameCapabilities
from races.rules.face.drawing import place_tokens
from races.rules.face.panels import Panels
from races.rules.face.tables import Tables, loop_progress
from races.rules.face.words import Words
from races.rules.options import Option

GOAL = 20


class DiceRace:
    def __init__(self, config, seats, seed):
        self.seats, self.rng, self.events = [s.id for s in seats], random.Random(seed), []
        self.at, self.done, self.turn = dict.fromkeys(self.seats, 0), [], 0
        self.spare = {s: self.rng.randint(1, 6) for s in self.seats}  # private
        self.emit("race_started", None, order=list(self.seats))

    def emit(self, kind, seat, **data):
        self.events.append(Event(len(self.events) + 1, self.turn // len(self.seats) + 1, kind,
                                 seat, data))  # fmt: skip

    @property
    def finished(self):
        return len(self.done) == len(self.seats)

    @property
    def pending(self):
        return [] if self.finished else [Decision(self._next(), "roll", "Roll the die.")]

    def _next(self):
        return [s for s in self.seats if s not in self.done][self.turn % (len(self.seats) - len(
            self.done))]  # fmt: skip

    def legal_actions(self, seat):
        return [Action("roll")] if seat == self._next() else []

    def validate(self, seat, action):
        if self.finished or seat != self._next():
            return "It is not your turn."
        return None if action.kind == "roll" else "You can only roll the die."

    def apply(self, seat, action):
        problem = self.validate(seat, action)
        if problem:
            raise IllegalAction(problem)
        before, value = len(self.events), self.rng.randint(1, 6)
        self.at[seat] += value
        self.emit("rolled", seat, value=value, space=min(self.at[seat], GOAL))
        if self.at[seat] >= GOAL:
            self.done.append(seat)
            self.emit("finished", seat, position=len(self.done))
        else:
            self.turn += 1
        if self.finished:
            self.emit("race_ended", None, order=list(self.done))
        return self.events[before:]

    def view(self, seat):
        cars = [{"seat": s, "progress": self.at[s], "space": min(self.at[s], GOAL)}
                for s in self.seats]  # fmt: skip
        return {"cars": cars, "laps": 1, "spare": self.spare.get(seat), "me": seat}

    def result(self):
        order = tuple(Placing(s, i + 1, FINISHED, 1, self.at[s]) for i, s in enumerate(self.done))
        return RaceResult("dice_race", order, self.turn, log_hash(self.events))


class Lucky:
    def choose(self, view, decision):
        return Action("roll")


class DiceGame(SessionRules):
    key, name, bot_names = "dice_race", "Dice Race", ("lucky",)
    options = OptionSchema((Option("track", "str", "strip", choices=("strip",)),
                            Option("laps", "int", 1, min=1, max=1)))  # fmt: skip

    def start(self, config, seats, seed):
        self.options.validate(config)
        return DiceRace(config, seats, seed)

    def tracks(self):
        return [{"id": "strip", "name": "The Strip", "length": GOAL}]

    def bot(self, name, *, seed, seat):
        return Lucky()


class DiceCapabilities(GameCapabilities):
    def capabilities(self, rules):
        space = Column("space", "Space", lambda v: (v or "")[1:])
        return Capabilities(2, 6, ("race",), (("lucky", "Lucky"),), (FINISHED,),
                            (Column("distance", "Spaces"),), (space,))  # fmt: skip


class DiceWords(Words):
    step_openers = frozenset({"rolled"})
    sentences = {
        "race_started": lambda c, d, n, k: "The dice race starts.",
        "rolled": lambda c, d, n, k: f"{c} rolls {d['value']} and reaches space {d['space']}.",
        "finished": lambda c, d, n, k: f"{c} finishes in position {d['position']}.",
        "race_ended": lambda c, d, n, k: "The race ends.",
    }


class DiceBoard(Board):
    def fold(self, state, event):
        if event["type"] == "rolled":
            state["cars"][event["seat"]]["space"] = f"s{event['data']['space']}"
        elif event["type"] == "race_started":
            for seat in event["data"]["order"]:
                state["cars"][seat]["space"] = "s0"
        return state

    def drawing(self, config):
        spaces = [{"kind": "space", "x": 20 + 40 * i, "y": 40, "style": "straight"}
                  for i in range(GOAL + 1)]  # fmt: skip
        anchors = {f"s{i}": [20 + 40 * i, 40] for i in range(GOAL + 1)}
        return place_tokens({"width": 860, "height": 80, "title": "The Strip", "shapes": spaces,
                             "anchors": anchors}, [])  # fmt: skip


class DiceTables(Tables):
    round_openers = frozenset({"race_started"})
    finish_types, end_types = frozenset({"finished"}), frozenset({"race_ended"})

    def progress(self, view, events, finished):
        return loop_progress(self, view, events, finished, length=GOAL,
                             public=lambda c: {"space": f"s{c['space']}"})  # fmt: skip


CAPABILITIES = DiceCapabilities()
GAME = DiceGame()
PRESENTATION = Presentation(
    game_key="dice_race",
    capabilities=CAPABILITIES,
    words=DiceWords(),
    board=DiceBoard(),
    panels=Panels(),
    tables=DiceTables(CAPABILITIES),
)
register(GAME, PRESENTATION)
