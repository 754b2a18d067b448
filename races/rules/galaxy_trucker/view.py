"""What one seat sees of a game (GT-API-05): the table as everybody sees it,
every ship and rocket, and the seat's own secrets (the stacks it peeked
at) and the decision it is asked now. A spectator (seat None) sees no
secret."""

from __future__ import annotations

from .rules.cards import CARDS
from .state import Ask, GameState, Player


def seat_view(
    state: GameState, seat: str | None, *, seq: int, ask: Ask | None, public: dict[str, dict]
) -> dict:
    """The view of `seat` after `seq` events, `ask` being its open decision;
    `public` keeps each seat's public picture between two events."""
    me = state.by_id.get(seat) if seat else None
    return {
        "game": "galaxy_trucker",
        "seq": seq,
        "round": state.round,
        "rounds": list(state.config["rounds"]),
        "phase": state.phase,
        "tick": state.tick,
        "hourglass": dict(state.hourglass),
        "face_down_count": len(state.face_down),
        "face_up": list(state.face_up),
        "tokens_left": list(state.tokens_left),
        "card_index": state.card_index,
        "cards_in_deck": len(state.deck),
        "current_card": state.current_card,
        "supply": dict(state.supply),
        "open_stacks": [list(s) for s in state.stacks]
        if state.config["open_stacks"] and state.phase not in ("build", "setup")
        else None,
        "cars": public_players(state, public),
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


def public_players(state: GameState, public: dict[str, dict]) -> list[dict]:
    """Every ship and rocket as everybody sees them; worked out once per
    event (several decisions may be asked between two events): `public` is
    emptied of a seat's picture whenever an event changes it."""
    for p in state.players:
        if p.id not in public:
            public[p.id] = public_player(p)
    return [public[p.id] for p in state.players]


def public_player(p: Player) -> dict:
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
