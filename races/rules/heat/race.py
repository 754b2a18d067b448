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
from .rules import garage, plan, season, turn
from .rules.actions import act
from .rules.championship import Market
from .rules.decisions import decision_for, legal_for, validate_for
from .rules.legends import legend_turn
from .rules.season import Sponsors, press_corners, season_event
from .rules.setup import deal_cards, set_up_grid, set_up_weather
from .rules.track import Track
from .state import Board, Car, turn_order
from .view import race_view

# Phases in which the car whose turn it is decides (HEAT-B-ENG-03).
TURN_DECISIONS = ("choose_speed", "convert", "react", "slipstream", "discard", "refresh")


class HeatRace:
    def __init__(
        self,
        config: Mapping[str, Any],
        seats: list[Seat],
        seed: int | str,
        track: Track,
        chance: Chance | None = None,
    ) -> None:
        self.config = dict(config)
        self.track = track
        self.seats = list(seats)
        self.seed = seed
        self.chance = chance or Chance(seed)
        # Section 12.7: a season race's event may change laps, hand size, Heat and Stress.
        self.event = season_event(self.config)
        self.event_rules = self.event.rules if self.event else {}
        self.press = press_corners(track, self.event) if self.event else set()
        self.sponsors = None
        self.lap1_done = 0
        self.ahead: set[str] = set()  # cars ahead at the start of this turn (event 1963.2)
        self.eliminations = 0
        self.laps = (self.config.get("laps") or track.laps) + self.event_rules.get("laps", 0)
        self.hand_size = self.event_rules.get("hand_size") or self.config.get("hand_size") or 7
        self.legend_bonus = self.config.get("legend_bonus") or 0
        # HEAT-CHAMP-04: championship races use upgrade cards instead of starting upgrades.
        self.garage = bool(self.config.get("garage") or self.config.get("championship"))
        self.upgrade_pool = self.config.get("upgrade_pool") or "basic"
        self.tournament = bool(self.config.get("tournament"))
        self.heavy_rain = bool(self.config.get("heavy_rain"))
        self.conditions = None
        self.legend_deck = None
        self.public_corners: list[list[int]] = []
        self.max_rounds = self.config.get("max_rounds") or 200
        self.board = Board(track.length, self.laps * track.length)
        self.events: list[Event] = []
        self.round = 0
        self.step = 0
        self.phase = "setup"
        self.order: list[Car] = []
        self.turn_index = 0
        self.current: Car | None = None
        self._pending: list[Decision] | None = None
        self._decisions: dict[str, Decision] = {}
        self.public_view: tuple | None = None  # (key, public part of every view), for speed
        self.car_views: dict[str, tuple] = {}  # seat -> (revealed, its entry in the view)
        self.dirty_views: set[str] = set()  # seats whose entry must be rebuilt
        self.by_seat: dict[str, Car] = {}
        self.ended_early = False
        self._setup()

    # ----------------------------------------------------------------- setup (HEAT-B-012)
    def _setup(self) -> None:
        self.emit(
            "race_created",
            None,
            config=self.config,
            track=self.track.id,
            laps=self.laps,
            cars=[s.id for s in self.seats],
        )
        set_up_grid(self)
        players = [c for c in self.cars if not c.legend]
        self.draft = None
        if self.config.get("championship"):
            self.draft = Market(self, players)  # HEAT-CHAMP-08
            self.phase = "draft"
            self._run()
            return
        if self.garage and not any(c.upgrades for c in players):
            if self.config.get("garage_draft", True):
                self.draft = garage.Draft(self, players)  # HEAT-GARAGE-02, -03
                self.phase = "draft"
                self._run()
                return
            garage.quick_deal(self, players)  # HEAT-GARAGE-04
        self._begin_race()

    def _begin_race(self) -> None:
        if self.config.get("championship"):
            # HEAT-CHAMP-07: car design, sponsorship, press corners, weather and road.
            if self.event:
                self.sponsors = Sponsors(self)  # HEAT-CHAMP-05, -09
            set_up_weather(self)
        deal_cards(self)
        self._start_round()
        self._run()

    # ---------------------------------------------------------------- queries
    def emit(self, type_: str, seat: str | None, **data: Any) -> None:
        data["step"] = self.step
        if seat is None:
            self.dirty_views.update(self.by_seat)
        else:
            self.dirty_views.add(seat)
        self.events.append(Event(len(self.events) + 1, self.round, type_, seat, data))

    def racing(self) -> list[Car]:
        return [c for c in self.cars if not c.finished]

    def racing_players(self) -> list[Car]:
        return [c for c in self.cars if not c.finished and not c.legend]

    def limit(self, corner) -> int:
        """Printed limit plus the corner's road token (HEAT-WEATHER-09), for cars and Legends."""
        if self.conditions is None:
            return corner.limit
        return corner.limit + self.conditions.limit_change.get(corner.id, 0)

    def on_flooded(self, car: Car) -> bool:
        return car.p < self.board.finish and car.p % self.track.length in self.track.flooded

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    @property
    def pending(self) -> list[Decision]:
        if self._pending is None:
            self._pending = self._list_pending()
        return self._pending

    def _list_pending(self) -> list[Decision]:
        if self.phase == "plan":
            out = []
            for car in self.racing_players():
                if car.played is None:
                    decision = self._decisions.get(car.seat)
                    if decision is None:
                        decision = self._decisions[car.seat] = decision_for(self, car)
                    out.append(decision)
            return out
        if self.phase in TURN_DECISIONS:
            return [decision_for(self, self.current)]
        if self.phase == "draft" and self.draft.waiting:
            return [decision_for(self, self.draft.waiting)]
        return []

    def legal_actions(self, seat: str) -> list[Action]:
        car = self._waiting_car(seat)
        return legal_for(self, car) if car else []

    def validate(self, seat: str, action: Action) -> str | None:
        car = self._waiting_car(seat)
        if car is None:
            if self.finished:
                return "the race is over"
            return "it is not your decision now"
        return validate_for(self, car, action)

    def _waiting_car(self, seat: str) -> Car | None:
        if any(d.seat == seat for d in self.pending):
            return self.by_seat[seat]
        return None

    def view(self, seat: str | None) -> dict:
        return race_view(self, seat)

    def result(self) -> RaceResult:
        return race_result(self)

    # ---------------------------------------------------------------- actions
    def apply(self, seat: str, action: Action) -> list[Event]:
        message = self.validate(seat, action)
        if message:
            raise IllegalAction(message)
        first = len(self.events)
        act(self, self.by_seat[seat], action)
        self._pending = None
        self._run()
        return self.events[first:]

    # ---------------------------------------------------------------- the round
    def _start_round(self) -> None:
        self.round += 1
        self.step = 1
        self.phase = "plan"
        self._decisions = {}
        for car in self.cars:
            car.shift_to = None
            car.played = None
            car.cluttered = False

    def _run(self) -> None:
        """Advance through automatic steps until a decision is needed or the race ends."""
        self._pending = None
        while True:
            phase = self.phase
            if phase == "plan":
                if any(c.played is None for c in self.racing_players()):
                    return
                plan.resolve_plans(self)
                self.order = turn_order(self.racing())
                slots = self.order[-self.adrenaline_slots :]
                adrenaline = [c.seat for c in slots if not c.legend and not c.cluttered]
                if self.event_rules.get("no_adrenaline"):
                    adrenaline = []  # event 1964.4
                self.step = 3
                self.emit(
                    "turn_order_fixed",
                    None,
                    order=[c.seat for c in self.order],
                    adrenaline=adrenaline,
                )
                self.adrenaline = set(adrenaline)
                self.turn_index = 0
                self.phase = "turn"
            elif phase == "turn":
                if self.turn_index >= len(self.order):
                    self._end_round()
                    if self.phase == "over":
                        return
                    continue
                self._begin_turn(self.order[self.turn_index])
            elif phase == "draft":
                if self.draft.waiting:
                    return
                self.phase = "setup"
                self._begin_race()
                return
            elif phase == "choose_speed":
                if garage.unchosen(self.current):
                    return
                self.phase = "convert"
            elif phase == "convert":
                car = self.current
                if garage.unpayable(self, car, car.seat in self.adrenaline):
                    return
                self._move_revealed(car)
            elif phase == "react":
                if self._react_open():
                    return
                self.phase = "slipstream"
            elif phase == "slipstream":
                car = self.current
                if not car.slipstreamed and turn.slipstream_eligible(self, car):
                    self.step = 6
                    return
                self.phase = "corners"
            elif phase == "corners":
                self.step = 7
                car = self.current
                turn.check_corners(self, car)
                if car.eliminated is not None:
                    self.turn_index += 1
                    self.phase = "turn"
                    continue
                self._note_laps(car)
                if self.event_rules:
                    season.after_turn(self, car, self.ahead)
                self.phase = "discard"
            elif phase == "discard":
                car = self.current
                if not car.finished and turn.discardable(self, car):
                    self.step = 8
                    return
                self.phase = "refresh"
            elif phase == "refresh":
                car = self.current
                if not car.finished and not car.refreshed and garage.refreshable(car):
                    self.step = 9
                    return
                self.phase = "replenish"
            elif phase == "replenish":
                car = self.current
                if not car.finished:
                    self.step = 9
                    turn.replenish(self, car)
                self.turn_index += 1
                self.phase = "turn"
            else:
                return

    def _begin_turn(self, car: Car) -> None:
        self.current = car
        self.step = 3
        car.speed = 0
        car.crossings = []
        car.boosted = car.slipstreamed = car.adrenaline_moved = car.sector_cool_used = False
        car.adrenaline_cooled = False
        car.cooldown_left = car.plus_count = car.heat_owed = 0
        car.adrenaline = car.refreshed = False
        car.chosen, car.converted, car.scrap_owed, car.used = {}, [], [], []
        car.slip_crossings, car.pressed, car.speed_award = [], [], False
        if self.event_rules.get("overtake_sponsor"):
            key = (-car.p, not car.rl)
            self.ahead = {c.seat for c in self.racing() if (-c.p, not c.rl) < key}
        if car.legend:
            legend_turn(self, car)
            self._note_laps(car)
            self.turn_index += 1
            return
        if self.tournament:
            # HEAT-B-TOURN-03: show the number of cards, shift to it, then reveal.
            self.emit("cards_shown", car.seat, count=len(car.play))
            plan.shift_now(self, car, car.shift_to)
        if car.cluttered:
            turn.cluttered_turn(self, car)
            self.phase = "replenish"
            return
        self.emit("cards_revealed", car.seat, cards=list(car.play))
        garage.resolve_reveal_plus(self, car)
        self.phase = "choose_speed"

    def _move_revealed(self, car: Car) -> None:
        """Step 3 ends: Speed is the sum of the play area (HEAT-B-033, HEAT-B-040)."""
        car.speed = sum(garage.card_value(car, c) for c in car.play)
        turn.move(self, car, car.speed, "reveal")
        self.step = 5
        turn.begin_react(car, car.seat in self.adrenaline)
        garage.begin_symbols(car)
        self.phase = "react"

    def _react_open(self) -> bool:
        car = self.current
        if car.adrenaline and not car.adrenaline_moved:
            return True
        if self.garage and (car.heat_owed or car.scrap_owed or garage.options_open(self, car)):
            return True
        if turn.cooldown_allowance(self, car) and any(turn.is_heat(c) for c in car.hand):
            return True
        return turn.can_boost(self, car)

    def _note_laps(self, car: Car) -> None:
        """LapCompleted and CarFinished once the turn's movements are settled (HEAT-B-060)."""
        laps = min(self.laps, max(0, car.p // self.track.length))
        while car.laps_done < laps:
            car.laps_done += 1
            self.emit("lap_completed", car.seat, lap=car.laps_done)
            if self.event_rules:
                season.after_lap(self, car)
        if car.p >= self.board.finish and not car.finished:
            car.finish_round = self.round
            self.emit(
                "car_finished", car.seat, finish_round=self.round, progress=car.p, spot=car.spot
            )

    def eliminate(self, car: Car, reason: str) -> None:
        """HEAT-B-064: removed at once; ranked after every finisher, 0 points."""
        self.eliminations += 1
        car.eliminated = self.eliminations
        self.board.lift(car)
        self.emit("car_eliminated", car.seat, reason=reason)

    def _end_round(self) -> None:
        """HEAT-B-062: finished cars leave the track at the end of their round."""
        for car in self.cars:
            if car.finish_round == self.round:
                self.board.lift(car)
        self.step = 9
        self.emit(
            "round_ended", None, positions=[[c.seat, c.p, c.spot, c.gear] for c in self.racing()]
        )
        if not self.racing() or self.round >= self.max_rounds:
            self.ended_early = bool(self.racing())  # HEAT-B-ENG-04 stall guard
            self.phase = "over"
            self.current = None
            self.emit("race_ended", None, results=[p.to_dict() for p in ranking(self)])
            return
        self._start_round()
