"""What a page shows of RoboRally (DESIGN.md, "What a game shows"), in the
five parts of races/rules/face: what it runs (capabilities.py), its events
in words (words.py, sentences.py), the factory floor with the robots
(board.py, floor.py), the decision panels (panels.py) and the results and
live tables (tables.py)."""

from __future__ import annotations

from ...face import Presentation
from .board import RoboRallyBoard
from .capabilities import RoboRallyCapabilities
from .panels import RoboRallyPanels
from .tables import RoboRallyTables
from .words import RoboRallyWords

_CAPABILITIES = RoboRallyCapabilities()

PRESENTATION = Presentation(
    game_key="roborally",
    capabilities=_CAPABILITIES,
    words=RoboRallyWords(),
    board=RoboRallyBoard(),
    panels=RoboRallyPanels(),
    tables=RoboRallyTables(_CAPABILITIES),
)

__all__ = ["PRESENTATION"]
