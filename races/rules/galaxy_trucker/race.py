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
from .rules.sand import sand_ran_out, timer_options
from .rules.teams import Crews, teammates
from .rules.tiles import COLOURS, START_CABIN_OF
from .state import Ask, GameState, Player, Together
from .view import seat_view

# events after which no public picture (view.py) is redrawn: the decisions
# (GT-LOG-02), which change no state, and the events that change only the
# tick, the hourglass, the pool, a builder's hand, the stacks, the card
# turned up or nothing (dice, a card resolved, a checkpoint reached), none
# of which a picture shows (the view reads them afresh every time); what
# changes a player is logged under that player's seat
QUIET = frozenset(
    {
        "decision_requested",
        "decision_made",
        "tick_started",
        "tile_drawn",
        "tile_taken_face_up",
        "tile_returned",
        "hourglass_flipped",
        "hourglass_waiting",
        "stacks_formed",
        "card_revealed",
        "dice_rolled",
        "card_resolved",
        "checkpoint",
    }
)


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
        self._asked = 0  # decisions requested so far (GT-LOG-02 decision_id)
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
        # this seat (of every seat, for a game event) must be drawn again,
        # unless the event changes nothing a picture shows
        if event_type in QUIET:
            return
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
        # GT-LOG-02 DecisionRequested, one for each ask (building steps too);
        # the ship is named when a teammate decides for it (GT-VAR-04)
        for ask in self._open:
            timer = timer_options(self.state, ask.kind)  # GT-TBB-03 in real seconds
            if timer:
                ask.options = {**ask.options, **timer}
            self._asked += 1
            ask.decision_id = self._asked
            ship = {"ship": ask.ship} if ask.ship not in (None, ask.seat) else {}
            self.emit(
                "decision_requested", ask.seat, decision_id=ask.decision_id, kind=ask.kind, **ship
            )

    @property
    def ask(self) -> Ask | None:
        """The first ask still waiting for its answer."""
        return next((a for a in self._open if a.seat not in self._answers), None)

    def _ask_of(self, seat: str) -> Ask | None:
        if seat in self._answers:
            return None
        for ask in self._open:
            if ask.seat == seat:
                return ask
        return None

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
        if callable(ask.actions):
            ask.actions = ask.actions()
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
        if self._together:
            # GT-TBB-12: an intent is kept unseen until every builder has
            # given theirs; then each is logged, in the order asked
            self._answers[seat] = action
            if len(self._answers) < len(self._open):
                return self.events[before:]
            for asked in self._open:
                self._made(asked, self._answers[asked.seat])
            sent = {a.ship or a.seat: self._answers[a.seat] for a in self._open}
        else:
            self._made(ask, action)
            sent = action
        try:
            self._take(self._flow.send(sent))
        except StopIteration:
            self._take(None)
        return self.events[before:]

    def _made(self, ask: Ask, action: Action) -> None:
        """GT-LOG-02 DecisionMade for every decision, building steps too; a
        runner that applies a decision's default on a missed deadline marks
        the action with "defaulted": true (GT-API-03), and with
        "hourglass_out": true when the sand ran out (rules/sand.py)."""
        sand_ran_out(self.state, action)
        self.emit(
            "decision_made",
            ask.seat,
            decision_id=ask.decision_id,
            kind=ask.kind,
            action=action.kind,
            payload=dict(action.params),
            defaulted=action.params.get("defaulted") is True,
        )

    def view(self, seat: str | None) -> dict:
        """What `seat` sees now (view.py)."""
        ask = self._ask_of(seat) if seat else None
        return seat_view(self.state, seat, seq=len(self.events), ask=ask, public=self._public)

    def result(self) -> RaceResult:
        if not self.finished:
            raise IllegalAction(_("The game is not over yet."))
        return race_result(self.state, self.seed, self.events)
