"""A game of Galaxy Trucker on the engine contract (GT-API-01..05).

The rules are played by one generator (flow.py) that yields an `Ask`
whenever a player must decide and is sent the action back; `apply` checks
the action against the Ask before sending it, so an illegal action leaves
the game unchanged. Replaying the same actions re-runs the same flow. The
race holds the state, the event log and the asks open now; in team play it
asks the teammate who decides for a ship (GT-VAR-04/05).
"""

from __future__ import annotations

from ..contract import Action, Decision, Event, IllegalAction, RaceResult, Seat
from ..speech import _
from .chance import Chance
from .flow import game_flow
from .result import race_result
from .rules.teams import Crews, teammates
from .rules.tiles import COLOURS, START_CABIN_OF
from .state import Ask, GameState, Player, Together
from .view import seat_view

# building steps are logged by their own events (tile_drawn, tile_placed, …)
BUILDING_DECISIONS = frozenset({"build_step", "resolve_tile"})


class GalaxyTruckerRace:
    def __init__(self, config: dict, seats: list[Seat], seed, chance: Chance | None = None):
        self.config = config
        self.seats = list(seats)
        self.seed = seed
        self.chance = chance or Chance(seed)
        self.events: list[Event] = []
        # GT-SET-03: the platform fixes the seats (its grid); seat k takes colour k
        self.state = GameState(
            config,
            [Player(s.id, k, COLOURS[k], START_CABIN_OF[COLOURS[k]]) for k, s in enumerate(seats)],
            teammates(config, self.seats),
        )
        self._crews = Crews(self.state.mates, config.get("expert_teams", False))
        # the asks open now (several at once in simultaneous building,
        # GT-TBB-12), and the answers given so far to a set asked together
        self._open: list[Ask] = []
        self._together = False
        self._answers: dict[str, Action] = {}
        self._public: dict[str, dict] = {}
        self._flow = game_flow(self.state, self.chance, self.emit, seed)
        self._take(next(self._flow, None))

    # --- the contract --------------------------------------------------------

    def emit(self, event_type: str, seat: str | None, /, **data) -> None:
        state = self.state
        self.events.append(Event(len(self.events) + 1, state.round, event_type, seat, data))
        if event_type == "round_started":
            self._crews.round_started()
        elif event_type == "hourglass_flipped" and state.phase == "build":
            self._crews.hourglass_turned(state.round)
        # every change of state is an event (GT-LOG-01): the public picture of
        # this seat (of every seat, for a game event) must be drawn again
        if seat is None:
            self._public.clear()
        else:
            self._public.pop(seat, None)

    def _take(self, asked) -> None:
        self._answers = {}
        self._together = isinstance(asked, Together)
        self._open = list(asked) if self._together else ([] if asked is None else [asked])
        if self.state.mates:  # GT-VAR-04/05: the teammate may decide for this ship
            for ask in self._open:
                ask.ship = ask.seat
                ask.seat = self._crews.controller(ask.seat, self.state.phase)

    @property
    def ask(self) -> Ask | None:
        """The first ask still waiting for its answer."""
        return next((a for a in self._open if a.seat not in self._answers), None)

    def _ask_of(self, seat: str) -> Ask | None:
        if seat in self._answers:
            return None
        return next((a for a in self._open if a.seat == seat), None)

    @property
    def finished(self) -> bool:
        return not self._open

    @property
    def pending(self) -> list[Decision]:
        return [
            Decision(a.seat, a.kind, a.prompt, a.options, a.default)
            for a in self._open
            if a.seat not in self._answers
        ]

    def legal_actions(self, seat: str) -> list[Action]:
        ask = self._ask_of(seat)
        if ask is None:
            return []
        return list(ask.actions) if ask.actions is not None else [ask.default]

    def validate(self, seat: str, action: Action) -> str | None:
        if not self._open:
            return _("The game is over.")
        ask = self._ask_of(seat)
        if ask is None:
            return _("It is not your turn to decide.")
        try:
            return ask.check(action)
        except (TypeError, ValueError, KeyError, AttributeError):
            return _("That action is not understood here.")

    def apply(self, seat: str, action: Action) -> list[Event]:
        problem = self.validate(seat, action)
        if problem:
            raise IllegalAction(problem)
        before = len(self.events)
        ask = self._ask_of(seat)
        # GT-LOG-02 DecisionMade; a runner that applies a decision's default on
        # a missed deadline marks the action with "defaulted": true (GT-API-03);
        # building steps are logged by their own events unless defaulted
        defaulted = action.params.get("defaulted") is True
        if defaulted or ask.kind not in BUILDING_DECISIONS:
            self.emit(
                "decision_made",
                seat,
                kind=ask.kind,
                action=action.kind,
                payload=dict(action.params),
                defaulted=defaulted,
            )
        if self._together:
            # GT-TBB-12: an intent is kept unseen until every builder has given theirs
            self._answers[seat] = action
            if len(self._answers) < len(self._open):
                return self.events[before:]
            sent = {a.ship or a.seat: self._answers[a.seat] for a in self._open}
        else:
            sent = action
        try:
            self._take(self._flow.send(sent))
        except StopIteration:
            self._take(None)
        return self.events[before:]

    def view(self, seat: str | None) -> dict:
        """What `seat` sees now (view.py)."""
        ask = self._ask_of(seat) if seat else None
        return seat_view(self.state, seat, seq=len(self.events), ask=ask, public=self._public)

    def result(self) -> RaceResult:
        if not self.finished:
            raise IllegalAction(_("The game is not over yet."))
        return race_result(self.state, self.seed, self.events)
