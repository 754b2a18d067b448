"""Legends: cars driven by the Legend cards (HEAT-LEGEND-01..08).

A Legend only moves (HEAT-LEGEND-03): no cards, no Heat, no slipstream, no spin-out.
"""

from __future__ import annotations

import json
from functools import cache

from ..chance import Chance
from ..state import Car, Emit, LegendDeck, RaceState
from .movement import move
from .track import DATA

# [BGA] LegendCards.php: colours beyond the six printed on the cards borrow a printed one.
BORROWED_COLOUR = {"orange": "black", "purple": "blue", "white": "green"}


@cache
def legend_cards() -> dict[str, dict[str, tuple[int, int]]]:
    """Card code -> colour -> (helmet, diamond)."""
    with open(DATA / "cards.json", encoding="utf-8") as handle:
        records = json.load(handle)["legend_cards"]["cards"]
    return {
        r["code"]: {colour: (v["helmet"], v["diamond"]) for colour, v in r["cars"].items()}
        for r in records
    }


def new_legend_deck(chance: Chance, emit: Emit) -> LegendDeck:
    """The face-down Legend deck (HEAT-LEGEND-01)."""
    deck, counter = chance.shuffle("legend_deck", legend_cards())
    emit(
        "deck_shuffled",
        None,
        pile="legend_deck",
        stream="legend_deck",
        counter=counter,
        order=list(deck),
    )
    return LegendDeck(deck)


def legend_card(s: RaceState, chance: Chance, emit: Emit) -> str:
    """The card of this round: revealed when the first Legend starts its turn (HEAT-LEGEND-02)."""
    legends = s.legend_deck
    if legends.round_card and legends.round_card[0] == s.round:
        return legends.round_card[1]
    if not legends.deck:
        legends.deck, counter = chance.shuffle("legend_deck", legends.revealed)
        legends.revealed = []
        emit(
            "deck_shuffled",
            None,
            pile="legend_deck",
            stream="legend_deck",
            counter=counter,
            order=list(legends.deck),
        )
    code = legends.deck.pop(0)
    legends.revealed.append(code)
    legends.round_card = (s.round, code)
    emit("legend_card_revealed", None, card=code)
    return code


def legend_target(s: RaceState, car: Car, helmet: int, diamond: int) -> int:
    """Where the Legend aims this turn (HEAT-LEGEND-04, -05, -07); placement follows."""
    track = s.track
    finish = s.board.finish
    p = car.p
    corner, q = track.next_line(p)
    countdown = q - p - 1
    if countdown <= corner.legend_threshold:
        # Case A: clear the corner at its limit plus the diamond value.
        target = p + s.limit(corner) + diamond
        _, q2 = track.next_line(q)
        if s.heavy_rain and p % track.length in track.aggressive and q2 < finish:
            _, q2 = track.next_line(q2)  # HEAT-RAIN-08: one more line from a ∧ space
        if q2 < finish and target >= q2:
            target = q2 - 1  # never two corner lines in one turn
        return target
    reach = helmet + s.legend_bonus
    if reach > countdown and q < finish:
        # Case B: stop on the diamond space before the corner, if it is ahead.
        return max(p, q - 1 - diamond)
    return p + reach


def legend_turn(s: RaceState, chance: Chance, emit: Emit, car: Car) -> None:
    code = legend_card(s, chance, emit)
    values = legend_cards()[code]
    helmet, diamond = values[BORROWED_COLOUR.get(car.colour, car.colour)]
    target = legend_target(s, car, helmet, diamond)
    car.speed = target - car.p
    move(s, chance, emit, car, target - car.p, "legend")
