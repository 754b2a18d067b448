"""Heat: Pedal to the Metal, the rules engine (spec: shared/rules/heat.md).

`GAME` is what the registry loads: options, tracks, bots and `start`.
"""

from .game import HeatGame

GAME = HeatGame()

__all__ = ["GAME", "HeatGame"]
