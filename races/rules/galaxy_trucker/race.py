"""A game of Galaxy Trucker on the engine contract (GT-API-01..05).

The rules are written as one generator (`game_flow`) that yields an `Ask`
whenever a player must decide and is sent the action back; `apply` checks
the action against the Ask before sending it, so an illegal action leaves
the game unchanged. Replaying the same actions re-runs the same flow.
"""

from __future__ import annotations

import hashlib
import json

from ..contract import Action, Decision, Event, IllegalAction, Placing, RaceResult, Seat, log_hash
from ..speech import _
from .adventures import resolve
from .building import building, round_setup, structural_check
from .cards import CARDS
from .chance import Chance
from .flight import checkpoint, in_flight, preparation
from .scoring import final_order, score_round
from .state import SUPPLY, Ask, Player, Together
from .teams import Crews, team_order, teammates
from .tiles import COLOURS, START_CABIN_OF

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
        self.players = [
            Player(s.id, k, COLOURS[k], START_CABIN_OF[COLOURS[k]]) for k, s in enumerate(seats)
        ]
        self.by_id = {p.id: p for p in self.players}
        self.mates = teammates(config, self.seats)
        self.accounts: dict[str, int] = {}
        self.crews = Crews(self.mates, config.get("expert_teams", False))
        self.round = 0
        self.phase = "setup"
        self.tick = 0
        self.hourglass = {"pos": 0, "ticks_left": 0, "waiting": False, "waited": 0}
        self.tokens_left: list[int] = []
        self.face_down: list[int] = []
        self.face_up: list[int] = []
        self.stacks: list[list[str]] = [[], [], [], []]
        self.deck: list[str] = []
        self.card_index = 0
        self.current_card: str | None = None
        self.used: set[str] = set()
        self.supply = dict(SUPPLY)
        self.give_ups = 0
        self.standing: list[dict] = []
        self.tie_breaks: list[dict] = []
        # the asks open now (several at once in simultaneous building,
        # GT-TBB-12), and the answers given so far to a set asked together
        self._open: list[Ask] = []
        self._together = False
        self._answers: dict[str, Action] = {}
        self._public: dict[str, dict] = {}
        self._flow = self.game_flow()
        self._take(next(self._flow, None))

    # --- the contract --------------------------------------------------------

    def emit(self, event_type: str, seat: str | None, /, **data) -> None:
        self.events.append(Event(len(self.events) + 1, self.round, event_type, seat, data))
        if event_type == "round_started":
            self.crews.round_started()
        elif event_type == "hourglass_flipped" and self.phase == "build":
            self.crews.hourglass_turned(self.round)
        # every change of state is an event (GT-LOG-01): the public picture of
        # this seat (of every seat, for a game event) must be drawn again
        if seat is None:
            self._public.clear()
        else:
            self._public.pop(seat, None)

    def card(self, card_id: str):
        return CARDS[card_id]

    def _take(self, asked) -> None:
        self._answers = {}
        self._together = isinstance(asked, Together)
        self._open = list(asked) if self._together else ([] if asked is None else [asked])
        if self.mates:  # GT-VAR-04/05: the teammate may decide for this ship
            for ask in self._open:
                ask.ship = ask.seat
                ask.seat = self.crews.controller(ask.seat, self.phase)

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

    # --- the game (GT-SET-01) ------------------------------------------------

    def game_flow(self):
        config = json.dumps(self.config, sort_keys=True, separators=(",", ":"))
        self.emit(
            "game_started",
            None,
            seed=str(self.seed),
            config_digest=hashlib.sha256(config.encode()).hexdigest()[:16],
            players=[{"id": p.id, "seat": p.seat, "colour": p.colour} for p in self.players],
        )
        for number in self.config["rounds"]:
            self.round = number
            self.phase = "build"
            self.card_index, self.current_card, self.deck = 0, None, []
            round_setup(self, number)
            yield from building(self, number)
            self.phase = "check"
            yield from structural_check(self)
            self.phase = "prep"
            yield from preparation(self, number)
            self.phase = "flight"
            yield from self.flight()
            self.phase = "score"
            self.emit(
                "round_scored",
                None,
                breakdowns=score_round(self, number),
                order=[p.id for p in sorted(self.players, key=lambda p: -p.credits)],
            )
        self.phase = "done"
        ordered, self.tie_breaks = final_order(self.players)
        teams = {}
        if self.mates:  # GT-OUT-05: ranked by team account
            ordered, self.accounts = team_order(ordered, self.mates)
            teams = {"team_credits": dict(self.accounts)}
        self.standing = [p.id for p in ordered]
        self.emit(
            "game_ended",
            None,
            final_credits={p.id: p.credits for p in self.players},
            ranking=list(self.standing),
            tie_breaks=self.tie_breaks,
            order=list(self.standing),
            **teams,
        )

    def flight(self):
        """GT-FLT-01."""
        while True:
            final = self.card_index >= len(self.deck)
            yield from checkpoint(self, final)
            if not in_flight(self) or final:
                self.emit(
                    "flight_ended", None, reason="deck_exhausted" if final else "nobody_in_flight"
                )
                return
            card = self.card(self.deck[self.card_index])
            self.card_index += 1
            self.current_card = card.id
            self.emit(
                "card_revealed",
                None,
                card_index=self.card_index,
                card_id=card.id,
                type=card.type,
                params=card.params,
            )
            yield from resolve(self, card)
            self.emit("card_resolved", None, card_index=self.card_index)

    # --- what a seat sees (GT-API-05) -----------------------------------------

    def view(self, seat: str | None) -> dict:
        me = self.by_id.get(seat) if seat else None
        ask = self._ask_of(seat) if seat else None
        return {
            "game": "galaxy_trucker",
            "seq": len(self.events),
            "round": self.round,
            "rounds": list(self.config["rounds"]),
            "phase": self.phase,
            "tick": self.tick,
            "hourglass": dict(self.hourglass),
            "face_down_count": len(self.face_down),
            "face_up": list(self.face_up),
            "tokens_left": list(self.tokens_left),
            "card_index": self.card_index,
            "cards_in_deck": len(self.deck),
            "current_card": self.current_card,
            "supply": dict(self.supply),
            "open_stacks": [list(s) for s in self.stacks]
            if self.config["open_stacks"] and self.phase not in ("build", "setup")
            else None,
            "cars": self.public_players(),
            "me": seat,
            "peeked": [
                {"stack": k, "cards": [{"card": c, "type": CARDS[c].type} for c in cards]}
                for k, cards in sorted(me.peeked.items())
            ]
            if me
            else [],
            "asked": ask.kind if ask is not None else None,
            # whose ship the seat decides for now (a teammate's, GT-VAR-04)
            "deciding_for": (ask.ship or ask.seat) if ask is not None else seat,
        }

    def public_players(self) -> list[dict]:
        """Every ship and rocket as everybody sees them; worked out once per
        event (several decisions may be asked between two events)."""
        public = self._public
        for p in self.players:
            if p.id not in public:
                public[p.id] = self.public_player(p)
        return [public[p.id] for p in self.players]

    def public_player(self, p: Player) -> dict:
        ship = p.ship
        return {
            "seat": p.id,
            "colour": p.colour,
            "credits": p.credits,
            "pos": p.pos,
            "progress": p.pos if p.pos is not None else -100,
            "in_flight": p.pos is not None,
            "gave_up": p.gave_up,
            "token": p.token,
            "finished_building": p.finished_building,
            "ship_class": ship.board.name if ship else None,
            "ship": ship.to_view() if ship else [],
            "reserved": list(ship.reserved) if ship else [],
            "lost": len(ship.lost) if ship else 0,
            "crew": ship.crew() if ship else 0,
            "exposed": ship.exposed() if ship else 0,
        }

    # --- the result (GT-OUT-01, GT-LOG-04) -----------------------------------

    def figures(self, pid: str, position: int) -> dict:
        """GT-OUT-02 per seat; with teams both members report the team's
        credits and share its rank (GT-OUT-05)."""
        p = self.by_id[pid]
        figures = {"credits": p.credits, "rounds": [dict(r) for r in p.rounds]}
        if self.mates:
            figures.update(
                credits=self.accounts[pid],
                ship_credits=p.credits,
                team_rank=(position + 1) // 2,
            )
        return figures

    def result(self) -> RaceResult:
        if not self.finished:
            raise IllegalAction(_("The game is not over yet."))
        order = tuple(
            Placing(
                pid,
                position,
                "finished",
                laps=len(self.by_id[pid].rounds),
                distance=self.by_id[pid].credits,
                figures=self.figures(pid, position),
            )
            for position, pid in enumerate(self.standing, start=1)
        )
        return RaceResult(
            "galaxy_trucker",
            order,
            len(self.config["rounds"]),
            log_hash(self.events),
            details={"tie_breaks": self.tie_breaks, "seed": str(self.seed)},
        )
