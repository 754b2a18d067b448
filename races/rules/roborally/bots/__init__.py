"""RoboRally bots (RR-BOT-01..08): `rookie` plays a random legal program,
`greedy` (also `pro`) searches its hand against a model of its own robot."""

from .greedy import Greedy
from .rookie import Rookie

BOTS = {"rookie": Rookie, "greedy": Greedy, "pro": Greedy}

__all__ = ["BOTS", "Greedy", "Rookie"]
