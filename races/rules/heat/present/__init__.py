"""What a page shows of Heat: the presentation contract in its five parts
(races/rules/face): capabilities, words, board, panels and tables."""

from __future__ import annotations

from ...face import Presentation
from .board import HeatBoard
from .capabilities import HeatCapabilities
from .panels import HeatPanels
from .tables import HeatTables
from .words import HeatWords

_CAPABILITIES = HeatCapabilities()

PRESENTATION = Presentation(
    game_key="heat",
    capabilities=_CAPABILITIES,
    words=HeatWords(),
    board=HeatBoard(),
    panels=HeatPanels(),
    tables=HeatTables(_CAPABILITIES),
)
