"""One race of Heat, as the engine contract sees it (HEAT-B-ENG-01..11): the pending
decisions, their legal actions and checks, the view of each seat and the result, over the
race's flow (flow.py), which it drives with each checked action."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import Action, Decision, Event, IllegalAction, RaceResult, Seat
from .chance import Chance
from .flow import race_flow
from .result import race_result
from .rules.decisions import legal_for, validate_for
from .rules.setup import race_state
from .rules.track import Track
from .view import Views, race_view


class HeatRace:
    def __init__(
        self,
        config: Mapping[str, Any],
        seats: list[Seat],
        seed: int | str,
        track: Track,
        chance: Chance | None = None,
    ) -> None:
        self.seed = seed
        self.chance = chance or Chance(seed)
        self.events: list[Event] = []
        self.views = Views()
        self.state = race_state(config, seats, track)
        self._pending: list[Decision] = []
        self._flow = race_flow(self.state, self.chance, self.emit)
        self._advance(None)

    def emit(self, type_: str, seat: str | None, /, **data: Any) -> None:
        """The rules' emitter: one event at the current round and step."""
        s = self.state
        data["step"] = s.step
        self.views.touch(s, seat)
        self.events.append(Event(len(self.events) + 1, s.round, type_, seat, data))

    def _advance(self, answer: tuple[str, Action] | None) -> None:
        try:
            self._pending = self._flow.send(answer)
        except StopIteration:
            self._pending = []

    def ask_again(self) -> None:
        """Build the pending decisions again from the state as it is now (for a test that
        forces a car's state)."""
        self._advance(None)

    # ---------------------------------------------------------------- the contract
    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def pending(self) -> list[Decision]:
        return list(self._pending)

    def _decision(self, seat: str) -> Decision | None:
        return next((d for d in self._pending if d.seat == seat), None)

    def legal_actions(self, seat: str) -> list[Action]:
        decision = self._decision(seat)
        if decision is None:
            return []
        return legal_for(self.state, self.state.by_seat[seat], decision)

    def validate(self, seat: str, action: Action) -> str | None:
        decision = self._decision(seat)
        if decision is None:
            if self.finished:
                return "the race is over"
            return "it is not your decision now"
        return validate_for(self.state, self.state.by_seat[seat], decision, action)

    def apply(self, seat: str, action: Action) -> list[Event]:
        message = self.validate(seat, action)
        if message:
            raise IllegalAction(message)
        first = len(self.events)
        self._advance((seat, action))
        return self.events[first:]

    def view(self, seat: str | None) -> dict:
        return race_view(self.state, self.views, len(self.events), seat)

    def result(self) -> RaceResult:
        return race_result(self.state, self.events)
