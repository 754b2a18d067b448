"""Legends: cars driven by the Legend cards (HEAT-LEGEND-01..08).

A Legend only moves (HEAT-LEGEND-03): no cards, no Heat, no slipstream, no spin-out.
"""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING

from ..state import Car
from .track import DATA
from .turn import move

if TYPE_CHECKING:
    from ..race import HeatRace

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


class LegendDeck:
    """The face-down Legend deck and the revealed cards (HEAT-LEGEND-01, HEAT-LEGEND-02)."""

    def __init__(self, race: HeatRace) -> None:
        self.deck, counter = race.chance.shuffle("legend_deck", legend_cards())
        self.revealed: list[str] = []
        self.round_card: tuple[int, str] | None = None
        race.emit(
            "deck_shuffled",
            None,
            pile="legend_deck",
            stream="legend_deck",
            counter=counter,
            order=list(self.deck),
        )

    def card_for(self, race: HeatRace) -> str:
        """The card of this round: revealed when the first Legend starts its turn."""
        if self.round_card and self.round_card[0] == race.round:
            return self.round_card[1]
        if not self.deck:
            self.deck, counter = race.chance.shuffle("legend_deck", self.revealed)
            self.revealed = []
            race.emit(
                "deck_shuffled",
                None,
                pile="legend_deck",
                stream="legend_deck",
                counter=counter,
                order=list(self.deck),
            )
        code = self.deck.pop(0)
        self.revealed.append(code)
        self.round_card = (race.round, code)
        race.emit("legend_card_revealed", None, card=code)
        return code


def legend_target(race: HeatRace, car: Car, helmet: int, diamond: int) -> int:
    """Where the Legend aims this turn (HEAT-LEGEND-04, -05, -07); placement follows."""
    track = race.track
    finish = race.board.finish
    p = car.p
    corner, q = track.next_line(p)
    countdown = q - p - 1
    if countdown <= corner.legend_threshold:
        # Case A: clear the corner at its limit plus the diamond value.
        target = p + race.limit(corner) + diamond
        _, q2 = track.next_line(q)
        if race.heavy_rain and p % track.length in track.aggressive and q2 < finish:
            _, q2 = track.next_line(q2)  # HEAT-RAIN-08: one more line from a ∧ space
        if q2 < finish and target >= q2:
            target = q2 - 1  # never two corner lines in one turn
        return target
    reach = helmet + race.legend_bonus
    if reach > countdown and q < finish:
        # Case B: stop on the diamond space before the corner, if it is ahead.
        return max(p, q - 1 - diamond)
    return p + reach


def legend_turn(race: HeatRace, car: Car) -> None:
    code = race.legend_deck.card_for(race)
    values = legend_cards()[code]
    helmet, diamond = values[BORROWED_COLOUR.get(car.colour, car.colour)]
    target = legend_target(race, car, helmet, diamond)
    car.speed = target - car.p
    move(race, car, target - car.p, "legend")
