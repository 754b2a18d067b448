"""Program cards' names in the reader's language (RR-DECK-01): the names the
rule documents give them (seed 004 for Traditional Chinese, the glossary,
locale/glossary, for every language), each card said with its priority on
one line."""

from __future__ import annotations

from typing import Any

from ...speech import N_, word_for
from ..rules.cards import BACK_UP, KIND, MOVE_1, MOVE_2, MOVE_3, ROTATE_LEFT, ROTATE_RIGHT, U_TURN

CARD_NAMES = {
    MOVE_1: N_("Move 1"),
    MOVE_2: N_("Move 2"),
    MOVE_3: N_("Move 3"),
    BACK_UP: N_("Back Up"),
    ROTATE_RIGHT: N_("Turn Right"),
    ROTATE_LEFT: N_("Turn Left"),
    U_TURN: N_("U-Turn"),
}


def kind_name(kind: str) -> str:
    """A card kind's name, translated."""
    return word_for(CARD_NAMES, kind)


def card_name(priority: Any) -> str:
    """The name of the card with this priority, translated."""
    return kind_name(KIND[int(priority)])
