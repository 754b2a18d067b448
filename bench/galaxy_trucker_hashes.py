"""Log hashes of a fixed set of recorded Galaxy Trucker games (no Django).

    python bench/galaxy_trucker_hashes.py --record FILE   record the hashes
    python bench/galaxy_trucker_hashes.py --check FILE   compare with a recorded file

A change that only moves code must keep every game byte-identical: record the
hashes before the change, check after it. The games cover 2 to 4 players,
rookie, pro and random bots and their mixes, both tracks the command line
offers (standard, standard_iiia), short games (laps), team play on and off
(with expert teams), simultaneous building and the rule choices of GT-AMB.

Each game gives two hashes: `log`, the sha256 of its canonical event log, and
`surface`, a sha256 of what a seat meets on the way (every pending decision
with its legal actions, the deciding seat's view, a spectator's view at the
end, and the result), so a move of the view or the result is checked too.
The last line is one JSON object: games, mismatches (must be 0 on --check),
CPU seconds.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.recorded_hashes import record_or_check  # noqa: E402
from races.rules import Action, Seat, get_game, log_hash  # noqa: E402
from races.rules.registry import bots_for  # noqa: E402

GAME = get_game("galaxy_trucker")
# name: (config, bots cycled over the seats, players, team play)
CONFIGS = {
    "rookies_4": ({}, ("rookie",), 4, False),
    "pros_4": ({"track": "standard"}, ("pro",), 4, False),
    "pro_rookie_2": ({}, ("pro", "rookie"), 2, False),
    "random_rookie_3": ({}, ("random", "rookie", "random"), 3, False),
    "iiia_mixed_3": ({"track": "standard_iiia"}, ("pro", "random", "rookie"), 3, False),
    "short_pro_2": ({"laps": 1, "ticks_per_run": 4}, ("pro",), 2, False),
    "simultaneous_4": ({"build_mode": "simultaneous", "laps": 2}, ("rookie", "pro"), 4, False),
    "teams_4": ({"team_race": True}, ("pro", "rookie"), 4, True),
    "expert_teams_iiia_4": (
        {"track": "standard_iiia", "team_race": True, "expert_teams": True},
        ("rookie", "pro", "random", "pro"),
        4,
        True,
    ),
    "ambiguities_3": (
        {
            "strict_build": True,
            "start_spacing": "published",
            "movement": "slide",
            "epidemic_mode": "per_pair",
            "shield_scope": "line",
            "no_crew_rule": "no_humans",
            "token_pick": "any",
            "half_sale_rounding": "down",
        },
        ("pro", "rookie", "random"),
        3,
        False,
    ),
    "open_stacks_infinite_4": (
        {"open_stacks": True, "finite_goods": False, "penalty_caps": False, "laps": 2},
        ("rookie", "random"),
        4,
        False,
    ),
}
SEEDS = (1, 2, 3, "gt-4")


def _plain(value):
    if isinstance(value, Action):
        return value.to_dict()
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"cannot hash {type(value).__name__}")


def _line(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=_plain).encode()


def game_hashes(name: str, seed) -> dict[str, str]:
    config, bots, players, teams = CONFIGS[name]
    seats = [
        Seat(
            f"car{i + 1}",
            f"Car {i + 1}",
            kind="bot",
            bot=bots[i % len(bots)],
            team=f"Team {i // 2 + 1}" if teams else None,
        )
        for i in range(players)
    ]
    race = GAME.start(config, seats, seed)
    drivers = bots_for(GAME, seats, seed)
    surface = hashlib.sha256()
    while not race.finished:
        pending = race.pending
        decision = pending[0]
        view = race.view(decision.seat)
        surface.update(_line([[d.__dict__ for d in pending], view]))
        surface.update(_line(race.legal_actions(decision.seat)))
        action = drivers[decision.seat].choose(view, decision)
        surface.update(_line([race.validate(decision.seat, action), action]))
        race.apply(decision.seat, action)
    surface.update(_line(race.view(None)))
    surface.update(_line(race.result().to_dict()))
    return {"log": log_hash(race.events), "surface": surface.hexdigest()}


def main() -> None:
    record_or_check(
        lambda: {f"{name}/{seed}": game_hashes(name, seed) for name in CONFIGS for seed in SEEDS},
        "games",
    )


if __name__ == "__main__":
    main()
