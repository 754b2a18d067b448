"""The game registry and the game-neutral ways to run a race."""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from .contract import Action, ConfigError, Game, Race, Seat

# key -> module that exposes GAME; imported on first use so a command that
# needs one engine does not load the others.
GAME_MODULES = {
    "formula_d": "races.rules.formula_d",
    "heat": "races.rules.heat",
}
GAME_NAMES = {
    "formula_d": "Formula D",
    "heat": "Heat: Pedal to the Metal",
    "roborally": "RoboRally",
    "galaxy_trucker": "Galaxy Trucker",
}


def get_game(key: str) -> Game:
    module_name = GAME_MODULES.get(key)
    if module_name is None:
        if key in GAME_NAMES:
            raise ConfigError(f"the {GAME_NAMES[key]} engine is not available yet")
        raise ConfigError(f"unknown game {key!r}; games: {', '.join(GAME_MODULES)}")
    try:
        return importlib.import_module(module_name).GAME
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise ConfigError(f"the {GAME_NAMES[key]} engine is not available yet") from None


def available_games() -> list[str]:
    """Keys of the games whose engine is installed."""
    found = []
    for key in GAME_MODULES:
        try:
            get_game(key)
        except ConfigError:
            continue
        found.append(key)
    return found


def _as_step(step: Any) -> tuple[str, Action]:
    if isinstance(step, Mapping):
        return step["seat"], Action.from_dict(step["action"])
    seat, action = step
    return seat, action if isinstance(action, Action) else Action.from_dict(action)


def replay(
    game: Game,
    config: Mapping[str, Any],
    seats: list[Seat],
    seed: int | str,
    actions: Iterable[Any],
) -> Race:
    """Rebuild a race from its seed and its recorded actions.

    `actions` holds `(seat, Action)` pairs or `{"seat", "action"}` dicts, in
    the order they were applied.
    """
    race = game.start(config, seats, seed)
    for step in actions:
        seat, action = _as_step(step)
        race.apply(seat, action)
    return race


def bots_for(game: Game, seats: list[Seat], seed: int | str) -> dict[str, Any]:
    """One bot per seat that a bot drives (bot seats, and humans' autopilots
    when the caller passes them as bot seats)."""
    return {
        s.id: game.bot(s.bot or game.bot_names[-1], seed=seed, seat=s.id)
        for s in seats
        if s.kind == "bot"
    }


def play_bots(race: Race, bots: Mapping[str, Any]) -> list[tuple[str, Action]]:
    """Let the bots answer every pending decision that is theirs.

    Stops when the race is over or waits only for seats without a bot; returns
    the actions applied, in order, so the caller can store them for replay.
    """
    applied: list[tuple[str, Action]] = []
    while True:
        decision = next((d for d in race.pending if d.seat in bots), None)
        if decision is None:
            return applied
        action = bots[decision.seat].choose(race.view(decision.seat), decision)
        race.apply(decision.seat, action)
        applied.append((decision.seat, action))


def run_bot_race(
    game: Game, config: Mapping[str, Any], seats: list[Seat], seed: int | str
) -> tuple[Race, list[tuple[str, Action]]]:
    """Start a race whose every seat is a bot and play it to the end."""
    race = game.start(config, seats, seed)
    actions = play_bots(race, bots_for(game, seats, seed))
    if not race.finished:
        waiting = ", ".join(sorted({d.seat for d in race.pending}))
        raise ConfigError(f"the race waits for seats without a bot: {waiting}")
    return race, actions
