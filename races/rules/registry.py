"""The game registry and the game-neutral ways to run a race."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .contract import Action, ConfigError, Game, Race, Seat
from .face import Presentation

# key -> package whose `GAME` is the game and whose `present.PRESENTATION`
# is what pages show of it; imported on first use, so a command that needs
# one engine does not load the others.
GAME_MODULES = {
    "formula_d": "races.rules.formula_d",
    "heat": "races.rules.heat",
    "roborally": "races.rules.roborally",
    "galaxy_trucker": "races.rules.galaxy_trucker",
}
GAME_NAMES = {
    "formula_d": "Formula D",
    "heat": "Heat: Pedal to the Metal",
    "roborally": "RoboRally",
    "galaxy_trucker": "Galaxy Trucker",
}
# Games registered at run time (`register`), e.g. by a module named in the
# PADDOCK_GAME_PLUGINS environment variable (comma-separated module names),
# which every process of a deployment (web, workers) imports alike.
_REGISTERED: dict[str, tuple[Game, Presentation]] = {}
_plugins_loaded = False


def register(game: Game, presentation: Presentation, *, name: str | None = None) -> None:
    """Add a game to the registry: a package outside races/rules (a plugin,
    a test's toy game) plugs in with no other change."""
    _REGISTERED[game.key] = (game, presentation)
    GAME_NAMES[game.key] = name or game.name


def _load_plugins() -> None:
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for module in filter(None, os.environ.get("PADDOCK_GAME_PLUGINS", "").split(",")):
        importlib.import_module(module.strip())


def _package(key: str):
    module_name = GAME_MODULES.get(key)
    if module_name is None:
        known = ", ".join([*GAME_MODULES, *_REGISTERED])
        raise ConfigError(f"unknown game {key!r}; games: {known}")
    return importlib.import_module(module_name)


def get_game(key: str) -> Game:
    _load_plugins()
    if key in _REGISTERED:
        return _REGISTERED[key][0]
    return _package(key).GAME


def get_presentation(key: str) -> Presentation:
    """What pages show of the game (races/rules/face)."""
    _load_plugins()
    if key in _REGISTERED:
        return _REGISTERED[key][1]
    _package(key)
    return importlib.import_module(GAME_MODULES[key] + ".present").PRESENTATION


def available_games() -> list[str]:
    """Keys of the games whose engine is installed, registered ones last."""
    _load_plugins()
    return [*GAME_MODULES, *(key for key in _REGISTERED if key not in GAME_MODULES)]


def game_choices() -> list[tuple[str, str]]:
    """(key, name) of every game a season can be played in."""
    return [(key, GAME_NAMES.get(key, key)) for key in available_games()]


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


def play_bots(
    race: Race,
    bots: Mapping[str, Any],
    on_step: Callable[[Race, str, Action], None] | None = None,
    limit: int | None = None,
) -> list[tuple[str, Action]]:
    """Let the bots answer every pending decision that is theirs: the one
    bot loop, for the engines' own races and the site's sessions alike.

    Stops when the race is over, waits only for seats without a bot, or has
    made `limit` decisions; returns the actions applied, in order, so the
    caller can store them for replay. `on_step(race, seat, action)` is told
    of each decision once it is applied (the site stores it and shows it).
    """
    applied: list[tuple[str, Action]] = []
    while limit is None or len(applied) < limit:
        # The first pending decision a bot answers, found by a plain loop: a generator made
        # for it at every decision (some 500 a Heat race) cost more than the search itself.
        for decision in race.pending:
            if decision.seat in bots:
                break
        else:  # none: the race is over or waits for seats without a bot
            break
        seat = decision.seat
        action = bots[seat].choose(race.view(seat), decision)
        race.apply(seat, action)
        applied.append((seat, action))
        if on_step is not None:
            on_step(race, seat, action)
    return applied


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
