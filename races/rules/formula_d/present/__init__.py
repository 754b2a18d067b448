"""What a page shows of Formula D (the presentation contract in five parts,
races/rules/face): what the game can run, its events in words, the board,
the decision panels and the result and live tables."""

from __future__ import annotations

from ...face import Presentation
from .board import FormulaDBoard
from .capabilities import FormulaDCapabilities
from .panels import FormulaDPanels
from .tables import FormulaDTables
from .words import FormulaDWords

_CAPABILITIES = FormulaDCapabilities()

PRESENTATION = Presentation(
    game_key="formula_d",
    capabilities=_CAPABILITIES,
    words=FormulaDWords(),
    board=FormulaDBoard(),
    panels=FormulaDPanels(),
    tables=FormulaDTables(_CAPABILITIES),
)
