"""A RoboRally race: the engine contract over the turn flow (RR-API-01..08)."""

from __future__ import annotations

from typing import Any

from ..contract import Action, Decision, Event, IllegalAction, RaceResult, Seat
from ..speech import gettext
from .chance import Chance
from .flow import race_flow
from .result import race_result, ranking
from .rules.course import Course
from .rules.option_cards import OPTION_NAMES, option_problem
from .rules.programming import program_actions_problem
from .rules.respawn import respawn_choices
from .rules.weapons import weapon_actions, weapon_problem
from .state import Factory, Robot
from .view import race_view

YES_NO = ("power_down", "stay_powered_down", "reentry_power_down")
PROGRAMMING = ("program", "place", "timeout", "recompile")
OPTION_DECISIONS = (
    "prevent_damage",
    "discard_on_destruction",
    "move_option",
    "gyroscope",
    "flywheel_use",
    "abort_switch",
    "conditional_swap",
)


class RoboRallyRace:
    def __init__(
        self,
        config: dict,
        seats: list[Seat],
        seed: int | str,
        course: Course,
        chance: Chance | None = None,
        robots: list[Robot] | None = None,
    ):
        self.seed = seed
        self.seats = list(seats)
        if robots is None:
            robots = [
                Robot(
                    seat=s.id,
                    dock=i,
                    square=(course.docks[i]["x"], course.docks[i]["y"]),
                    facing=course.docks[i]["facing"],  # RR-SETUP-04
                    archive=(course.docks[i]["x"], course.docks[i]["y"]),
                    lives=config["lives"],
                )
                for i, s in enumerate(seats, start=1)  # RR-SETUP-03
            ]
        self.f = Factory(course, config, robots, chance or Chance(seed))
        if config["options"]:  # RR-SETUP-06, RR-RNG-02 (1)
            self.f.option_deck = self.f.chance.shuffle(OPTION_NAMES)
        self.f.emit(
            "race_started",
            course=course.id,
            config=dict(config),
            seats=[
                {"seat": r.seat, "dock": r.dock, "square": list(r.square), "facing": r.facing}
                for r in robots
                if r.square is not None
            ],
            flags=[list(s) for s in course.flags],
        )
        self._pending: list[Decision] = []
        self._flow = race_flow(self.f)
        self._advance(None)

    # --- the contract -----------------------------------------------------

    @property
    def pending(self) -> list[Decision]:
        return list(self._pending)

    @property
    def events(self) -> list[Event]:
        return self.f.events

    @property
    def finished(self) -> bool:
        return self.f.ended is not None

    def _decision(self, seat: str) -> Decision | None:
        for decision in self._pending:
            if decision.seat == seat:
                return decision
        return None

    def validate(self, seat: str, action: Action) -> str | None:
        decision = self._decision(seat)
        if decision is None:
            return (
                gettext("the race is over")
                if self.finished
                else gettext("nothing is asked of you now")
            )
        kind, params = action.kind, action.params
        robot = self.f.robot(seat)
        if decision.kind == "program":
            if kind not in PROGRAMMING:
                return gettext("program your registers first")
            return program_actions_problem(robot, action)
        if kind != decision.kind:
            return gettext("that is not the question asked of you now")
        if kind in YES_NO:
            if params.get("answer") not in ("yes", "no"):
                return gettext("answer yes or no")
            if kind == "power_down" and robot.damage < 1 and params["answer"] == "yes":
                return gettext("only a damaged robot may power down")  # RR-PD-01
            return None
        if kind == "weapon":
            return weapon_problem(decision, action)
        if kind in OPTION_DECISIONS:
            return option_problem(decision, action)
        if kind == "respawn":
            square, facing = params.get("square"), params.get("facing")
            for where, facings in respawn_choices(self.f, robot):
                if list(where) == list(square or ()) and facing in facings:
                    return None
            return gettext("your robot cannot re-enter there with that facing")
        return gettext("unknown action")

    def apply(self, seat: str, action: Action) -> list[Event]:
        problem = self.validate(seat, action)
        if problem:
            raise IllegalAction(problem)
        before = len(self.f.events)
        self._advance((seat, action))
        return self.f.events[before:]

    def _advance(self, answer: tuple[str, Action] | None) -> None:
        try:
            self._pending = self._flow.send(answer)
        except StopIteration:
            self._pending = []
            self._finish()

    def _finish(self) -> None:
        f = self.f
        f.step = None
        order = ranking(f)
        f.winner = order[0].seat if f.ended == "final_flag" else None
        f.emit("race_finished", reason=f.ended, winner=f.winner, order=[r.seat for r in order])

    def legal_actions(self, seat: str) -> list[Action]:
        decision = self._decision(seat)
        if decision is None:
            return []
        if decision.kind == "program":
            robot = self.f.robot(seat)
            out = [Action("timeout")] if robot.timer else []
            if "Recompile" in robot.options and not robot.recompiled:
                out.append(Action("recompile"))
            return out  # the program itself is checked by `validate` (RR-API-04)
        if decision.kind in YES_NO:
            return [Action(decision.kind, {"answer": a}) for a in ("no", "yes")]
        if decision.kind == "weapon":
            return weapon_actions(decision)
        if decision.kind in ("gyroscope", "flywheel_use", "abort_switch", "conditional_swap"):
            return [Action(decision.kind, {"answer": a}) for a in ("no", "yes")]
        if decision.kind == "move_option":
            return [Action("move_option", {"squares": n}) for n in decision.options["squares"]]
        if decision.kind == "discard_on_destruction":
            return [Action(decision.kind, {"option": o}) for o in decision.options["options"]]
        if decision.kind == "prevent_damage":
            held = decision.options["options"]
            return [Action(decision.kind, {"discard": held[:n]})
                    for n in range(min(len(held), decision.options["amount"]) + 1)]  # fmt: skip
        return [
            Action("respawn", {"square": c["square"], "facing": d})
            for c in decision.options["squares"]
            for d in c["facings"]
        ]

    def result(self) -> RaceResult:
        if not self.finished:
            raise IllegalAction(gettext("the race is not over"))
        return race_result(self.f, self.seed)

    def view(self, seat: str | None) -> dict[str, Any]:
        return race_view(self.f, seat)

    def events_for(self, seat: str | None) -> list[dict]:
        """The log as `seat` may read it (RR-EVT-03): others' private fields
        are left out while the race runs."""
        out = []
        for event in self.f.events:
            data = dict(event.data)
            if "private" in data and not self.finished and event.seat != seat:
                del data["private"]
            out.append({**event.to_dict(), "data": data})
        return out
