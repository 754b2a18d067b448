"""One race of Heat: setup, the round loop, decisions and actions (HEAT-B-010..064).

The race advances by itself through every automatic step and stops where a driver decides:
steps 1-2 for every car at once, then React, Slipstream and Discard for the car whose turn it
is (HEAT-B-ENG-05).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import Action, Decision, Event, IllegalAction, RaceResult, Seat
from .chance import Chance
from .result import race_result, ranking
from .rules.actions import (
    choose_speed,
    convert_unpayable,
    discard_apply,
    draft_apply,
    end_react,
    plan_apply,
    react_apply,
    refresh_apply,
    slipstream_apply,
)
from .rules.cards import is_heat
from .rules.championship import new_market
from .rules.cleanup import discardable, replenish
from .rules.corners import check_corners
from .rules.decisions import (
    discard_decision,
    legal_for,
    plan_decision,
    react_decision,
    slipstream_decision,
    validate_for,
)
from .rules.finish import leave_track, note_laps, race_over
from .rules.garage import (
    begin_symbols,
    card_value,
    new_draft,
    options_open,
    quick_deal,
    refreshable,
    resolve_reveal_plus,
    unchosen,
    unpayable,
)
from .rules.garage_decisions import (
    choose_speed_decision,
    convert_decision,
    draft_decision,
    refresh_decision,
)
from .rules.legends import legend_turn
from .rules.movement import move
from .rules.plan import cluttered_turn, resolve_plans, shift_now
from .rules.react import begin_react, can_boost, cooldown_allowance
from .rules.setup import deal_cards, race_state, set_up_grid, set_up_weather
from .rules.slipstream import slipstream_eligible
from .rules.sponsors import after_turn, new_sponsor_deck
from .rules.track import Track
from .state import Car, turn_order
from .view import Views, race_view

# Phases in which the car whose turn it is decides (HEAT-B-ENG-03).
TURN_DECISIONS = {
    "choose_speed": choose_speed_decision,
    "convert": convert_decision,
    "react": react_decision,
    "slipstream": slipstream_decision,
    "discard": discard_decision,
    "refresh": refresh_decision,
}


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
        self._pending: list[Decision] | None = None
        self._decisions: dict[str, Decision] = {}
        self._setup()

    def emit(self, type_: str, seat: str | None, /, **data: Any) -> None:
        s = self.state
        data["step"] = s.step
        self.views.touch(s, seat)
        self.events.append(Event(len(self.events) + 1, s.round, type_, seat, data))

    # ----------------------------------------------------------------- setup (HEAT-B-012)
    def _setup(self) -> None:
        s, chance, emit = self.state, self.chance, self.emit
        emit(
            "race_created",
            None,
            config=s.config,
            track=s.track.id,
            laps=s.laps,
            cars=[x.id for x in s.seats],
        )
        set_up_grid(s, chance, emit)
        players = [c for c in s.cars if not c.legend]
        s.draft = None
        if s.config.get("championship"):
            s.draft = new_market(s, chance, emit, players)  # HEAT-CHAMP-08
            s.phase = "draft"
            self._run()
            return
        if s.garage and not any(c.upgrades for c in players):
            if s.config.get("garage_draft", True):
                s.draft = new_draft(s, chance, emit, players)  # HEAT-GARAGE-02, -03
                s.phase = "draft"
                self._run()
                return
            quick_deal(s, chance, emit, players)  # HEAT-GARAGE-04
        self._begin_race()

    def _begin_race(self) -> None:
        s, chance, emit = self.state, self.chance, self.emit
        if s.config.get("championship"):
            # HEAT-CHAMP-07: car design, sponsorship, press corners, weather and road.
            if s.event:
                s.sponsors = new_sponsor_deck(s, chance, emit)  # HEAT-CHAMP-05, -09
            set_up_weather(s, chance, emit)
        deal_cards(s, chance, emit)
        self._start_round()
        self._run()

    # ---------------------------------------------------------------- queries
    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def pending(self) -> list[Decision]:
        if self._pending is None:
            self._pending = self._list_pending()
        return self._pending

    def _list_pending(self) -> list[Decision]:
        s = self.state
        if s.phase == "plan":
            out = []
            for car in s.racing_players():
                if car.played is None:
                    decision = self._decisions.get(car.seat)
                    if decision is None:
                        decision = self._decisions[car.seat] = plan_decision(s, car)
                    out.append(decision)
            return out
        if s.phase in TURN_DECISIONS:
            return [TURN_DECISIONS[s.phase](s, s.current)]
        if s.phase == "draft" and s.draft.waiting:
            return [draft_decision(s, s.draft.waiting)]
        return []

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

    def _decision(self, seat: str) -> Decision | None:
        return next((d for d in self.pending if d.seat == seat), None)

    def view(self, seat: str | None) -> dict:
        return race_view(self.state, self.views, len(self.events), seat)

    def result(self) -> RaceResult:
        return race_result(self.state, self.events)

    # ---------------------------------------------------------------- actions
    def apply(self, seat: str, action: Action) -> list[Event]:
        message = self.validate(seat, action)
        if message:
            raise IllegalAction(message)
        first = len(self.events)
        self._act(self.state.by_seat[seat], action)
        self._pending = None
        self._run()
        return self.events[first:]

    def _act(self, car: Car, action: Action) -> None:
        s, chance, emit = self.state, self.chance, self.emit
        kind = action.kind
        if kind in ("shift_gear", "play_cards"):
            plan_apply(s, car, action)
            self._decisions.pop(car.seat, None)
        elif kind in ("draft_pick", "market_pick", "market_swap"):
            draft_apply(emit, s.draft, car, action)
        elif kind == "choose_speed":
            choose_speed(emit, car, action)
        elif kind == "convert_unpayable":
            convert_unpayable(chance, emit, car, action)
        elif kind == "end_react":
            end_react(emit, car)
            s.phase = "slipstream"
        elif kind == "slipstream":
            slipstream_apply(s, chance, emit, car, action)
            s.phase = "corners"
        elif kind == "discard":
            discard_apply(emit, car, action)
            s.phase = "refresh"
        elif kind == "refresh":
            refresh_apply(emit, car, action)
        else:
            react_apply(s, chance, emit, car, action)

    # ---------------------------------------------------------------- the round
    def _start_round(self) -> None:
        s = self.state
        s.round += 1
        s.step = 1
        s.phase = "plan"
        self._decisions = {}
        for car in s.cars:
            car.shift_to = None
            car.played = None
            car.cluttered = False

    def _run(self) -> None:
        """Advance through automatic steps until a decision is needed or the race ends."""
        s, chance, emit = self.state, self.chance, self.emit
        self._pending = None
        while True:
            phase = s.phase
            if phase == "plan":
                if any(c.played is None for c in s.racing_players()):
                    return
                resolve_plans(s, emit)
                s.order = turn_order(s.racing())
                slots = s.order[-s.adrenaline_slots :]
                adrenaline = [c.seat for c in slots if not c.legend and not c.cluttered]
                if s.event_rules.get("no_adrenaline"):
                    adrenaline = []  # event 1964.4
                s.step = 3
                emit(
                    "turn_order_fixed",
                    None,
                    order=[c.seat for c in s.order],
                    adrenaline=adrenaline,
                )
                s.adrenaline = set(adrenaline)
                s.turn_index = 0
                s.phase = "turn"
            elif phase == "turn":
                if s.turn_index >= len(s.order):
                    self._end_round()
                    if s.phase == "over":
                        return
                    continue
                self._begin_turn(s.order[s.turn_index])
            elif phase == "draft":
                if s.draft.waiting:
                    return
                s.phase = "setup"
                self._begin_race()
                return
            elif phase == "choose_speed":
                if unchosen(s.current):
                    return
                s.phase = "convert"
            elif phase == "convert":
                car = s.current
                if unpayable(s, car, car.seat in s.adrenaline):
                    return
                self._move_revealed(car)
            elif phase == "react":
                if self._react_open():
                    return
                s.phase = "slipstream"
            elif phase == "slipstream":
                car = s.current
                if not car.slipstreamed and slipstream_eligible(s, car):
                    s.step = 6
                    return
                s.phase = "corners"
            elif phase == "corners":
                s.step = 7
                car = s.current
                check_corners(s, chance, emit, car)
                if car.eliminated is not None:
                    s.turn_index += 1
                    s.phase = "turn"
                    continue
                note_laps(s, chance, emit, car)
                if s.event_rules:
                    after_turn(s, chance, emit, car, s.ahead)
                s.phase = "discard"
            elif phase == "discard":
                car = s.current
                if not car.finished and discardable(s, car):
                    s.step = 8
                    return
                s.phase = "refresh"
            elif phase == "refresh":
                car = s.current
                if not car.finished and not car.refreshed and refreshable(car):
                    s.step = 9
                    return
                s.phase = "replenish"
            elif phase == "replenish":
                car = s.current
                if not car.finished:
                    s.step = 9
                    replenish(s, chance, emit, car)
                s.turn_index += 1
                s.phase = "turn"
            else:
                return

    def _begin_turn(self, car: Car) -> None:
        s, chance, emit = self.state, self.chance, self.emit
        s.current = car
        s.step = 3
        car.speed = 0
        car.crossings = []
        car.boosted = car.slipstreamed = car.adrenaline_moved = car.sector_cool_used = False
        car.adrenaline_cooled = False
        car.cooldown_left = car.plus_count = car.heat_owed = 0
        car.adrenaline = car.refreshed = False
        car.chosen, car.converted, car.scrap_owed, car.used = {}, [], [], []
        car.slip_crossings, car.pressed, car.speed_award = [], [], False
        if s.event_rules.get("overtake_sponsor"):
            key = (-car.p, not car.rl)
            s.ahead = {c.seat for c in s.racing() if (-c.p, not c.rl) < key}
        if car.legend:
            legend_turn(s, chance, emit, car)
            note_laps(s, chance, emit, car)
            s.turn_index += 1
            return
        if s.tournament:
            # HEAT-B-TOURN-03: show the number of cards, shift to it, then reveal.
            emit("cards_shown", car.seat, count=len(car.play))
            shift_now(s, emit, car, car.shift_to)
        if car.cluttered:
            cluttered_turn(emit, car)
            s.phase = "replenish"
            return
        emit("cards_revealed", car.seat, cards=list(car.play))
        resolve_reveal_plus(chance, emit, car)
        s.phase = "choose_speed"

    def _move_revealed(self, car: Car) -> None:
        """Step 3 ends: Speed is the sum of the play area (HEAT-B-033, HEAT-B-040)."""
        s = self.state
        car.speed = sum(card_value(car, c) for c in car.play)
        move(s, self.chance, self.emit, car, car.speed, "reveal")
        s.step = 5
        begin_react(car, car.seat in s.adrenaline)
        begin_symbols(car)
        s.phase = "react"

    def _react_open(self) -> bool:
        s = self.state
        car = s.current
        if car.adrenaline and not car.adrenaline_moved:
            return True
        if s.garage and (car.heat_owed or car.scrap_owed or options_open(s, car)):
            return True
        if cooldown_allowance(s, car) and any(is_heat(c) for c in car.hand):
            return True
        return can_boost(s, car)

    def _end_round(self) -> None:
        """HEAT-B-062: finished cars leave the track at the end of their round."""
        s, emit = self.state, self.emit
        leave_track(s)
        s.step = 9
        emit("round_ended", None, positions=[[c.seat, c.p, c.spot, c.gear] for c in s.racing()])
        if race_over(s):
            s.ended_early = bool(s.racing())  # HEAT-B-ENG-04 stall guard
            s.phase = "over"
            s.current = None
            emit("race_ended", None, results=[p.to_dict() for p in ranking(s)])
            return
        self._start_round()
