"""What a game shows (DESIGN.md, "What a game shows"), in five small parts.

Pages know no game: the replay, the live table, the results, the forms and
the exports read a game's `Presentation`, whose parts each answer one
question: what can the game run (`capabilities`), how are its events said
(`words`), what does the board look like (`board`), how does a person decide
(`panels`), and what do the results and the live table list (`tables`).
Each game's `present/` package has one module per part. No Django.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .capabilities import GameCapabilities
from .panels import Panels
from .tables import Tables
from .words import Words


@dataclass(frozen=True)
class Presentation:
    game_key: str
    capabilities: GameCapabilities
    words: Words
    board: Board
    panels: Panels
    tables: Tables
