"""Paddock's rules engines: pure Python, deterministic from a seed, no Django.

from races.rules import get_game, Seat
game = get_game("formula_d")
race = game.start({"track": "paddock_ring"}, seats, seed=7)
"""

from .contract import (
    Action,
    Bot,
    ConfigError,
    Decision,
    Event,
    Game,
    IllegalAction,
    Placing,
    Race,
    RaceResult,
    Seat,
    TableTimer,
)
from .log import canonical_log, log_hash
from .options import Option, OptionSchema
from .registry import (
    GAME_NAMES,
    available_games,
    bots_for,
    game_choices,
    get_game,
    get_presentation,
    play_bots,
    register,
    replay,
    run_bot_race,
)

__all__ = [
    "Action",
    "Bot",
    "ConfigError",
    "Decision",
    "Event",
    "GAME_NAMES",
    "Game",
    "IllegalAction",
    "Option",
    "OptionSchema",
    "Placing",
    "Race",
    "RaceResult",
    "Seat",
    "TableTimer",
    "available_games",
    "bots_for",
    "game_choices",
    "get_presentation",
    "register",
    "canonical_log",
    "get_game",
    "log_hash",
    "play_bots",
    "replay",
    "run_bot_race",
]
