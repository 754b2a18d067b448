"""Galaxy Trucker (GT-…): building ships tile by tile, three flights of
adventure cards, credits. Pure Python, no Django."""

from .game import GalaxyTruckerGame

GAME = GalaxyTruckerGame()

__all__ = ["GAME"]
