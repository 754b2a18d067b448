"""What a page shows of Galaxy Trucker (DESIGN.md, "What a game shows"), in
the five parts of races/rules/face: what it runs (capabilities.py), its
events in words (words.py, sentences.py), the flight loop and the ships
(board.py), the decision panels (panels.py) and the results and live
tables (tables.py)."""

from __future__ import annotations

from ...face import Presentation
from .board import GalaxyTruckerBoard
from .capabilities import GalaxyTruckerCapabilities
from .panels import GalaxyTruckerPanels
from .tables import GalaxyTruckerTables
from .words import GalaxyTruckerWords

_CAPABILITIES = GalaxyTruckerCapabilities()
_BOARD = GalaxyTruckerBoard()

PRESENTATION = Presentation(
    game_key="galaxy_trucker",
    capabilities=_CAPABILITIES,
    words=GalaxyTruckerWords(),
    board=_BOARD,
    panels=GalaxyTruckerPanels(),
    tables=GalaxyTruckerTables(_CAPABILITIES, _BOARD),
)

__all__ = ["PRESENTATION"]
