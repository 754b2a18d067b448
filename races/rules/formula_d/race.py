"""A Formula D session: the contract surface, setup and rounds (FD-P-1, FD-P-2, FD-E-1).

The session runs as one generator that yields a decision whenever it needs a
choice; `apply` checks the action first (so an illegal action changes
nothing) and then resumes the generator, which runs the canonical procedure
of section 7 until the next decision or the end.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..contract import Action, ConfigError, Decision, Event, IllegalAction, Seat, log_hash
from . import flow, result
from .chance import SeededDice
from .rules import qualifying
from .rules.abilities import DRIVERS, deal
from .rules.track import COLOURS, TRACK, load_track
from .snapshot import snapshot
from .state import BASIC_WP, BOX_STATES, PIT_NONE, STANDARD_CAR, Car
from .view import race_view


class FormulaDRace:
    def __init__(
        self, config: dict, seats: list[Seat], seed: int | str, dice=None, *, begin: bool = True
    ):
        self.cfg = config
        self.seats = list(seats)
        self.seed = seed
        self.dice = dice if dice is not None else SeededDice(seed)
        self.track = load_track(config["track"])
        t = self.track
        # names for the view: index -1 (a car off the board, or in no corner) reads None
        self._space_names = (*t.ids, None)
        self._corner_names = (*(c.id for c in t.corners), None)
        self._box_names = {colour: t.ids[box] for colour, box in t.boxes.items()}  # FD-T-9
        # seat -> (what it shows, its view dict, that dict's wear and maxima)
        self._car_views: dict[str, tuple] = {}
        self._markers_view: tuple | None = None  # (markers, their view dict)
        self.advanced = config["level"] == "advanced"
        self.bga = config["ruleset"] == "bga"
        self.qualifying = config["mode"] == "qualifying"
        self.laps = 1 if self.qualifying else config["laps"]
        # FD-O-3 derived flags
        self.street_rules = bool(config.get("street")) and not self.bga
        self.nitro_on = bool(config.get("nitro"))
        self.drivers_on = bool(config.get("special_drivers")) and self.street_rules
        self.pit_stops_allowed = self.laps >= 2 and self.track.has_pit and not self.street_rules
        self.police: dict[int, dict] = {}
        self.police_awarded: set[int] = set()
        self.repairs: list[tuple] = []  # (car, source, points, categories, max categories)
        # FD-O-3: advanced street races with weather run on (hard) tyres
        self.street_tyres = (
            bool(config.get("street"))
            and not self.bga
            and bool(config.get("weather"))
            and self.advanced
        )
        self.tire_effects = bool(config.get("tire_choice")) or self.street_tyres
        self.events: list[Event] = []
        self.round = 0
        self.turn_seq = 0
        self.arrivals = 0
        self.order: list[Car] = []
        self.markers: dict[int, int] = {}
        self.weather = "SUNNY"
        self.weather_start = "SUNNY"
        self.weather_changes = 0
        self.weather_queue: list[str] = []
        self.surface_qualifying = "dry"
        self.finish_order: list[Car] = []
        self.team_pools: dict[str, int] = {}
        self.end_reason = None
        self.cars = self._make_cars()
        self.by_seat = {c.seat: c for c in self.cars}
        self._waiting: list[tuple[Decision, object]] = []
        self._answers: dict[str, Action] = {}
        self._elapsed: int | None = None
        # every applied action as (seat, kind, params copied), for state_dict / replay;
        # a flat tuple, as the race keeps a thousand of them
        self.actions: list[tuple[str, str, dict]] = []
        self.halt_after_turns: int | None = None  # test hook (FD-E-25)
        # Whether any car has a special driver: the turn skips the drivers'
        # hooks (FD-V-12) without one. Set as the rounds begin, once drivers
        # are dealt (R1) or placed by a scenario; they never change after.
        self.with_drivers = False
        self.gear_choices: dict[tuple, tuple] = {}  # see gears.gear_choices
        if begin:
            self._gen = qualifying.session(self) if self.qualifying else self._session()
            self._resume(None)

    def begin_rounds(self, first_order: list[Car] | None = None) -> None:
        """Start racing from the current state (the scenario constructor uses it)."""
        self._gen = self._rounds(first_order)
        self._resume(None)

    # ----- setup -------------------------------------------------------------
    def _make_cars(self) -> list[Car]:
        teams: list[str] = []
        cars = []
        for n, seat in enumerate(self.seats):
            setup = dict(seat.setup or {})
            if seat.team and seat.team not in teams:
                teams.append(seat.team)
            if self.cfg.get("team_race") and seat.team:
                colour = COLOURS[teams.index(seat.team) % 5]
            else:
                colour = COLOURS[n % 5]
            colour = setup.get("box_colour", colour)
            if colour not in COLOURS:
                raise ConfigError(f"seat {seat.id}: unknown box colour {colour!r}")
            if self.advanced:
                maxima = dict(setup.get("build") or STANDARD_CAR)
                maxima = {k: int(maxima[k]) for k in STANDARD_CAR}
            else:
                maxima = {"WP": BASIC_WP}
            car = Car(
                seat=seat.id,
                number=n,
                colour=colour,
                team=seat.team,
                wear=dict(maxima),
                maxima=maxima,
            )
            car.reserve = 2 if self.cfg.get("technical_pit_stops") else 0
            car.nitro = 1 if self.cfg.get("nitro") else 0  # FD-V-9.2
            car.driver = setup.get("driver") if self.cfg.get("special_drivers") else None
            if car.driver:
                car.maxima = dict(DRIVERS[car.driver])
                car.wear = dict(car.maxima)
            if self.street_tyres:
                car.tires = "hard"  # FD-V-11.2
            if self.cfg.get("technical_pit_stops") and self.bga and setup.get("build"):
                car.reserve = int(setup["build"].get("reserve", 2))
            cars.append(car)
        if self.cfg.get("team_race") and self.advanced and self.laps >= 2:
            self.team_pools = {t: 4 for t in teams}  # FD-V-5.3, FD-AMB-34
        return cars

    def _session(self):
        """FD-P-1.1 then rounds (FD-P-2)."""
        deal(self)  # R1, before anything is announced
        self.emit("session_started", None, **self._session_data())
        yield from flow.setup_choices(self)
        self._grid()
        yield from flow.race_weather(self)
        yield from flow.tyre_choices(self)
        yield from self._rounds()

    def _rounds(self, first_order: list[Car] | None = None):
        self.with_drivers = any(c.driver for c in self.cars)
        while any(c.racing for c in self.cars):
            self.round += 1
            self.order = first_order or self._turn_order()
            first_order = None
            self.emit("round_started", None, order=[c.seat for c in self.order])
            for car in self.order:
                if car.racing:
                    yield from flow.take_turn(self, car)
                    if self.halt_after_turns is not None:
                        self.halt_after_turns -= 1
                        if self.halt_after_turns <= 0:
                            return
            yield from flow.end_of_round(self)
            self.emit("round_ended", None)
        self.end_reason = "all_cars_done"
        self.emit("session_ended", None, order=[p.seat for p in result.race_order(self)])

    def _session_data(self) -> dict:
        return {
            "config": dict(self.cfg),
            "track": self.track.id,
            "seats": [
                {
                    "seat": c.seat,
                    "box_colour": c.colour,
                    "team": c.team,
                    "driver": c.driver,
                    "maxima": dict(c.maxima),
                    "reserve": c.reserve,
                }
                for c in self.cars
            ],
        }

    def _grid(self) -> None:
        """FD-B-2: the given grid, or the black-die roll-off (R2)."""
        if self.cfg.get("grid"):
            grid = [self.by_seat[s] for s in self.cfg["grid"]]
        else:
            grid = self._roll_off(list(self.cars), "grid")
        for k, car in enumerate(grid):
            car.space = self.track.grid_slots[k]
            self.arrivals += 1
            car.arrival = self.arrivals
        self.order = grid
        self.emit(
            "grid_set",
            None,
            order=[c.seat for c in grid],
            spaces=[self.track.ids[c.space] for c in grid],
        )

    def _roll_off(self, group: list[Car], purpose: str, depth: int = 0) -> list[Car]:
        """Highest first; equal results reroll among themselves (FD-B-2.2, FD-B-2.3)."""
        rolls = []
        for car in group:
            value = self.roll("black")
            self.emit(
                f"{purpose}_roll",
                car.seat,
                die="black",
                value=value,
                purpose=purpose,
                tie_group=depth,
            )
            rolls.append((value, car))
        ordered: list[Car] = []
        values = sorted({v for v, _ in rolls}, reverse=True)
        for v in values:
            tied = [c for value, c in rolls if value == v]
            # FD-V-12.6 (b): Diane wins a tie without rerolling
            diane = [c for c in tied if c.driver == "diane_montfort"]
            if diane and len(tied) > 1:
                ordered.extend(diane)
                tied = [c for c in tied if c not in diane]
            ordered.extend(tied if len(tied) <= 1 else self._roll_off(tied, purpose, depth + 1))
        return ordered

    # ----- order and progress ------------------------------------------------
    def progress(self, car: Car) -> int:
        """FD-T-7.2 (pit spaces use their pit rank)."""
        rank = self.track.rank[car.space]
        return (car.lap - 1) * self.track.L + rank if car.lap >= 1 else rank - self.track.L

    def _order_key(self, car: Car) -> tuple:
        t = self.track
        if car.pit != PIT_NONE:
            # FD-B-3.4: as if at E - 0.5; larger pit index first; lane before box
            on_lane = 1 if car.pit not in BOX_STATES else 0
            return (2 * car.entry_progress - 1, t.pit_index[car.space] * 2 + on_lane, 0, 0)
        if self.bga:
            tie = -car.arrival  # FD-BGA-1
        else:
            corner = t.corners[t.reference_corner[t.rank[car.space]]]
            tie = -abs(t.lane[car.space] - corner.inside_lane)
        diane = 1 if car.driver == "diane_montfort" else 0  # FD-V-12.6 (a)
        rank = t.rank[car.space]
        progress = (car.lap - 1) * t.L + rank if car.lap >= 1 else rank - t.L  # self.progress
        return (2 * progress, diane, car.gear, tie)

    def _turn_order(self) -> list[Car]:
        racing = [c for c in self.cars if c.racing]
        if self.round == 1:
            return [c for c in self.order if c.racing]  # FD-B-3.1: grid order
        return sorted(racing, key=self._order_key, reverse=True)

    def tyre_lap(self, car: Car) -> int:
        return max(1, car.lap - car.fit_lap + 1)  # a set fitted in the pit lane is on lap 1

    def occupied(self, exclude: Car | None = None) -> set[int]:
        return {c.space for c in self.cars if c.racing and c is not exclude}

    def car_at(self, space: int) -> Car | None:
        for c in self.cars:
            if c.space == space and c.racing:
                return c
        return None

    # ----- events and dice ---------------------------------------------------
    def emit(self, type_: str, seat: str | None, **data) -> None:
        self.events.append(Event(len(self.events) + 1, self.round, type_, seat, data))

    def roll(self, die: str) -> int:
        return self.dice.roll(die)

    def on_track(self, car: Car) -> bool:
        return self.track.kind_of[car.space] == TRACK

    # ----- decisions ---------------------------------------------------------
    def ask(self, decision: Decision, check):
        """Wait for one seat's answer; `check(action)` returns an error message or None.

        `ask_all` for a single decision, without its generator level: a race
        asks about a thousand times."""
        self._waiting = [(decision, check)]
        self._answers = {}
        yield
        answer = self._answers[decision.seat]
        self._answers, self._waiting = {}, []
        return answer

    def ask_all(self, pairs: list):
        """Wait for several seats at once (setup decisions, FD-E-2)."""
        self._waiting = list(pairs)
        self._answers = {}
        yield
        answers, self._answers, self._waiting = self._answers, {}, []
        return answers

    def _resume(self, value) -> None:
        try:
            self._gen.send(value)
        except StopIteration:
            self._waiting = []

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
        self._elapsed = action.params.get("elapsed_s")
        self._answers[seat] = action
        self.actions.append((seat, action.kind, dict(action.params)))
        # One waiting decision (the usual case) is the one just answered.
        if len(self._waiting) == 1 or not self.pending:
            self._resume(None)
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
        return race_view(self, seat)

    def state_dict(self) -> dict:
        """A JSON-serialisable state (FD-E-4). The session runs as a generator, so
        the seed, the configuration, the seats and the actions applied rebuild
        it (same events, byte for byte); `snapshot` holds every field FD-E-4
        lists, the random generator's state among them."""
        if not isinstance(self.dice, SeededDice):
            raise ConfigError("a race with scripted dice cannot be serialised")
        return {
            "game": "formula_d",
            "config": dict(self.cfg),
            "seats": [s.to_dict() for s in self.seats],
            "seed": self.seed,
            "actions": [
                {"seat": seat, "action": {"kind": kind, "params": dict(params)}}
                for seat, kind, params in self.actions
            ],
            "snapshot": snapshot(self),
        }

    @classmethod
    def from_state(cls, state: dict) -> FormulaDRace:
        """The race `state_dict` describes; refused when its snapshot is not the
        state its actions lead to."""
        race = cls(
            dict(state["config"]), [Seat.from_dict(s) for s in state["seats"]], state["seed"]
        )
        for step in state["actions"]:
            race.apply(step["seat"], Action.from_dict(step["action"]))
        if "snapshot" in state and snapshot(race) != state["snapshot"]:
            raise ConfigError("the state's snapshot is not where its actions lead")
        return race

    def result(self):
        if not self.finished:
            raise IllegalAction("the session is still running")
        return result.build(self, log_hash(self.events))
