"""RoboRally (classic, 1994): robots race to touch the flags in order
(rules: ../shared/rules/roborally.md, IDs RR-…)."""

from .game import RoboRallyGame

GAME = RoboRallyGame()

__all__ = ["GAME"]
