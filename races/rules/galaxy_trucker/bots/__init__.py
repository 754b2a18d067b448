"""Galaxy Trucker bots: `rookie` is BasicBot (GT-BOT-02/03), `random` is
RandomBot (GT-BOT-04), `pro` builds and flies for expected credits."""

from .basic import BasicBot
from .pro import ProBot
from .random_bot import RandomBot

BOTS = {"random": RandomBot, "rookie": BasicBot, "pro": ProBot}

__all__ = ["BOTS", "BasicBot", "ProBot", "RandomBot"]
