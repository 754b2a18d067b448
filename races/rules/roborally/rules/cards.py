"""The 84 program cards and their priorities (RR-DECK-01..03, FACT [F1])."""

from __future__ import annotations

MOVE_1, MOVE_2, MOVE_3 = "MOVE_1", "MOVE_2", "MOVE_3"
BACK_UP = "BACK_UP"
ROTATE_RIGHT, ROTATE_LEFT, U_TURN = "ROTATE_RIGHT", "ROTATE_LEFT", "U_TURN"
# RR-BOT-05's tie order of kinds.
KIND_ORDER = (MOVE_3, MOVE_2, MOVE_1, BACK_UP, ROTATE_RIGHT, ROTATE_LEFT, U_TURN)
# squares moved forward (negative: backwards) and quarter turns clockwise
STEPS = {MOVE_1: 1, MOVE_2: 2, MOVE_3: 3, BACK_UP: -1}
TURNS = {ROTATE_RIGHT: 1, ROTATE_LEFT: 3, U_TURN: 2}
KIND_WORDS = {
    MOVE_1: "Move 1",
    MOVE_2: "Move 2",
    MOVE_3: "Move 3",
    BACK_UP: "Back Up",
    ROTATE_RIGHT: "Turn Right",
    ROTATE_LEFT: "Turn Left",
    U_TURN: "U-Turn",
}


def kind_of(priority: int) -> str:
    """A card's kind from its priority (RR-DECK-01, RR-DECK-02)."""
    if priority <= 60:
        return U_TURN
    if priority <= 420:
        return ROTATE_LEFT if (priority // 10) % 2 == 1 else ROTATE_RIGHT
    if priority <= 480:
        return BACK_UP
    if priority <= 660:
        return MOVE_1
    if priority <= 780:
        return MOVE_2
    return MOVE_3


ALL_CARDS = tuple(range(10, 850, 10))  # canonical order: ascending priority (RR-DECK-02)
KIND = {card: kind_of(card) for card in ALL_CARDS}


def card_words(card: int) -> str:
    return f"{KIND_WORDS[KIND[card]]} ({card})"


def cards_in(entry) -> list[int]:
    """The cards a register holds: none, one, or the two of a shared
    register (Crab Legs, Dual Processor; RR-OPT-09)."""
    if entry is None:
        return []
    return list(entry) if isinstance(entry, (list, tuple)) else [entry]


def priority_of(entry) -> int | None:
    """A register's priority: its card's, or the movement card's of a
    shared register (RR-OPT-08 #6, #8)."""
    cards = cards_in(entry)
    return cards[0] if cards else None
