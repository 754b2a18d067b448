"""A Formula D session behind the contract (races/rules/contract.py, FD-E-1).

The race holds the state (state.py), the chance (chance.py) and the event log,
and drives the session's flow (flow.py), a generator that yields a decision
whenever it needs a choice. `apply` checks the action first (so an illegal
action changes nothing) and then sends it to the flow, which runs the
canonical procedure of section 7 until the next decision or the end.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..contract import Action, ConfigError, Decision, Event, IllegalAction, Seat
from ..log import log_hash
from .chance import SeededDice
from .flow import session
from .result import build as build_result
from .rules.setup import new_state
from .state import snapshot
from .view import Shown, race_view

_new = object.__new__


class FormulaDRace:
    def __init__(
        self, config: dict, seats: list[Seat], seed: int | str, dice=None, *, begin: bool = True
    ):
        self.dice = dice if dice is not None else SeededDice(seed)
        self.state = new_state(config, seats, seed)
        self.events: list[Event] = []
        self._shown = Shown(self.state.track)
        # what the flow waits for: (decision, check) pairs, and whether it asked
        # several seats at once (then it is sent a dict seat -> action)
        self._waiting: list[tuple[Decision, object]] = []
        self._many = False
        self._answers: dict[str, Action] = {}
        # every applied action as (seat, kind, params copied), for state_dict / replay;
        # a flat tuple, as the race keeps a thousand of them
        self.actions: list[tuple[str, str, dict]] = []
        self._flow = None
        if begin:
            self.run(session(self.state, self.dice, self.emit))

    def run(self, flow) -> None:
        """Drive `flow` (a generator of flow.py over this race's state, chance
        and `emit`) to its first decision. A race runs its session; a test may
        start a part of one from a state it placed (FD-E-25)."""
        self._flow = flow
        self._resume(None)

    def emit(self, type_: str, seat: str | None, /, **data) -> None:
        """The emitter the flow and the rules are given: one event appended to the log."""
        # positional-only: the call matches each keyword against the named
        # parameters by identity, then, before giving it to `data`, by string
        # compares against every one; there are none to compare against here
        events = self.events
        # The event's fields written, in its own __init__'s order, into the
        # dict its __dict__ gives (as Heat's emit does): __init__ sets each
        # through object.__setattr__, as Event is frozen, and a race logs
        # some 3,000 events
        event = _new(Event)
        fields = event.__dict__
        fields["seq"] = len(events) + 1
        fields["round"] = self.state.round
        fields["type"] = type_
        fields["seat"] = seat
        fields["data"] = data
        events.append(event)

    def _resume(self, value) -> None:
        try:
            asked = self._flow.send(value)
        except StopIteration:
            self._waiting, self._answers = [], {}
            return
        if asked.__class__ is tuple:  # one seat's (decision, check): the usual case
            self._waiting, self._many = [asked], False
        else:
            self._waiting, self._many = list(asked), True
        self._answers = {}

    # ----- the contract ------------------------------------------------------
    @property
    def pending(self) -> list[Decision]:
        waiting = self._waiting
        if len(waiting) == 1 and not self._answers:  # one decision, unanswered: the usual case
            return [waiting[0][0]]
        return [d for d, _ in waiting if d.seat not in self._answers]

    @property
    def finished(self) -> bool:
        return not self._waiting

    def validate(self, seat: str, action: Action) -> str | None:
        for decision, check in self._waiting:
            if decision.seat == seat and seat not in self._answers:
                if action.kind != decision.kind:
                    return f"the race waits for your {decision.kind} decision, not {action.kind}"
                elapsed = action.params.get("elapsed_s")
                if elapsed is not None and (
                    not isinstance(elapsed, int) or isinstance(elapsed, bool) or elapsed < 0
                ):
                    return "elapsed_s must be a whole number of seconds, 0 or more"
                try:
                    return check(action)
                except (KeyError, TypeError, ValueError) as error:
                    return f"malformed {action.kind} action: {error}"
        if self.finished:
            return "the session is over"
        return f"it is not {seat}'s decision"

    def apply(self, seat: str, action: Action) -> list[Event]:
        if not isinstance(action, Action) and isinstance(action, Mapping):
            action = Action.from_dict(action)
        message = self.validate(seat, action)
        if message:
            raise IllegalAction(message)
        seen = len(self.events)
        self.state.elapsed = action.params.get("elapsed_s")
        self._answers[seat] = action
        self.actions.append((seat, action.kind, dict(action.params)))
        if not self._many:  # one waiting decision (the usual case), the one just answered
            self._resume(action)
        elif not self.pending:
            self._resume(self._answers)
        return self.events[seen:]

    def legal_actions(self, seat: str) -> list[Action]:
        for decision, _check in self._waiting:
            if decision.seat == seat and seat not in self._answers:
                return list(decision.options.get("actions", ())) or [
                    Action(decision.kind, dict(p)) for p in decision.options.get("legal", ())
                ]
        return []

    def view(self, seat: str | None = None) -> dict:
        """Formula D hides nothing (FD-E-1)."""
        return race_view(self.state, self.pending, seat, self._shown)

    def state_dict(self) -> dict:
        """A JSON-serialisable state (FD-E-4). The session runs as a generator, so
        the seed, the configuration, the seats and the actions applied rebuild
        it (same events, byte for byte); `snapshot` holds every field FD-E-4
        lists, the random generator's state among them."""
        if not isinstance(self.dice, SeededDice):
            raise ConfigError("a race with scripted dice cannot be serialised")
        rs = self.state
        return {
            "game": "formula_d",
            "config": dict(rs.cfg),
            "seats": [s.to_dict() for s in rs.seats],
            "seed": rs.seed,
            "actions": [
                {"seat": seat, "action": {"kind": kind, "params": dict(params)}}
                for seat, kind, params in self.actions
            ],
            "snapshot": self._snapshot(),
        }

    def _snapshot(self) -> dict:
        return snapshot(self.state, self.pending, len(self.events), self.dice)

    @classmethod
    def from_state(cls, state: dict) -> FormulaDRace:
        """The race `state_dict` describes; refused when its snapshot is not the
        state its actions lead to."""
        race = cls(
            dict(state["config"]), [Seat.from_dict(s) for s in state["seats"]], state["seed"]
        )
        for step in state["actions"]:
            race.apply(step["seat"], Action.from_dict(step["action"]))
        if "snapshot" in state and race._snapshot() != state["snapshot"]:
            raise ConfigError("the state's snapshot is not where its actions lead")
        return race

    def result(self):
        if not self.finished:
            raise IllegalAction("the session is still running")
        return build_result(self.state, log_hash(self.events))
