"""One race of Heat: setup, the round loop, decisions and actions (HEAT-B-010..064).

The race advances by itself through every automatic step and stops where a driver decides:
steps 1-2 for every car at once, then React, Slipstream and Discard for the car whose turn it
is (HEAT-B-ENG-05).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import Action, Decision, Event, IllegalAction, RaceResult, Seat
from . import plan, turn
from .cards import heat_card, starting_cards, stress_card
from .chance import Chance
from .decisions import decision_for, legal_for, validate_for
from .legends import LegendDeck, legend_turn
from .result import race_result, ranking
from .state import Board, Car, turn_order
from .track import Track
from .view import race_view
from .weather import set_up_conditions, starting_heat_and_stress

COLOURS = ("red", "blue", "green", "yellow", "black", "grey", "orange")  # HEAT-B-001


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
        self.laps = self.config.get("laps") or track.laps
        self.hand_size = self.config.get("hand_size") or 7  # HEAT-B-004
        self.legend_bonus = self.config.get("legend_bonus") or 0
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
        colours = [s.setup.get("colour") or COLOURS[i] for i, s in enumerate(self.seats)]
        # HEAT-B-011: a random grid, stream `grid`, index 0 = slot 1.
        grid, _ = self.chance.shuffle("grid", colours)
        seat_of = {colour: seat for colour, seat in zip(colours, self.seats, strict=True)}
        self.cars: list[Car] = []
        self.by_seat: dict[str, Car] = {}
        for slot, colour in enumerate(grid, start=1):
            seat = seat_of[colour]
            space, race_line = self.track.grid[slot - 1]
            p = space - self.track.length  # HEAT-B-TRK-03: grid slots have negative progress
            car = Car(
                seat=seat.id,
                colour=colour,
                slot=slot,
                legend=seat.bot == "legend",
                p=p,
                rl=race_line,
            )
            self.board.put(car, p, race_line)
            self.cars.append(car)
            self.by_seat[seat.id] = car
        self.emit(
            "grid_assigned", None, grid=[[c.slot, c.seat, c.colour, c.p, c.spot] for c in self.cars]
        )
        # HEAT-B-012: weather and road conditions come after the grid, before the cards.
        self.conditions = set_up_conditions(self) if self.config.get("weather") else None
        # (corner id, position, limit with its road token): shared by every view
        self.public_corners = [[c.id, c.position, self.limit(c)] for c in self.track.corners]
        # HEAT-B-034: one Adrenaline slot, two with five or more cars, fixed at the start.
        self.adrenaline_slots = 2 if len(self.cars) >= 5 else 1
        self.legend_deck = LegendDeck(self) if any(c.legend for c in self.cars) else None
        heat, stress, heat_discarded, heat_in_deck = starting_heat_and_stress(
            self.conditions, self.track.heat, self.track.stress
        )
        for car in self.cars:
            if car.legend:
                continue
            deck = starting_cards(car.colour)
            for _ in range(stress):
                car.stress_made += 1
                deck.append(stress_card(car.colour, car.stress_made))
            for pile, count in (
                (car.engine, heat),
                (car.discard, heat_discarded),
                (deck, heat_in_deck),
            ):
                for _ in range(count):
                    car.heat_made += 1
                    pile.append(heat_card(car.colour, car.heat_made))
            stream = f"deck/{car.colour}"
            car.deck, counter = self.chance.shuffle(stream, deck)
            self.emit(
                "deck_shuffled",
                car.seat,
                pile="deck",
                stream=stream,
                counter=counter,
                order=list(car.deck),
                engine=len(car.engine),
            )
        for car in self.cars:
            if not car.legend:
                drawn = turn.draw(self, car, self.hand_size)
                self.emit("hand_replenished", car.seat, drawn=len(drawn), cards=drawn)
        self._start_round()
        self._run()

    # ---------------------------------------------------------------- queries
    def emit(self, type_: str, seat: str | None, **data: Any) -> None:
        data["step"] = self.step
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
        if self.phase in ("react", "slipstream", "discard"):
            return [decision_for(self, self.current)]
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
        car = self.by_seat[seat]
        kind = action.kind
        params = action.params
        if kind == "shift_gear":
            car.shift_to = params["gear"]
            self._decisions.pop(seat, None)
        elif kind == "play_cards":
            car.played = list(params["cards"])
            self._decisions.pop(seat, None)
        elif kind == "adrenaline_move":
            turn.adrenaline_move(self, car)
        elif kind == "cooldown":
            turn.cooldown(self, car, params["count"])
        elif kind == "boost":
            turn.boost(self, car)
        elif kind == "end_react":
            self.phase = "slipstream"
        elif kind == "slipstream":
            if params.get("take"):
                turn.slipstream(self, car, params.get("extra", True))
            else:
                car.slipstreamed = True
            self.phase = "corners"
        elif kind == "discard":
            if params["cards"]:
                turn.discard(self, car, list(params["cards"]))
            self.phase = "replenish"
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
                turn.check_corners(self, self.current)
                self._note_laps(self.current)
                self.phase = "discard"
            elif phase == "discard":
                car = self.current
                if not car.finished and turn.discardable(car):
                    self.step = 8
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
        car.cooldown_left = 0
        car.adrenaline = False
        if car.legend:
            legend_turn(self, car)
            self._note_laps(car)
            self.turn_index += 1
            return
        if car.cluttered:
            turn.cluttered_turn(self, car)
            self.phase = "replenish"
            return
        turn.reveal_and_move(self, car)
        self.step = 5
        turn.begin_react(car, car.seat in self.adrenaline)
        self.phase = "react"

    def _react_open(self) -> bool:
        car = self.current
        if car.adrenaline and not car.adrenaline_moved:
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
        if car.p >= self.board.finish and not car.finished:
            car.finish_round = self.round
            self.emit(
                "car_finished", car.seat, finish_round=self.round, progress=car.p, spot=car.spot
            )

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
