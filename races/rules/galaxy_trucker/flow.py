"""A game of Galaxy Trucker as one generator (GT-SET-01): it yields an `Ask`
(or asks `Together`, GT-TBB-12) whenever a player must decide and is sent the
action back, calling the rules (rules/) on the state with the chance and the
emitter in between. It knows nothing of the contract's Race: race.py drives
it and checks every action before sending it."""

from __future__ import annotations

import hashlib
import json

from .chance import Chance
from .result import rank
from .rules.adventures import resolve
from .rules.building import building, round_setup, structural_check
from .rules.cards import CARDS
from .rules.flight import checkpoint, in_flight, preparation
from .rules.scoring import score_round
from .state import Emit, GameState


def game_flow(state: GameState, chance: Chance, emit: Emit, seed: int | str):
    """The whole game: every round built, checked, prepared, flown and
    scored, then the finishing order."""
    config = json.dumps(state.config, sort_keys=True, separators=(",", ":"))
    emit(
        "game_started",
        None,
        seed=str(seed),
        config_digest=hashlib.sha256(config.encode()).hexdigest()[:16],
        players=[{"id": p.id, "seat": p.seat, "colour": p.colour} for p in state.players],
    )
    for number in state.config["rounds"]:
        state.round = number
        state.phase = "build"
        state.card_index, state.current_card, state.deck = 0, None, []
        round_setup(state, chance, emit, number)
        yield from building(state, emit, number)
        state.phase = "check"
        yield from structural_check(state, emit)
        state.phase = "prep"
        yield from preparation(state, chance, emit, number)
        state.phase = "flight"
        yield from flight(state, chance, emit)
        state.phase = "score"
        emit(
            "round_scored",
            None,
            breakdowns=score_round(state, number),
            order=[p.id for p in sorted(state.players, key=lambda p: -p.credits)],
        )
    state.phase = "done"
    rank(state)
    teams = {"team_credits": dict(state.accounts)} if state.mates else {}
    emit(
        "game_ended",
        None,
        # GT-OUT-05: in team play each member's final credits are the team's
        final_credits={p.id: state.accounts.get(p.id, p.credits) for p in state.players},
        ranking=list(state.standing),
        tie_breaks=state.tie_breaks,
        order=list(state.standing),
        **teams,
    )


def flight(state: GameState, chance: Chance, emit: Emit):
    """GT-FLT-01: a checkpoint before every card, until the deck is done or
    nobody flies."""
    while True:
        final = state.card_index >= len(state.deck)
        yield from checkpoint(state, emit, final)
        if not in_flight(state) or final:
            emit("flight_ended", None, reason="deck_exhausted" if final else "nobody_in_flight")
            return
        card = CARDS[state.deck[state.card_index]]
        state.card_index += 1
        state.current_card = card.id
        emit(
            "card_revealed",
            None,
            card_index=state.card_index,
            card_id=card.id,
            type=card.type,
            params=card.params,
        )
        yield from resolve(state, chance, emit, card)
        emit("card_resolved", None, card_index=state.card_index)
