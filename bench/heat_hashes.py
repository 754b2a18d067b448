"""Log hashes of a fixed set of recorded Heat races (no Django).

    python bench/heat_hashes.py --record FILE   record the hashes
    python bench/heat_hashes.py --check FILE    compare with a recorded file

A change to the engine's shape must keep every race byte-identical: record the hashes
before the change, check after it. The races cover all six tracks, 2 to 7 cars, the three
bot kinds, and every option the command line offers (weather, the Garage drafted or dealt
and its upgrade pools, tournament mode, Legends and their bonus, championship races with
carried-over upgrades and a fixed grid, every season race of 1961-1964 and a custom season,
Heavy Rain, hand size, the slipstream alternative, laps and the stall guard).

Each race has two hashes: `log`, the sha256 of its event log as `run_bot_race` plays it,
and `trace`, the sha256 of everything a page or a bot reads on the way (at every decision:
the pending decisions, the deciding seat's view, its legal actions and two validations; at
the end every seat's view and the result). The last line is one JSON object: races,
mismatches (must be 0 on --check), CPU seconds.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.recorded_hashes import record_or_check  # noqa: E402
from races.rules import Action, Seat, get_game, log_hash, run_bot_race  # noqa: E402
from races.rules.registry import bots_for  # noqa: E402

GAME = get_game("heat")
PRO6 = ("pro",) * 6
CARRY = {
    "car1": {"upgrades": ["up.B01.1", "up.B05.2"], "sponsorships": ["sp.SP80.1"]},
    "car2": {"upgrades": ["up.B03.1"]},
}
# name -> (config, bots one per seat, seeds)
CONFIGS: dict[str, tuple[dict, tuple[str, ...], tuple]] = {
    "usa_pro6": ({"track": "usa"}, PRO6, (1, 2, 3)),
    "italy_duel": ({"track": "italy"}, ("rookie", "pro"), (1, 2)),
    "gbr_rookies": ({"track": "gbr", "laps": 1}, ("rookie",) * 5, (4,)),
    "france_mixed": ({"track": "france"}, ("pro", "rookie", "pro", "rookie"), (5, "s")),
    "japan_weather": ({"track": "japan", "weather": True}, ("pro", "rookie", "pro"), (1, 2)),
    "mexico_weather6": ({"track": "mexico", "weather": True}, ("pro", "rookie") * 3, (3,)),
    "legends": (
        {"track": "gbr", "legends": True},
        ("pro", "rookie", "legend", "legend"),
        (1, 2),
    ),
    "legends_bonus": (
        {"track": "mexico", "legend_bonus": 2, "weather": True},
        ("pro", "legend", "rookie", "legend", "legend", "legend"),
        (3,),
    ),
    "legends_heavy_rain": (
        {"track": "japan", "heavy_rain": True},
        ("pro", "legend", "legend", "rookie"),
        (4,),
    ),
    "garage_draft": (
        {"track": "france", "garage": True, "upgrade_pool": "basic_and_advanced"},
        ("pro", "rookie", "pro", "rookie", "pro"),
        (1, 2),
    ),
    "garage_dealt_advanced": (
        {"track": "italy", "garage": True, "garage_draft": False, "upgrade_pool": "advanced"},
        ("rookie", "pro", "pro"),
        (3, 4),
    ),
    "garage_weather_legends": (
        {"track": "usa", "garage": True, "weather": True},
        ("pro", "legend", "rookie", "legend"),
        (5,),
    ),
    "garage_heavy_rain7": (
        {"track": "mexico", "garage": True, "heavy_rain": True, "upgrade_pool": "advanced"},
        ("pro",) * 4 + ("rookie",) * 3,
        (6,),
    ),
    "tournament": ({"track": "usa", "tournament": True}, ("pro", "rookie", "pro", "rookie"), (1,)),
    "tournament_garage_weather": (
        {"track": "gbr", "tournament": True, "garage": True, "weather": True},
        ("pro", "rookie", "pro"),
        (2,),
    ),
    "championship_carry": (
        {"track": "italy", "championship": True, "grid": ["car3", "car1", "car2"]},
        ("pro", "rookie", "pro"),
        (1, 2),
    ),
    "championship_legends": (
        {"track": "france", "championship": True, "upgrade_pool": "basic_and_advanced"},
        ("pro", "legend", "pro", "legend"),
        (3,),
    ),
    "hand8_any_spot": (
        {"track": "japan", "hand_size": 8, "slipstream_any_spot_ahead": True},
        ("pro", "rookie", "pro", "rookie"),
        (1, 2),
    ),
    "stall_guard": ({"track": "usa", "max_rounds": 4}, ("pro", "rookie", "legend"), (1,)),
    "long_race": ({"track": "gbr", "laps": 3, "weather": True}, ("pro", "pro"), (7,)),
}
for _season, _races in (("1961", 3), ("1962", 3), ("1963", 4), ("1964", 4)):
    for _n in range(1, _races + 1):
        CONFIGS[f"season{_season}_{_n}"] = (
            {"season": _season, "season_race": _n},
            ("pro", "rookie", "pro", "rookie", "pro")[: 2 + _n],
            (_n,),
        )
for _n in (1, 2):
    CONFIGS[f"season_custom_{_n}"] = (
        {"season": "custom", "season_race": _n, "season_seed": "ours", "heavy_rain": _n == 2},
        ("pro", "legend", "rookie"),
        (_n,),
    )
CARRIED = {"championship_carry", "season1962_2"}


def seats_of(name: str) -> list[Seat]:
    _, bots, _ = CONFIGS[name]
    return [
        Seat(
            f"car{i + 1}",
            f"Car {i + 1}",
            "bot",
            bot,
            setup={"carry_in": CARRY[f"car{i + 1}"]}
            if name in CARRIED and f"car{i + 1}" in CARRY
            else {},
        )
        for i, bot in enumerate(bots)
    ]


def _dump(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr)


def traced(name: str, seed) -> tuple[str, str]:
    """Play the race as `play_bots` does, hashing all a page or a bot reads on the way."""
    config, _, _ = CONFIGS[name]
    seats = seats_of(name)
    race = GAME.start(config, seats, seed)
    bots = bots_for(GAME, seats, seed)
    trace = hashlib.sha256()
    while True:
        pending = race.pending
        decision = next((d for d in pending if d.seat in bots), None)
        if decision is None:
            break
        seat = decision.seat
        view = race.view(seat)
        action = bots[seat].choose(view, decision)
        trace.update(_dump([d.to_dict() for d in pending]).encode())
        trace.update(_dump(view).encode())
        trace.update(_dump([a.to_dict() for a in race.legal_actions(seat)]).encode())
        checks = [race.validate(seat, action), race.validate(seat, Action("x"))]
        trace.update(_dump(checks).encode())
        race.apply(seat, action)
    for seat in [None, *(s.id for s in seats)]:
        trace.update(_dump(race.view(seat)).encode())
    trace.update(_dump(race.result().to_dict()).encode())
    trace.update(_dump(race.validate("car1", Action("x"))).encode())
    return log_hash(race.events), trace.hexdigest()


def race_hashes(name: str, seed) -> dict[str, str]:
    config, _, _ = CONFIGS[name]
    race, _ = run_bot_race(GAME, config, seats_of(name), seed)
    log = log_hash(race.events)
    traced_log, trace = traced(name, seed)
    if traced_log != log:
        raise SystemExit(f"{name}/{seed}: the traced race differs from run_bot_race")
    return {"log": log, "trace": trace, "events": len(race.events)}


def main() -> None:
    record_or_check(
        lambda: {
            f"{name}/{seed}": race_hashes(name, seed)
            for name in CONFIGS
            for seed in CONFIGS[name][2]
        }
    )


if __name__ == "__main__":
    main()
